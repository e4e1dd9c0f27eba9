import { describe, expect, it } from "vitest";
import { extractExamples, readDocExamples } from "@/tests/contract/doc-examples";

// npm run test:contract runs these examples against the built app; here, that none can be
// skipped by a typo in the file.
describe("docs/API.md's curl examples", () => {
  it("each say the status they answer, and cover the main resources and errors", () => {
    const examples = readDocExamples();
    expect(examples.length).toBeGreaterThanOrEqual(20);
    expect(new Set(examples.map((example) => ("status" in example ? example.status : "sets")))).toEqual(
      new Set([200, 201, 204, 400, 401, 404, 405, 409, 412, 415, "sets"]),
    );
    for (const path of [
      "/countries",
      "/inventory/",
      "/products/",
      "/order",
      "/orders",
      "/numbers",
      "/extension/",
      "/destinations/",
      "/tokens",
      "/reservations",
      "/portability_checks",
      "/port_orders",
    ]) {
      expect(
        examples.some((example) => example.command.includes(`$BASE${path}`)),
        path,
      ).toBe(true);
    }
    for (const path of ["/api/health", "/api/ready"])
      expect(
        examples.some((example) => example.command.includes(`$SITE${path}`)),
        path,
      ).toBe(true);
  });

  it.each([
    [
      "a one-line example",
      '```sh\ncurl "$BASE/countries"   # → 401\n```',
      [{ command: 'curl "$BASE/countries"', status: 401 }],
    ],
    [
      "continued lines",
      "```sh\ncurl -X POST \"$BASE/order\" \\\n  -d '{}'   # → 400\n```",
      [{ command: "curl -X POST \"$BASE/order\" -d '{}'", status: 400 }],
    ],
    ["lines that are not curl", "```sh\nexport BASE=x\n```", []],
    [
      "a line that keeps what an answer printed",
      "```sh\nexport ID=$(curl -s \"$BASE/orders\" \\\n  | jq -r '.data[0].reference_id')\n```",
      [{ command: "curl -s \"$BASE/orders\" | jq -r '.data[0].reference_id'", sets: "ID" }],
    ],
    ["other languages' blocks", '```json\ncurl "$BASE/countries"\n```', []],
  ])("reads %s", (_name, markdown, expected) => {
    expect(extractExamples(markdown)).toEqual(expected);
  });

  it("refuses an example without its status", () => {
    expect(() => extractExamples('```sh\ncurl "$BASE/countries"\n```')).toThrow(
      'docs/API.md: an example has no "# → status": curl "$BASE/countries"',
    );
  });
});
