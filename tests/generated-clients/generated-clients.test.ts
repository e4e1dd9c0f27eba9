import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { clientsDir, generateClients, run } from "@/tests/generated-clients/generate";

// Three generators read the OpenAPI document as three kinds of client do; a small program per
// generator (programs/) lists numbers as JSON, downloads the CSV as text, places an order,
// renames a number with If-Match, uploads a document as multipart/form-data and downloads its
// file. It must compile under `tsc --strict` without one cast: a cast would hide exactly the
// mistyping (a CSV typed as JSON, a file typed as a string, a missing header) this catches.
// The upload and downloads then run over a stand-in fetch, which checks what went on the wire
// and answers as the API does. No database is involved, so the PostgreSQL run skips it.

const tsc = path.join(process.cwd(), "node_modules", ".bin", "tsc");
const programsDir = path.join(clientsDir, "programs");

/** What each program exports that runs here (the rest needs answers this file does not fake). */
interface FileProgram {
  downloadNumbersCsv(): Promise<string>;
  uploadDocument(endUserId: string, file: File): Promise<string>;
  downloadDocument(documentId: string): Promise<Blob>;
}

const csv = "number,name\r\n+12125550123,Main line\r\n";
const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a]); // "%PDF-1.7\n"

/** The request a program sent, whatever form its client gave fetch (a Request, or a URL and init). */
function asRequest(input: RequestInfo | URL, init?: RequestInit): Request {
  return typeof input === "string"
    ? new Request(new URL(input, "http://localhost"), init)
    : new Request(input, init);
}

/** Answers as the API does (JSON, the CSV as text/csv, the file as application/pdf); keeps the uploads. */
async function apiStandIn(request: Request, uploads: object[]): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method === "POST" && pathname.endsWith("/documents")) {
    const form = await request.formData();
    const file = form.get("file");
    uploads.push({
      content_type: request.headers.get("Content-Type")?.split(";")[0],
      document_type_id: form.get("document_type_id"),
      end_user_id: form.get("end_user_id"),
      file:
        file instanceof File
          ? { name: file.name, bytes: [...new Uint8Array(await file.arrayBuffer())] }
          : file,
      idempotency_key: request.headers.get("Idempotency-Key"),
    });
    return Response.json({ data: { document_id: "doc_1" } }, { status: 201 });
  }
  if (pathname.endsWith("/numbers/export"))
    return new Response(csv, { headers: { "Content-Type": "text/csv; charset=utf-8" } });
  if (pathname.endsWith("/documents/doc_1/file"))
    return new Response(pdf, { headers: { "Content-Type": "application/pdf" } });
  return Response.json(
    { error: { code: "not_found", message: `no stand-in for ${pathname}` } },
    { status: 404 },
  );
}

function programFiles(dir = programsDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? programFiles(path.join(dir, entry.name))
      : entry.name.endsWith(".ts")
        ? [path.join(dir, entry.name)]
        : [],
  );
}

describe.skipIf(process.env.TEST_DB === "postgres")("clients generated from the OpenAPI document", () => {
  beforeAll(() => generateClients(), 600_000);
  afterEach(() => vi.unstubAllGlobals());

  it("compile a program per generator (openapi-typescript, hey-api, orval) with tsc --strict", async () => {
    await run(tsc, ["--strict", "--noEmit", "-p", path.join(programsDir, "tsconfig.json")]);
  }, 600_000);

  it.each(["openapi-typescript", "hey-api", "orval"])(
    "%s: uploads a file as multipart/form-data, reads the CSV as text and the file as a Blob",
    async (generator) => {
      const requests: string[] = [];
      const uploads: object[] = [];
      vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = asRequest(input, init);
        requests.push(`${request.method} ${new URL(request.url).pathname}`);
        return apiStandIn(request, uploads);
      });
      const program: FileProgram = await import(path.join(programsDir, `${generator}.ts`));
      const file = new File([pdf], "proof-of-address.pdf", { type: "application/pdf" });

      await expect(program.uploadDocument("eu_1", file)).resolves.toBe("doc_1");
      expect(uploads).toEqual([
        {
          content_type: "multipart/form-data",
          document_type_id: "proof_of_address",
          end_user_id: "eu_1",
          file: { name: "proof-of-address.pdf", bytes: [...pdf] },
          idempotency_key: "upload-eu_1-proof-of-address.pdf",
        },
      ]);
      await expect(program.downloadNumbersCsv()).resolves.toBe(csv);
      const blob = await program.downloadDocument("doc_1");
      expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([...pdf]);
      expect(requests.map((line) => line.replace("/api/v2", ""))).toEqual([
        "POST /documents",
        "GET /numbers/export",
        "GET /documents/doc_1/file",
      ]);
    },
  );

  it("cast nothing: no `as`, no non-null `!`, no `any`, no @ts- comment in the programs", () => {
    const problems = programFiles().flatMap((file) =>
      readFileSync(file, "utf8")
        // Comments may say "as"; only code counts. A block comment keeps its lines, for the numbers.
        .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ""))
        .split("\n")
        .map((line, index) => ({
          code: line.replace(/\/\/.*$/, ""),
          where: `${path.basename(file)}:${index + 1}`,
        }))
        .filter(({ code }) => /\bas\s|\w[!]\s*[.)[,;]|\bany\b|@ts-/.test(code))
        .map(({ where, code }) => `${where}: ${code.trim()}`),
    );
    expect(problems).toEqual([]);
    expect(programFiles().length).toBeGreaterThanOrEqual(3);
  });
});
