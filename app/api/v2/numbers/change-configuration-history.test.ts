import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import type { ConfigurationChange } from "@/lib/schemas/numbers/responses";
import { errorBody } from "@/tests/error-body";
import { put, read, type One } from "@/app/api/v2/numbers/configuration-fixtures";

// A number's configuration history, and extensions: configurations without a number, changed under
// the same ETag rules (docs/CONTRACT.md §11).

describe("GET /numbers/{number_id}/history", () => {
  it("pages newest first", async () => {
    let { etag } = await read("num_acme_freephone");
    for (const name of ["One", "Two", "Three"]) {
      const response = await put("/numbers/num_acme_freephone", "acmeAll", { name, rules: [] }, etag);
      etag = response.headers.get("etag") as string;
    }
    const page = await get<{ data: ConfigurationChange[] }>(
      "/numbers/num_acme_freephone/history?limit=2&offset=1",
      { token: "acmeAll" },
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(page.body.data.map((change) => [change.version, change.after?.name])).toEqual([
      [3, "Two"],
      [2, "One"],
    ]);
  });

  it.each([
    [
      "/numbers/num_globex_hq/history",
      404,
      errorBody(
        "Not Found",
        "not_found",
        "There is no number with number_id num_globex_hq.",
        "number_id=num_globex_hq",
      ),
    ],
    [
      "/numbers/num_acme_main/history?limit=0",
      400,
      errorBody(
        "Bad Request",
        "invalid_parameter",
        "limit must be a whole number between 1 and 100",
        "query.limit=0",
      ),
    ],
  ] as const)("%s → %i", async (path, status, body) => {
    const response = await get(path, { token: "acmeAll" });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
  });
});

describe("extensions", () => {
  const reception = {
    extension: "555",
    name: "Lobby",
    rules: [{ name: "Ring the desk", priority: 1, action: { type: "dial", destination: "+442079460000" } }],
  };

  it("creates, changes and deletes one, each under its ETag, with a history", async () => {
    const created = await api<One>("POST", "/extensions", { token: "acmeAll", body: reception });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      organization_id: "org_acme",
      number: "555",
      name: "Lobby",
      country_code: null,
      local_format: null,
    });
    const id = created.body.data.number_id;
    expect(created.headers.get("etag")).toBe(`"${id}.v1"`);

    const again = await api("POST", "/extensions", { token: "acmeAll", body: reception });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(
      errorBody(
        "Conflict",
        "extension_exists",
        "Extension 555 already exists in this organization.",
        "body.extension=555",
      ),
    );

    const noIfMatch = await put("/extension/555", "acmeAll", { name: "Lobby 2", rules: [] });
    expect(noIfMatch.status).toBe(428);
    const changed = await put(
      "/extension/555",
      "acmeAll",
      { name: "Lobby 2", rules: [] },
      created.headers.get("etag") as string,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ number_id: id, name: "Lobby 2", rules: [] });

    const stale = await api("DELETE", "/extension/555", {
      token: "acmeAll",
      headers: { "if-match": created.headers.get("etag") as string },
    });
    expect(stale.status).toBe(412);
    const deleted = await api<One>("DELETE", "/extension/555", {
      token: "acmeAll",
      headers: { "if-match": changed.headers.get("etag") as string },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ number_id: id, name: "Lobby 2" });
    expect((await get<{ data: unknown[] }>("/extension/555", { token: "acmeAll" })).body).toEqual({
      data: [],
    });
  });

  it.each([
    [
      "a 1-digit extension",
      { ...reception, extension: "5" },
      errorBody(
        "Bad Request",
        "invalid_configuration",
        "extension must be 2 to 8 digits",
        "extension: must be 2 to 8 digits",
      ),
    ],
    [
      "a bad rule",
      {
        ...reception,
        extension: "556",
        rules: [{ name: "x", priority: 1, action: { type: "dial", destination: "+1", timeout_sec: 1 } }],
      },
      errorBody(
        "Bad Request",
        "invalid_configuration",
        "rules[0].action.destination must be an E.164 number such as +12125550100, or a sip:user@host address (and 1 more: see details)",
        "rules[0].action.destination: must be an E.164 number such as +12125550100, or a sip:user@host address; rules[0].action.timeout_sec: must be between 5 and 300 seconds",
      ),
    ],
  ])("refuses %s", async (_label, body, expected) => {
    const response = await api("POST", "/extensions", { token: "acmeAll", body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
  });

  it("answers 404 for another organization's extension, and 400 when a customer names an organization", async () => {
    const other = await put("/extension/4400", "acmeAll", { name: "x", rules: [] }, '"x"');
    expect(other.status).toBe(404);
    expect(other.body).toEqual(
      errorBody("Not Found", "not_found", "There is no extension 4400.", "extension=4400"),
    );
    const named = await put(
      "/extension/4400?organization_id=org_globex",
      "acmeAll",
      { name: "x", rules: [] },
      '"x"',
    );
    expect(named.status).toBe(400);
    expect(named.body).toEqual(
      errorBody(
        "Bad Request",
        "invalid_parameter",
        "organization_id is for support users",
        "query.organization_id=org_globex",
      ),
    );
  });
});
