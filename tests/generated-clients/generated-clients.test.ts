import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { clientsDir, generateClients, run } from "@/tests/generated-clients/generate";

// Three generators read the OpenAPI document as three kinds of client do; a small program per
// generator (programs/) lists numbers as JSON, downloads the CSV as text, places an order and
// renames a number with If-Match. It must compile under `tsc --strict` without one cast: a
// cast would hide exactly the mistyping (a CSV typed as JSON, a missing header) this catches.
// No database is involved, so the PostgreSQL run (TEST_DB=postgres) skips it.

const tsc = path.join(process.cwd(), "node_modules", ".bin", "tsc");
const programsDir = path.join(clientsDir, "programs");

/** POST /documents with a multipart body: its upload programs compile once the document declares one. */
function declaresUpload(document: Record<string, unknown>): boolean {
  const paths = document.paths as Record<string, Record<string, { requestBody?: { content?: object } }>>;
  return "multipart/form-data" in (paths["/documents"]?.post?.requestBody?.content ?? {});
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
  it("compile a program per generator (openapi-typescript, hey-api, orval) with tsc --strict", async () => {
    const document = await generateClients();
    await run(tsc, ["--strict", "--noEmit", "-p", path.join(programsDir, "tsconfig.json")]);
    const upload = path.join(programsDir, "upload", "tsconfig.json");
    if (declaresUpload(document) && existsSync(upload))
      await run(tsc, ["--strict", "--noEmit", "-p", upload]);
  }, 600_000);

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
