// `npm run test:mutation`: StrykerJS mutates the pure modules listed in
// tests/mutation/modules.mjs and runs only the tests related to each mutant, without a
// database. scripts/mutation-check.ts then fails the run when any one module scores under
// the break threshold; Stryker's own `thresholds.break` is for the total only.
// Equivalent mutants are excluded in the code with `// Stryker disable next-line <mutator>: <reason>`.
import { mutationModules, MUTATION_BREAK_PERCENT } from "./tests/mutation/modules.mjs";

const config = {
  testRunner: "vitest",
  vitest: { configFile: "vitest.mutation.config.mts", related: true },
  mutate: mutationModules.map((entry) => entry.module),
  coverageAnalysis: "perTest",
  concurrency: 2,
  reporters: ["clear-text", "progress", "json", "html"],
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  thresholds: { high: 95, low: MUTATION_BREAK_PERCENT, break: MUTATION_BREAK_PERCENT },
  ignorePatterns: [
    ".next",
    "data",
    "test-results",
    "playwright-report",
    "blob-report",
    "coverage",
    "reports",
    "e2e",
    "docs",
  ],
  tempDirName: ".stryker-tmp",
  cleanTempDir: true,
};

export default config;
