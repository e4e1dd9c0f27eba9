// npm run lint:openapi: writes the OpenAPI document the app serves to the file named on the
// command line, for Spectral (spectral:oas, .spectral.yaml) to lint: the document is generated,
// so there is no file in the repository to point Spectral at.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { buildOpenApiDocument } from "@/lib/api/openapi";

const file = process.argv[2];
if (!file) throw new Error("usage: tsx scripts/write-openapi.ts <output.json>");
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify(buildOpenApiDocument(), null, 2));
