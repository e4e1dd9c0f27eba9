import { describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { errorBody } from "@/tests/error-body";

const err = errorBody;
const bad = (message: string, details: string) => err("Bad Request", "invalid_parameter", message, details);

type ListBody = { data: NumberConfiguration[] };

describe("GET /extension/{extension}", () => {
  it.each([
    { token: "acmeAll" as const, path: "/extension/101", expected: ["num_acme_ext_101"] },
    { token: "globexAll" as const, path: "/extension/101", expected: ["num_globex_ext_101"] },
    {
      token: "support" as const,
      path: "/extension/101",
      expected: ["num_acme_ext_101", "num_globex_ext_101"],
    },
    {
      token: "support" as const,
      path: "/extension/101?organization_id=org_globex",
      expected: ["num_globex_ext_101"],
    },
    { token: "support" as const, path: "/extension/101?organization_id=org_nope", expected: [] },
    { token: "acmeAll" as const, path: "/extension/2040", expected: ["num_acme_ext_2040"] },
    { token: "globexAll" as const, path: "/extension/2040", expected: [] },
    { token: "acmeAll" as const, path: "/extension/88001234", expected: [] },
    { token: "globexAll" as const, path: "/extension/88001234", expected: ["num_globex_ext_88001234"] },
    { token: "support" as const, path: "/extension/88001234", expected: ["num_globex_ext_88001234"] },
    { token: "acmeAll" as const, path: "/extension/99", expected: [] },
  ])("$token: $path → $expected", async ({ token, path, expected }) => {
    const response = await get<ListBody>(path, { token });
    expect(response.status).toBe(200);
    expect(response.body.data.map((configuration) => configuration.number_id)).toEqual(expected);
    for (const configuration of response.body.data) {
      expect(configuration).toMatchObject({
        country_code: null,
        local_format: null,
        number: path.split("/")[2].split("?")[0],
      });
    }
  });

  it("answers a customer with their own organization's configuration only", async () => {
    const response = await get<ListBody>("/extension/101", { token: "acmeAll" });
    expect(response.body.data).toMatchObject([
      { number_id: "num_acme_ext_101", organization_id: "org_acme", name: "Reception" },
    ]);
    expect(JSON.stringify(response.body)).not.toContain("globex");
  });

  it.each([
    ["/extension/1", bad("extension must be 2 to 8 digits", "path.extension=1")],
    ["/extension/123456789", bad("extension must be 2 to 8 digits", "path.extension=123456789")],
    ["/extension/10a", bad("extension must be 2 to 8 digits", "path.extension=10a")],
    ["/extension/%2B101", bad("extension must be 2 to 8 digits", "path.extension=+101")],
    [
      "/extension/101?organization_id=org_acme",
      bad("organization_id is for support users", "query.organization_id=org_acme"),
    ],
    ["/extension/101?colour=blue", bad("unknown query parameter: colour", "query.colour")],
  ])("GET %s → 400", async (path, body) => {
    const response = await get(path, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });

  it("needs the numbers:read scope", async () => {
    const response = await get("/extension/101", { token: "acmeInventoryOnly" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'numbers:read' scope.",
        "required_scope=numbers:read",
      ),
    );
  });
});
