// /docs – the interactive API reference: every operation with its parameters, limits,
// examples, code samples, lifecycle badge and "try it", from the OpenAPI document
import type { Metadata } from "next";
import { preload } from "react-dom";
import { PageHeader } from "@/components/ui/page-header";
import { ApiReference } from "@/components/docs/api-reference";

export const metadata: Metadata = { title: "API documentation" };

const DOCUMENT_URL = "/api/v2/openapi.json";

export default function DocsPage() {
  // Fetched with the HTML instead of after Scalar's script has loaded and run (crossOrigin
  // "anonymous" is what the reference's own fetch uses, so the preloaded answer is reused).
  preload(DOCUMENT_URL, { as: "fetch", crossOrigin: "anonymous" });
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
      <ApiReference documentUrl={DOCUMENT_URL} />
    </>
  );
}
