// A client program over the fetch client orval generates from the OpenAPI document: it must
// compile with `tsc --strict` and no cast (generated-clients.test.ts). Orval's functions take
// a RequestInit for what the document's parameters do not carry (the token, If-Match).
import {
  getDocumentsByDocumentIdFile,
  postDocuments,
  getNumbers,
  getNumbersByNumberId,
  getNumbersExport,
  postOrder,
  putNumbersByNumberId,
} from "../generated/orval/api";

const auth = { Authorization: "Bearer npk_example" };

/** A JSON list: the numbers' configurations, typed as JSON. */
export async function listNumberNames(): Promise<string[]> {
  const answer = await getNumbers({ limit: 10 }, { headers: auth });
  if (answer.status !== 200) throw new Error(answer.data.error.message);
  return answer.data.data.map((configuration) => `${configuration.number}: ${configuration.name}`);
}

/** The CSV download, typed as text. */
export async function downloadNumbersCsv(): Promise<string> {
  const answer = await getNumbersExport({ status: ["active"] }, { headers: auth });
  if (answer.status !== 200) throw new Error(answer.data.error.message);
  return answer.data;
}

/** An order for one named number. */
export async function placeOrder(numberE164: string): Promise<string> {
  const answer = await postOrder(
    { contact_name: "Ada Lovelace", items: [{ number_e164: numberE164 }] },
    { headers: { ...auth, "Idempotency-Key": `order-${numberE164}` } },
  );
  if (answer.status !== 200) throw new Error(answer.data.error.message);
  return answer.data.data.reference_id;
}

/** A configuration change with If-Match: the ETag read back with the configuration. */
export async function renameNumber(numberId: string, name: string): Promise<string> {
  const read = await getNumbersByNumberId(numberId, { headers: auth });
  if (read.status !== 200) throw new Error(read.data.error.message);
  const etag = read.headers.get("ETag");
  if (etag === null) throw new Error("GET /numbers/{number_id} answered no ETag");
  const answer = await putNumbersByNumberId(
    numberId,
    { name, rules: read.data.data.rules },
    { headers: { ...auth, "If-Match": etag } },
  );
  if (answer.status !== 200) throw new Error(answer.data.error.message);
  return answer.data.data.name;
}

/** A document upload: multipart/form-data with the file and its fields. */
export async function uploadDocument(endUserId: string, file: File): Promise<string> {
  const answer = await postDocuments(
    { document_type_id: "proof_of_address", end_user_id: endUserId, file },
    { headers: { ...auth, "Idempotency-Key": `upload-${endUserId}-${file.name}` } },
  );
  if (answer.status !== 201) throw new Error(answer.data.error.message);
  return answer.data.data.document_id;
}

/** A document's file back, typed as the Blob it is. */
export async function downloadDocument(documentId: string): Promise<Blob> {
  const answer = await getDocumentsByDocumentIdFile(documentId, { headers: auth });
  if (answer.status !== 200) throw new Error(answer.data.error.message);
  return answer.data;
}
