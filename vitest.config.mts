import path from "node:path";
import { defineConfig } from "vitest/config";

// `npm test` runs every suite on embedded PGlite; `npm run test:pg` (TEST_DB=postgres) runs
// the same suites on a PostgreSQL server. Each test file that uses the database gets its own,
// cloned from one migrated and seeded template made in the global setup, at the file's first
// getDatabase()/getPrisma() (tests/setup-database.ts): a file that never asks opens none.
export default defineConfig({
  // `import "server-only"` marks a module that reaches the database (.dependency-cruiser.cjs keeps
  // it out of the browser); outside Next it resolves to Next's empty marker, as tsconfig.json says
  // for tsx and esbuild.
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(
        import.meta.dirname,
        "node_modules/next/dist/compiled/server-only/empty.js",
      ),
    },
  },
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
      // Suites buy hundreds of numbers per organization; billing's own tests set the limits they test.
      BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00",
    },
  },
});
