// /docs – the interactive API reference: every operation with its parameters, limits,
// examples, code samples, lifecycle badge and "try it", from the OpenAPI document
import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "API documentation" };

export default function DocsPage() {
  return (
    <>
      <PageHeader
        title="API documentation"
        description={
          <>
            Send <code>Authorization: Bearer &lt;token&gt;</code> with a token from{" "}
            <a href="/tokens">API tokens</a>, or try requests here with your signed-in session.
            Machine-readable: <a href="/api/v2/openapi.json">/api/v2/openapi.json</a> (OpenAPI 3.1).
          </>
        }
      />
      <ApiReference documentUrl="/api/v2/openapi.json" />
    </>
  );
}
