// /docs – the API reference, rendered from the OpenAPI document with each endpoint's badge
import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { ApiReference } from "@/components/docs/api-reference";
import { readOpenApiDocument } from "@/components/docs/read-document";
import { getOpenApiDocument } from "@/lib/api/openapi";
import "@/components/docs/api-reference.css";

export const metadata: Metadata = { title: "API documentation" };

export default function DocsPage() {
  const document = readOpenApiDocument(getOpenApiDocument());
  return (
    <>
      <PageHeader
        title="API documentation"
        description={
          <>
            {document.info.description} Send <code>Authorization: Bearer &lt;token&gt;</code> with a token from{" "}
            <a href="/tokens">API tokens</a>. Machine-readable: <a href="/api/v2/openapi.json">/api/v2/openapi.json</a> (OpenAPI 3.1; API version {document.info.version}).
          </>
        }
      />
      <ApiReference document={document} />
    </>
  );
}
