import path from "node:path";
import { defineConfig } from "vitest/config";

// `npm test` runs every suite on embedded PGlite; `npm run test:pg` (TEST_DB=postgres) runs
// the same suites on a PostgreSQL server. Each test file gets its own database, cloned from
// one migrated and seeded template made in the global setup.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", "data/**"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup-database.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    env: { LOG_LEVEL: "silent" },
  },
});
