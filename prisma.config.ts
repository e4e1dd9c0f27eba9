import path from "node:path";
import { defineConfig } from "prisma/config";

// Prisma's CLI would download its native schema engine; these machines have no internet.
// `prisma generate` only needs the variable to name an existing file.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(__dirname, "scripts", "no-schema-engine");

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
