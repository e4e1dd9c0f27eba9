// The pure modules `npm run test:mutation` mutates, each with the test files that cover it
// without a database (the mutation run has no PGlite or PostgreSQL set-up). A new module is
// one more line; each one must score at least MUTATION_BREAK_PERCENT (scripts/mutation-check.ts).
export const MUTATION_BREAK_PERCENT = 90;

/** @type {{ module: string; tests: string[] }[]} */
export const mutationModules = [
  {
    module: "lib/numbers/evaluate-rules.ts",
    tests: ["lib/numbers/evaluate-rules.test.ts", "lib/numbers/evaluate-rules.property.test.ts"],
  },
  { module: "lib/reference/keypad.ts", tests: ["lib/reference/keypad.test.ts"] },
  {
    module: "lib/schemas/inventory.ts",
    tests: ["lib/schemas/inventory.test.ts", "lib/schemas/inventory-documented.test.ts"],
  },
  { module: "components/rules/week-timeline.ts", tests: ["components/rules/week-timeline.test.ts"] },
  {
    module: "lib/cart/cart.ts",
    tests: ["lib/cart/cart.test.ts", "lib/cart/checkout.test.ts", "lib/cart/parse-cart.test.ts"],
  },
  { module: "lib/api/parse.ts", tests: ["lib/api/parse.test.ts", "lib/api/parse-refusals.test.ts"] },
  {
    module: "lib/numbers/validate-configuration.ts",
    tests: [
      "lib/numbers/validate-configuration.test.ts",
      "lib/numbers/validate-configuration-refused.test.ts",
      "lib/numbers/validate-configuration-stored.test.ts",
    ],
  },
  { module: "lib/numbers/draft-rules.ts", tests: ["lib/numbers/draft-rules.test.ts"] },
  { module: "lib/numbers/preconditions.ts", tests: ["lib/numbers/preconditions.test.ts"] },
  { module: "lib/reservations/expiry.ts", tests: ["lib/reservations/expiry.test.ts"] },
];
