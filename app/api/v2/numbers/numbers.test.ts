import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { demoExtensions, demoOwnedNumbers } from "@/prisma/seed/fixtures";
import { errorBody } from "@/tests/error-body";
import {
  e164,
  expectedIds,
  ids,
  loadSeededNumbers,
  type ListBody,
} from "@/app/api/v2/numbers/numbers-fixtures";

// GET /numbers: who may read it and which organization's configurations each reads. Its
// parameters are in numbers-parameters.test.ts, contains and paging in numbers-contains.test.ts.

const err = errorBody;

beforeAll(loadSeededNumbers);

const globexIds = [...demoOwnedNumbers, ...demoExtensions]
  .filter((n) => n.organizationId === "org_globex")
  .map((n) => n.id);

describe("GET /numbers: authentication", () => {
  it.each([
    {
      name: "no credentials",
      token: undefined,
      body: err(
        "Unauthorized",
        "unauthorized",
        "Authentication is required: send 'Authorization: Bearer <token>'.",
        "header.authorization",
      ),
    },
    {
      name: "no scopes",
      token: "acmeNoScopes" as const,
      body: err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'numbers:read' scope.",
        "required_scope=numbers:read",
      ),
    },
    {
      name: "another scope",
      token: "acmeInventoryOnly" as const,
      body: err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'numbers:read' scope.",
        "required_scope=numbers:read",
      ),
    },
    {
      name: "revoked",
      token: "acmeRevoked" as const,
      body: err("Unauthorized", "unauthorized", "The token has been revoked.", "token=npk_test_a…"),
    },
  ])("$name → 401", async ({ token, body }) => {
    const response = await get("/numbers", { token });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(body);
  });

  it("answers other methods 405 with Allow", async () => {
    const response = await api("POST", "/numbers", { token: "acmeAll", body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, OPTIONS");
  });
});

describe("GET /numbers: a customer sees their own organization only", () => {
  it("lists every acme configuration, numbers first, each by number", async () => {
    const expected = expectedIds((row) => row.organizationId === "org_acme");
    expect(expected.length).toBe(
      [...demoOwnedNumbers, ...demoExtensions].filter((n) => n.organizationId === "org_acme").length,
    );
    expect(await ids("/numbers", "acmeAll")).toEqual(expected);
  });

  it("lists every globex configuration for a globex token", async () => {
    expect(await ids("/numbers", "globexAll")).toEqual(
      expectedIds((row) => row.organizationId === "org_globex"),
    );
  });

  it("never puts another organization's data in a body", async () => {
    const response = await get<ListBody>("/numbers", { token: "acmeAll" });
    const text = JSON.stringify(response.body);
    expect(text).not.toContain("org_globex");
    for (const id of globexIds) {
      expect(text).not.toContain(id);
      if (e164[id].startsWith("+")) expect(text).not.toContain(e164[id]);
    }
  });

  it("derives country_code and local_format, null for an extension", async () => {
    const response = await get<ListBody>("/numbers?number_id=num_acme_main", { token: "acmeAll" });
    const [main] = response.body.data;
    expect(main.country_code).toBe("44");
    expect(main.number).toMatch(/^\+4420\d{8}$/);
    expect(main.local_format).toBe(`020 ${main.number.slice(5, 9)} ${main.number.slice(9)}`);
    const extension = await get<ListBody>("/numbers?number_id=num_acme_ext_101", { token: "acmeAll" });
    expect(extension.body.data).toMatchObject([{ number: "101", country_code: null, local_format: null }]);
    const newYork = await get<ListBody>("/numbers?number_id=num_acme_new_york", { token: "acmeAll" });
    expect(newYork.body.data[0]).toMatchObject({
      country_code: "1",
      local_format: expect.stringMatching(/^\(212\) \d{3}-\d{4}$/),
    });
  });

  it("names the type and region each number was bought as, null for an extension", async () => {
    const prisma = await getPrisma();
    const rows = await prisma.numberConfiguration.findMany({
      where: { organizationId: "org_acme" },
      select: {
        id: true,
        inventoryNumber: { select: { numberTypeId: true, region: { select: { id: true, name: true } } } },
      },
    });
    const response = await get<ListBody>("/numbers", { token: "acmeAll" });
    expect(response.body.data.map((item) => [item.number_id, item.number_type, item.region])).toEqual(
      response.body.data.map((item) => {
        const row = rows.find((candidate) => candidate.id === item.number_id)!;
        return [
          item.number_id,
          row.inventoryNumber?.numberTypeId ?? null,
          row.inventoryNumber?.region ?? null,
        ];
      }),
    );
    const newYork = await get<ListBody>("/numbers?number_id=num_acme_new_york", { token: "acmeAll" });
    expect(newYork.body.data[0]).toMatchObject({
      number_type: "local",
      region: { id: expect.stringMatching(/^US-NY-NEW_YORK-/), name: expect.stringMatching(/New York/) },
    });
    const extension = await get<ListBody>("/numbers?number_id=num_acme_ext_101", { token: "acmeAll" });
    expect(extension.body.data).toMatchObject([{ number_type: null, region: null }]);
  });

  it("answers rules sorted by priority, lowest first", async () => {
    const response = await get<ListBody>("/numbers", { token: "acmeAll" });
    for (const configuration of response.body.data) {
      const priorities = configuration.rules.map((rule) => rule.priority);
      expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    }
    expect(response.body.data.some((configuration) => configuration.rules.length > 1)).toBe(true);
  });
});

describe("GET /numbers: support users read every organization", () => {
  it("lists both organizations' configurations", async () => {
    const listed = await ids("/numbers", "support");
    expect(listed).toEqual(expectedIds(() => true));
    expect(listed).toEqual(
      expect.arrayContaining(["num_acme_main", "num_globex_hq", "num_globex_ext_101", "num_acme_ext_101"]),
    );
  });

  it.each([
    ["organization_id=org_globex", () => expectedIds((row) => row.organizationId === "org_globex")],
    ["organization_id=org_acme", () => expectedIds((row) => row.organizationId === "org_acme")],
    ["organization_id=org_nope", () => []],
    ["organization_id=org_acme&number_id=num_globex_hq", () => []],
    ["number_id=num_globex_hq", () => ["num_globex_hq"]],
    [
      "name=office",
      () =>
        expectedIds((row) =>
          ["num_acme_berlin", "num_acme_manchester", "num_globex_paris", "num_globex_sydney"].includes(
            row.id,
          ),
        ),
    ],
  ])("filters by %s", async (query, expected) => {
    expect(await ids(`/numbers?${query}`, "support")).toEqual(expected());
  });

  it("finds another organization's number by E.164", async () => {
    const response = await get<ListBody>(`/numbers?number=${encodeURIComponent(e164.num_globex_hq)}`, {
      token: "support",
    });
    expect(response.body.data).toMatchObject([
      { number_id: "num_globex_hq", organization_id: "org_globex", name: "Headquarters" },
    ]);
  });
});
