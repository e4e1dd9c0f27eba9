// A client program over the types openapi-typescript generates from the OpenAPI document, with
// openapi-fetch: it must compile with `tsc --strict` and no cast (generated-clients.test.ts).
import createClient from "openapi-fetch";
import type { paths } from "../generated/openapi-typescript/schema";

const client = createClient<paths>({
  baseUrl: "http://localhost:3000/api/v2",
  headers: { Authorization: "Bearer npk_example" },
});

/** A JSON list: the numbers' configurations, typed as JSON. */
export async function listNumberNames(): Promise<string[]> {
  const { data, error } = await client.GET("/numbers", { params: { query: { limit: 10 } } });
  if (error) throw new Error(error.error.message);
  return data.data.map((configuration) => `${configuration.number}: ${configuration.name}`);
}

/** The CSV download, typed as text. */
export async function downloadNumbersCsv(): Promise<string> {
  const { data, error } = await client.GET("/numbers/export", {
    params: { query: { status: ["active"] } },
    parseAs: "text",
  });
  if (error) throw new Error(error.error.message);
  return data;
}

/** An order for one named number. */
export async function placeOrder(numberE164: string): Promise<string> {
  const { data, error } = await client.POST("/order", {
    params: { header: { "Idempotency-Key": `order-${numberE164}` } },
    body: { contact_name: "Ada Lovelace", items: [{ number_e164: numberE164 }] },
  });
  if (error) throw new Error(error.error.message);
  return data.data.reference_id;
}

/** A configuration change with If-Match: the ETag read back with the configuration. */
export async function renameNumber(numberId: string, name: string): Promise<string> {
  const read = await client.GET("/numbers/{number_id}", { params: { path: { number_id: numberId } } });
  if (read.error) throw new Error(read.error.error.message);
  const etag = read.response.headers.get("ETag");
  if (etag === null) throw new Error("GET /numbers/{number_id} answered no ETag");
  const { data, error } = await client.PUT("/numbers/{number_id}", {
    params: { path: { number_id: numberId }, header: { "If-Match": etag } },
    body: { name, rules: read.data.data.rules },
  });
  if (error) throw new Error(error.error.message);
  return data.data.name;
}

/** A document upload: multipart/form-data with the file and its fields. */
export async function uploadDocument(endUserId: string, file: File): Promise<string> {
  const { data, error } = await client.POST("/documents", {
    params: { header: { "Idempotency-Key": `upload-${endUserId}-${file.name}` } },
    body: { document_type_id: "proof_of_address", end_user_id: endUserId, file },
    bodySerializer(fields) {
      const form = new FormData();
      form.append("document_type_id", fields.document_type_id);
      form.append("end_user_id", fields.end_user_id);
      form.append("file", fields.file, file.name);
      return form;
    },
  });
  if (error) throw new Error(error.error.message);
  return data.data.document_id;
}

/** A document's file back, typed as the Blob it is. */
export async function downloadDocument(documentId: string): Promise<Blob> {
  const { data, error } = await client.GET("/documents/{document_id}/file", {
    params: { path: { document_id: documentId } },
    parseAs: "blob",
  });
  if (error) throw new Error(error.error.message);
  return data;
}
