// Orval's setup for the generated-clients check (generate.ts runs `orval --config` on it). Its
// fetch client parses every answer as JSON, which throws on a CSV export or a document's file;
// orval 7 has no option for another body type (orval 8, which may, needs Node 22), so the
// operations whose answer is not JSON go through orval-fetch.ts, which reads the Content-Type.
import { defineConfig } from "orval";

const notJson = ["getNumbersExport", "getAuditEventsExport", "getDocumentsByDocumentIdFile"];

export default defineConfig({
  portal: {
    input: { target: "./generated/openapi.json" },
    output: {
      target: "./generated/orval/api.ts",
      client: "fetch",
      override: {
        operations: Object.fromEntries(
          notJson.map((operationId) => [
            operationId,
            { mutator: { path: "./orval-fetch.ts", name: "fetchByContentType" } },
          ]),
        ),
      },
    },
  },
});
