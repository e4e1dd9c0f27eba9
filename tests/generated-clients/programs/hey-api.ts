// A client program over the SDK @hey-api/openapi-ts generates from the OpenAPI document (its
// fetch client): it must compile with `tsc --strict` and no cast (generated-clients.test.ts).
import { client } from "../generated/hey-api/client.gen";
import {
  getDocumentsByDocumentIdFile,
  postDocuments,
  getNumbers,
  getNumbersByNumberId,
  getNumbersExport,
  postOrder,
  putNumbersByNumberId,
} from "../generated/hey-api";

client.setConfig({
  baseUrl: "http://localhost:3000/api/v2",
  headers: { Authorization: "Bearer npk_example" },
});

/** A JSON list: the numbers' configurations, typed as JSON. */
export async function listNumberNames(): Promise<string[]> {
  const { data } = await getNumbers({ query: { limit: 10 }, throwOnError: true });
  return data.data.map((configuration) => `${configuration.number}: ${configuration.name}`);
}

/** The CSV download, typed as text. */
export async function downloadNumbersCsv(): Promise<string> {
  const { data } = await getNumbersExport({ query: { status: ["active"] }, throwOnError: true });
  return data;
}

/** An order for one named number. */
export async function placeOrder(numberE164: string): Promise<string> {
  const { data } = await postOrder({
    headers: { "Idempotency-Key": `order-${numberE164}` },
    body: { contact_name: "Ada Lovelace", items: [{ number_e164: numberE164 }] },
    throwOnError: true,
  });
  return data.data.reference_id;
}

/** A configuration change with If-Match: the ETag read back with the configuration. */
export async function renameNumber(numberId: string, name: string): Promise<string> {
  const read = await getNumbersByNumberId({ path: { number_id: numberId }, throwOnError: true });
  const etag = read.response.headers.get("ETag");
  if (etag === null) throw new Error("GET /numbers/{number_id} answered no ETag");
  const { data } = await putNumbersByNumberId({
    path: { number_id: numberId },
    headers: { "If-Match": etag },
    body: { name, rules: read.data.data.rules },
    throwOnError: true,
  });
  return data.data.name;
}

/** A document upload: multipart/form-data with the file and its fields. */
export async function uploadDocument(endUserId: string, file: File): Promise<string> {
  const { data } = await postDocuments({
    headers: { "Idempotency-Key": `upload-${endUserId}-${file.name}` },
    body: { document_type_id: "proof_of_address", end_user_id: endUserId, file },
    throwOnError: true,
  });
  return data.data.document_id;
}

/** A document's file back, typed as the Blob it is. */
export async function downloadDocument(documentId: string): Promise<Blob> {
  const { data } = await getDocumentsByDocumentIdFile({
    path: { document_id: documentId },
    parseAs: "blob",
    throwOnError: true,
  });
  return data;
}
