// npm run api:types – writes lib/api/client/generated/schema.d.ts, the TypeScript description of the
// OpenAPI document that openapi-fetch clients are typed with. A test fails when it is stale.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { renderApiTypes } from "@/lib/api/client/render-types";

async function main() {
  const file = path.join(process.cwd(), "lib", "api", "client", "generated", "schema.d.ts");
  writeFileSync(file, await renderApiTypes());
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(`api:types failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
