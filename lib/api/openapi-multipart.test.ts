import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import { buildOpenApiDocument } from "@/lib/api/openapi";

// POST /documents takes a file: the document must say so (multipart/form-data, the file as binary,
// the fields it requires), or no generator, mock server or contract suite can send one.

type Operation = {
  requestBody?: { required: boolean; content: Record<string, { schema: unknown; encoding?: unknown }> };
  parameters: Array<{ name: string; in: string }>;
  responses: Record<string, { headers?: Record<string, { description?: string }> }>;
};
const document = buildOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};
const upload = document.paths["/documents"].post;

describe("POST /documents in the OpenAPI document", () => {
  it("has a required multipart/form-data requestBody: the file as binary of the three types, and the form's fields", () => {
    expect(upload.requestBody?.required).toBe(true);
    expect(Object.keys(upload.requestBody?.content ?? {})).toEqual(["multipart/form-data"]);
    const content = upload.requestBody!.content["multipart/form-data"];
    expect(content.encoding).toEqual({ file: { contentType: "application/pdf, image/png, image/jpeg" } });
    const form = document.components.schemas.DocumentUploadForm as {
      type: string;
      required: string[];
      properties: Record<string, { type?: string; format?: string }>;
    };
    expect(content.schema).toEqual({ $ref: "#/components/schemas/DocumentUploadForm" });
    expect(form.type).toBe("object");
    expect([...form.required].sort()).toEqual(["document_type_id", "end_user_id", "file"]);
    expect(Object.keys(form.properties).sort()).toEqual([
      "address_id",
      "document_type_id",
      "end_user_id",
      "expires_on",
      "file",
    ]);
    expect(form.properties.file).toMatchObject({ type: "string", format: "binary" });
  });

  it("takes an Idempotency-Key and says a 503 may mean too many uploads at once", () => {
    expect(upload.parameters).toContainEqual(
      expect.objectContaining({ name: "Idempotency-Key", in: "header" }),
    );
    expect(Object.keys(upload.responses)).toEqual(
      expect.arrayContaining(["201", "400", "409", "413", "415", "503"]),
    );
    expect(upload.responses["503"].headers?.["Retry-After"]?.description).toMatch(/uploads/);
  });

  it("lets a form with only the required fields and a file through its schema, and refuses one without the file", () => {
    const ajv = new Ajv2020({ strict: false, logger: false });
    const validate = ajv.compile(document.components.schemas.DocumentUploadForm as object);
    expect(validate({ document_type_id: "proof_of_address", end_user_id: "eu_1", file: "%PDF-1.4" })).toBe(
      true,
    );
    expect(validate({ document_type_id: "proof_of_address", end_user_id: "eu_1" })).toBe(false);
  });
});
