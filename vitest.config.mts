import path from "node:path";
import { defineConfig } from "vitest/config";

// `npm test` runs every suite on embedded PGlite; `npm run test:pg` (TEST_DB=postgres) runs
// the same suites on a PostgreSQL server. Each test file gets its own database, cloned from
// one migrated and seeded template made in the global setup.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**", "data/**", ".stryker-tmp/**"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/fail-on-warnings.ts", "tests/setup-database.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // Suites send thousands of requests with one token; the limiter's own tests set low limits.
    env: {
      LOG_LEVEL: "silent",
      RATE_LIMIT_DEFAULT_PER_MINUTE: "100000000",
      RATE_LIMIT_ORDERS_PER_MINUTE: "100000000",
    },
  },
});
