import "server-only";
import { ApiError } from "@/lib/errors";
import type { DocumentType } from "@/lib/generated/prisma/client";
import { getReferenceData } from "@/lib/reference/lookups";

export type DocumentTypesById = ReadonlyMap<string, DocumentType>;

/** Every document type, by id (from the cached reference data). */
export async function loadDocumentTypes(): Promise<DocumentTypesById> {
  return (await getReferenceData()).documentTypeById;
}

/** 400 unknown_document_type naming the first id that is not a document type. */
export function assertKnownDocumentTypes(
  ids: readonly string[],
  known: DocumentTypesById,
  parameter: string,
): void {
  const unknown = ids.find((id) => !known.has(id));
  if (unknown !== undefined) {
    throw new ApiError(
      "unknown_document_type",
      `Unknown document type '${unknown}'.`,
      `${parameter}=${unknown}`,
    );
  }
}

/** The required-document objects (docs/API.md#regulatory-compliance) for a list of document type ids. */
export function requiredDocuments(ids: readonly string[], known: DocumentTypesById) {
  return ids.flatMap((id) => {
    const type = known.get(id);
    return type
      ? [{ document_type_id: type.id, name: type.name, more_information: type.moreInformation }]
      : [];
  });
}
