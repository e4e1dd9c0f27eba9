import { z } from "zod";
import { documentedAs, instantRangeMessage, isStorableInstant, timestampSchema } from "@/lib/schemas/common";
import { idParam } from "@/lib/schemas/compliance";

// Compliance documents (docs/CONTRACT.md §17): the files an organization hands in, and the
// multipart form that uploads one.

/** What a document's file may be, by its content. */
export const documentFileTypes = ["application/pdf", "image/png", "image/jpeg"] as const;

const documentSchema = z
  .object({
    document_id: z.string().describe("doc_…"),
    organization_id: z.string(),
    document_type_id: z.string(),
    end_user_id: z.string(),
    address_id: z.string().nullable(),
    expires_on: z.string().nullable().meta({ format: "date" }),
    file_name: z.string().nullable(),
    content_type: z.enum(documentFileTypes),
    size: z.number().int(),
    sha256: z.string().describe("Hex SHA-256 of the file"),
    created_at: timestampSchema(),
  })
  .meta({ id: "Document" });
export type DocumentView = z.infer<typeof documentSchema>;

export const documentParamsSchema = z.strictObject({ document_id: idParam("document_id", "doc") });
export const documentResponseSchema = z.object({ data: documentSchema }).meta({ id: "DocumentResponse" });
/** The file's bytes (application/pdf, image/png or image/jpeg), not JSON. */
export const documentFileSchema = z.unknown().meta({ id: "DocumentFile", description: "The file's bytes" });
export const documentListResponseSchema = z
  .object({ data: z.array(documentSchema) })
  .meta({ id: "DocumentListResponse" });

/** POST /documents' text fields; the file is its own part (lib/compliance/document-form.ts reads it). */
export const documentUploadFieldsSchema = z.strictObject({
  document_type_id: z
    .string("document_type_id is required")
    .regex(/^[a-z_]{1,64}$/, "document_type_id must be a document type id"),
  end_user_id: z
    .string("end_user_id is required")
    .regex(/^[A-Za-z0-9_]{1,64}$/, "end_user_id must be an end user id"),
  address_id: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, "address_id must be an address id")
    .optional(),
  expires_on: z.iso
    .date("expires_on must be a date, YYYY-MM-DD")
    .refine((value) => isStorableInstant(`${value}T00:00:00Z`), instantRangeMessage("expires_on"))
    .optional(),
});
export type DocumentUploadFields = z.output<typeof documentUploadFieldsSchema>;

/** The whole multipart form, for the OpenAPI document: the fields and one file part. */
export const documentUploadFormSchema = documentUploadFieldsSchema
  .extend({
    file: documentedAs(z.unknown(), {
      type: "string",
      format: "binary",
      description:
        "The document: PDF, PNG or JPEG by its content, at most 10 MiB (10,485,760 bytes); its name is kept as sent (UTF-8)",
    }),
  })
  .meta({ id: "DocumentUploadForm" });
