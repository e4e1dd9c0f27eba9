import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { demoUsers } from "@/prisma/seed/fixtures";
import { entriesAfter, freeNumbers, latest, tokenRow } from "@/tests/audit-entries";

// Each change through the API records exactly one audit entry per thing changed, in its
// transaction; a refused change records none. Orders, holds and configurations here; tokens,
// webhooks and sign-ins in wiring-secrets.test.ts.

let acmeToken: { id: string; name: string };
let supportToken: { id: string; name: string };
const support = demoUsers.support;

beforeAll(async () => {
  acmeToken = await tokenRow("acmeAll");
  supportToken = await tokenRow("support");
});

const byAcmeToken = () => ({ actorType: "token", actorId: acmeToken.id, actorName: acmeToken.name });

describe("orders and holds", () => {
  it("records order.placed once with the numbers bought, and nothing for a refused order", async () => {
    const [number] = await freeNumbers(1);
    const since = await latest();
    const placed = await api<{ data: { reference_id: string } }>("POST", "/order", {
      token: "acmeAll",
      body: { contact_name: "Audit", items: [{ number_e164: number }] },
    });
    expect(placed.status).toBe(200);
    const refused = await api("POST", "/order", {
      token: "acmeAll",
      body: { contact_name: "Audit", items: [{ number_e164: number }] },
    });
    expect(refused.status).toBe(409);
    expect(await entriesAfter(since)).toEqual([
      {
        organizationId: "org_acme",
        ...byAcmeToken(),
        action: "order.placed",
        resourceType: "order",
        resourceId: placed.body.data.reference_id,
        changes: [
          { field: "numbers", from: null, to: [number] },
          { field: "backordered_quantity", from: null, to: 0 },
        ],
      },
    ]);
  });

  it("records reservation.placed per number held and reservation.released", async () => {
    const numbers = await freeNumbers(2);
    const since = await latest();
    const held = await api<{ data: { held: Array<{ number_e164: string; held_until: string }> } }>(
      "POST",
      "/reservations",
      { token: "acmeAll", body: { numbers } },
    );
    expect(held.status).toBe(200);
    const released = await api("DELETE", `/reservations/${encodeURIComponent(numbers[0])}`, {
      token: "acmeAll",
    });
    expect(released.status).toBe(200);
    const again = await api("DELETE", `/reservations/${encodeURIComponent(numbers[0])}`, {
      token: "acmeAll",
    });
    expect(again.status).toBe(404);
    const until = new Map(held.body.data.held.map((entry) => [entry.number_e164, entry.held_until]));
    const hold = (number: string) => ({
      organizationId: "org_acme",
      ...byAcmeToken(),
      action: "reservation.placed",
      resourceType: "reservation",
      resourceId: number,
      changes: [{ field: "held_until", from: null, to: until.get(number) }],
    });
    expect(await entriesAfter(since)).toEqual([
      hold(numbers[0]),
      hold(numbers[1]),
      {
        ...hold(numbers[0]),
        action: "reservation.released",
        changes: [{ field: "held_until", from: until.get(numbers[0]), to: null }],
      },
    ]);
  });
});

describe("configurations", () => {
  it("records an extension's creation, change and deletion beside its history, with the fields changed", async () => {
    const since = await latest();
    const rules = [{ name: "Desk", priority: 1, action: { type: "dial", destination: "+442079460000" } }];
    const created = await api<{ data: { number_id: string; rules: unknown[] } }>("POST", "/extensions", {
      token: "acmeAll",
      body: { extension: "577", name: "Audit", rules },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.number_id;
    const changed = await api("PUT", "/extension/577", {
      token: "acmeAll",
      body: { name: "Audit 2", rules: created.body.data.rules },
      headers: { "if-match": created.headers.get("etag") as string },
    });
    expect(changed.status).toBe(200);
    const stale = await api("DELETE", "/extension/577", {
      token: "acmeAll",
      headers: { "if-match": created.headers.get("etag") as string },
    });
    expect(stale.status).toBe(412);
    const deleted = await api("DELETE", "/extension/577", {
      token: "acmeAll",
      headers: { "if-match": changed.headers.get("etag") as string },
    });
    expect(deleted.status).toBe(200);
    const base = { organizationId: "org_acme", ...byAcmeToken(), resourceType: "extension", resourceId: id };
    expect(await entriesAfter(since)).toEqual([
      {
        ...base,
        action: "extension.created",
        changes: [
          { field: "number", from: null, to: "577" },
          { field: "name", from: null, to: "Audit" },
          { field: "rules", from: null, to: created.body.data.rules },
        ],
      },
      { ...base, action: "extension.updated", changes: [{ field: "name", from: "Audit", to: "Audit 2" }] },
      {
        ...base,
        action: "extension.deleted",
        changes: [
          { field: "number", from: "577", to: null },
          { field: "name", from: "Audit 2", to: null },
          { field: "rules", from: created.body.data.rules, to: null },
        ],
      },
    ]);
  });

  it("records support's change of another organization's number in that organization's log, as support", async () => {
    const prisma = await getPrisma();
    const number = await prisma.numberConfiguration.findFirstOrThrow({
      where: { organizationId: "org_globex", kind: "number" },
      orderBy: { id: "asc" },
    });
    const read = await api<{ data: { name: string; rules: unknown[] } }>("GET", `/numbers/${number.id}`, {
      token: "support",
    });
    expect(read.status).toBe(200);
    const since = await latest();
    const changed = await api("PUT", `/numbers/${number.id}`, {
      token: "support",
      body: { name: "Renamed by support", rules: read.body.data.rules },
      headers: { "if-match": read.headers.get("etag") as string },
    });
    expect(changed.status).toBe(200);
    expect(await entriesAfter(since)).toEqual([
      {
        organizationId: "org_globex",
        actorType: "support",
        actorId: support.id,
        actorName: support.name,
        action: "number.configuration_changed",
        resourceType: "number",
        resourceId: number.id,
        changes: [{ field: "name", from: read.body.data.name, to: "Renamed by support" }],
      },
    ]);
    expect(supportToken.id).toMatch(/^tok_/);
  });
});
