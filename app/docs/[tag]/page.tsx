// /docs/<tag> – one section of the API reference (an OpenAPI tag): its operations, shareable
// by URL, each by its anchor (/docs/inventory#GET/inventory/{country}).
import type { Metadata } from "next";
import { docsTag, ReferencePage } from "@/app/docs/reference-page";

type Props = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const tag = docsTag((await params).tag);
  return { title: tag ? `${tag.name} – API documentation` : "API documentation" };
}

export default async function DocsTagPage({ params }: Props) {
  return <ReferencePage slug={(await params).tag} />;
}
