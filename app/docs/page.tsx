// /docs – the API reference: the list of its sections (the OpenAPI document's tags) and the
// first one's operations; each other section is a page of its own (/docs/<tag>).
import type { Metadata } from "next";
import { ReferencePage } from "@/app/docs/reference-page";
import { getDocsTags } from "@/lib/api/openapi-tags";

export const metadata: Metadata = { title: "API documentation" };

export default function DocsPage() {
  return <ReferencePage slug={getDocsTags()[0].slug} />;
}
