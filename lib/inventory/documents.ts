import { ApiError } from "@/lib/api/errors";
import { getPrisma } from "@/lib/db/client";
import type { DocumentType } from "@/lib/generated/prisma/client";

export type DocumentTypesById = ReadonlyMap<string, DocumentType>;

/** Every document type, by id. The table holds a handful of rows, so it is read whole. */
export async function loadDocumentTypes(): Promise<DocumentTypesById> {
  const prisma = await getPrisma();
  const rows = await prisma.documentType.findMany();
  return new Map(rows.map((row) => [row.id, row]));
}

/** 400 unknown_document_type naming the first id that is not a document type. */
export function assertKnownDocumentTypes(ids: readonly string[], known: DocumentTypesById, parameter: string): void {
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw new ApiError("unknown_document_type", `Unknown document type '${unknown}'.`, `${parameter}=${unknown}`);
  }
}

/** The Required document objects (spec §2.6) for a list of document type ids. */
export function requiredDocuments(ids: readonly string[], known: DocumentTypesById) {
  return ids.flatMap((id) => {
    const type = known.get(id);
    return type ? [{ document_type_id: type.id, name: type.name, more_information: type.moreInformation }] : [];
  });
}
