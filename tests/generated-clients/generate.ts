// Generates three clients from the OpenAPI document into tests/generated-clients/generated/
// (git-ignored): openapi-typescript's types (for openapi-fetch), @hey-api/openapi-ts's SDK and
// orval's fetch client. programs/ holds a small program per generator, compiled against them
// with `tsc --strict` (generated-clients.test.ts). `npx tsx tests/generated-clients/generate.ts`
// runs the generation alone, to read what a generator made of the document.
//
// Each generator is set up as its documentation says a client with file uploads and non-JSON
// answers must be: openapi-typescript types `format: binary` as `string` unless told to make it
// a Blob (its Node API's `transform`, which the CLI lacks), and orval 7's fetch client parses
// every answer as JSON unless the operation has a mutator (orval.config.ts, orval-fetch.ts).
import { spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { buildOpenApiDocument } from "@/lib/api/openapi";

export const clientsDir = path.join(process.cwd(), "tests", "generated-clients");
const generatedDir = path.join(clientsDir, "generated");
const bin = (name: string) => path.join(process.cwd(), "node_modules", ".bin", name);

/** Runs a command; rejects with its output when it fails. */
export function run(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: process.cwd(), env: { ...process.env, NO_COLOR: "1" } });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", reject);
    child.on("close", (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${path.basename(command)} ${args.join(" ")} exited with ${code}:\n${output}`)),
    );
  });
}

/** openapi-typescript's types, with a file (`format: binary`) typed as the Blob a FormData takes. */
async function writeOpenApiTypescript(documentFile: string, file: string): Promise<void> {
  const blob = ts.factory.createTypeReferenceNode(ts.factory.createIdentifier("Blob"));
  const nodes = await openapiTS(pathToFileURL(documentFile), {
    transform: (schema) => ("format" in schema && schema.format === "binary" ? blob : undefined),
  });
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, astToString(nodes));
}

/** The document as the server serves it, then each generator's client from it. */
export async function generateClients(): Promise<Record<string, unknown>> {
  const document = buildOpenApiDocument();
  rmSync(generatedDir, { recursive: true, force: true });
  mkdirSync(generatedDir, { recursive: true });
  const documentFile = path.join(generatedDir, "openapi.json");
  writeFileSync(documentFile, JSON.stringify(document, null, 2));
  const out = (name: string) => path.join(generatedDir, name);
  await Promise.all([
    writeOpenApiTypescript(documentFile, path.join(out("openapi-typescript"), "schema.d.ts")),
    run(bin("openapi-ts"), ["-i", documentFile, "-o", out("hey-api"), "-c", "@hey-api/client-fetch"]),
    run(bin("orval"), ["--config", path.join(clientsDir, "orval.config.ts")]),
  ]);
  return document;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(clientsDir, "generate.ts")) {
  generateClients()
    .then(() => console.log(`wrote ${path.relative(process.cwd(), generatedDir)}`))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
