// What /docs and /docs/<tag> render: the page's header and one tag's reference.
import "server-only";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { DocsReference } from "@/components/docs/reference";
import { getDocsTags, getTagDocument } from "@/lib/api/openapi-tags";
import { publicOrigin } from "@/lib/api/public-url";

const FULL_DOCUMENT_URL = "/api/v2/openapi.json";

/** The tag a slug names, for the page's title; undefined for none. */
export function docsTag(slug: string) {
  return getDocsTags().find((tag) => tag.slug === slug);
}

export async function ReferencePage({ slug }: { slug: string }) {
  const served = getTagDocument(slug);
  if (!served) notFound();
  // Code samples name the API as a client reaches it (the origin the API's own links use).
  const origin = publicOrigin(
    new Request("http://localhost/docs", { headers: new Headers(await headers()) }),
  );
  const servers = (served.document.servers ?? []) as Array<{ url: string }>;
  const apiBase = new URL(servers[0]?.url ?? "/api/v2", `${origin}/`).toString().replace(/\/$/, "");
  return (
    <>
      <PageHeader
        title="API documentation"
        description={
          <>
            Send <code>Authorization: Bearer &lt;token&gt;</code> with a token from{" "}
            <a href="/tokens">API tokens</a>, or try requests here with your signed-in session.
            Machine-readable: <a href={FULL_DOCUMENT_URL}>{FULL_DOCUMENT_URL}</a> (OpenAPI 3.1).
          </>
        }
      />
      <DocsReference
        tags={getDocsTags()}
        current={slug}
        document={served.document}
        apiBase={apiBase}
        documentUrl={`/docs/${slug}/openapi.json`}
      />
    </>
  );
}
