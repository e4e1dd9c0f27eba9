import path from "node:path";
import { defineConfig } from "vitest/config";
import { mutationModules } from "./tests/mutation/modules.mjs";

// The mutation run's vitest: only the database-free tests of the mutated modules, so no
// global setup (no template database) and no per-file database set-up.
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
    include: [...new Set(mutationModules.flatMap((entry) => entry.tests))],
    exclude: ["node_modules/**", ".next/**", "e2e/**", "data/**"],
    setupFiles: ["tests/mutation/setup.ts"],
    testTimeout: 60_000,
    env: { LOG_LEVEL: "silent", MUTATION_TESTING: "1" },
  },
});
