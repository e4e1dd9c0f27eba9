import { describe, expect, it } from "vitest";
import { dispatch } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";

// The CSV exports have their own operations (so a generated client types them as text), and
// the older ways of asking for the same bytes keep working. Every download is an attachment
// that no browser or proxy keeps.

function download(pathAndQuery: string, headers: Record<string, string> = {}) {
  return dispatch(
    new Request(`http://localhost:3000/api/v2${pathAndQuery}`, {
      headers: { authorization: `Bearer ${testTokens.acmeAll.secret}`, ...headers },
    }),
  );
}

describe.each([
  ["/numbers/export?status=active", "/numbers?format=csv&status=active", "numbers.csv", "number,name,status"],
  [
    "/audit-events/export?resource_type=number",
    "/audit-events?format=csv&resource_type=number",
    "audit-log.csv",
    "id,at,actor_type",
  ],
])("GET %s", (exportPath, legacyPath, fileName, header) => {
  it("answers text/csv as an attachment that nothing may store", async () => {
    const response = await download(exportPath);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${fileName}"`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect((await response.text()).startsWith(header)).toBe(true);
  });

  it(`answers the same bytes and headers as ${legacyPath}`, async () => {
    const [fresh, legacy] = [await download(exportPath), await download(legacyPath)];
    expect(legacy.status).toBe(200);
    for (const name of ["content-type", "content-disposition", "cache-control"])
      expect(legacy.headers.get(name), name).toBe(fresh.headers.get(name));
    expect(await legacy.text()).toBe(await fresh.text());
  });

  it("refuses paging parameters, which an export does not have, with 400 invalid_parameter", async () => {
    const response = await download(`${exportPath}&limit=10`);
    expect(response.status).toBe(400);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_parameter");
  });
});

describe("GET /numbers with Accept: text/csv", () => {
  it("answers the export, not stored either", async () => {
    const response = await download("/numbers", { accept: "text/csv" });
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });
});
