import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { endpoints, splitKey } from "@/lib/api/registry";

// docs/API.md's tables say what each request answers, starting with its status
// ("| `DELETE /members/{id}` | `200` …"); they must say what the registry, and so the server
// and the OpenAPI document, answer.

const doc = readFileSync(path.join(process.cwd(), "docs", "API.md"), "utf8");
const ROW = /^\| `(GET|POST|PUT|PATCH|DELETE) (\/[^`\s]*)`[^|]*\| `(\d{3})/;

/** The registry's key for a documented request, whatever it names its path parameters. */
function registryKey(method: string, documented: string): string | undefined {
  const shape = (template: string) => template.replace(/\{[^}]+\}/g, "{}");
  return Object.keys(endpoints).find((key) => {
    const entry = splitKey(key);
    return entry.method === method && shape(entry.path) === shape(documented);
  });
}

describe("docs/API.md", () => {
  const rows = doc
    .split("\n")
    .map((line) => ROW.exec(line))
    .filter((match) => match !== null)
    // /api/health and /api/ready stand outside /api/v2 and its registry.
    .filter(([, , documented]) => !documented.startsWith("/api/"))
    .map(([, method, documented, status]) => ({ method, documented, status: Number(status) }));

  it("names a success status for the requests its tables list", () => {
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });

  it.each(rows.map((row) => [`${row.method} ${row.documented}`, row] as const))(
    "says the status %s answers",
    (_, { method, documented, status }) => {
      const key = registryKey(method, documented);
      expect(key, `${method} ${documented} is an endpoint`).toBeDefined();
      const definition = endpoints[key as keyof typeof endpoints] as { status?: number };
      expect(status).toBe(definition.status ?? 200);
    },
  );
});
