import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { restoreNumber } from "@/lib/numbers/lifecycle";
import { metrics } from "@/lib/observability/metrics";
import { returnReleasedNumbers } from "@/lib/orders/return-released";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { put, read, release, restore } from "@/app/api/v2/numbers/lifecycle-fixtures";

// Release, restore and the return to inventory (docs/CONTRACT.md §16), on the test database of this
// file. The clock is injected where a window must end: the domain functions take `now`. The
// requests refused before anything changes are in lifecycle-refusals.test.ts.

const DAY_MS = 86_400_000;

/** portal_numbers_sold_total as this process's registry reads it. */
const soldCounter = async () => (await metrics().numbersSold.get()).values[0]?.value ?? 0;

const writer = {
  kind: "token",
  organizationId: "org_acme",
  role: "owner",
  userId: "usr_acme_customer",
  tokenId: null,
} as const;

describe("release, restore and the window", () => {
  it("lists the rules that dial the number (409 number_referenced), and releases with force=true", async () => {
    const main = await read("num_acme_main");
    const manchester = await read("num_acme_manchester");
    const dialMain = {
      name: "Overflow to main",
      priority: 1,
      action: { type: "dial", destination: main.configuration.number },
    };
    const changed = await put(
      "num_acme_manchester",
      { name: "Manchester office", rules: [dialMain] },
      manchester.etag,
    );
    expect(changed.status).toBe(200);

    const refused = await release("num_acme_main", main.etag);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(
      errorBody(
        "Conflict",
        "number_referenced",
        `${main.configuration.number} is dialled by 1 rule of your organization: change them first, or release with force=true.`,
        `num_acme_manchester (${manchester.configuration.number}) rules[0] "Overflow to main"`,
      ),
    );
    expect((await read("num_acme_main")).etag).toBe(main.etag);

    const started = Date.now();
    const released = await release("num_acme_main", main.etag, "?force=true");
    const ended = Date.now();
    expect(released.status).toBe(200);
    expect(released.body.data).toEqual({
      ...main.configuration,
      status: "aging",
      restorable_until: released.body.data.restorable_until,
    });
    const until = Date.parse(released.body.data.restorable_until as string);
    expect(until).toBeGreaterThanOrEqual(started + 14 * DAY_MS);
    expect(until).toBeLessThanOrEqual(ended + 14 * DAY_MS);
    expect(released.headers.get("etag")).not.toBe(main.etag);
  });

  it("stops routing at once, hides the number from GET /numbers, and keeps it readable by id", async () => {
    const active = await get<{ data: { rule: unknown; reason: string } }>(
      "/numbers/num_acme_main/active_rule",
      {
        token: "acmeAll",
      },
    );
    const { configuration } = await read("num_acme_main");
    expect(active.body.data.rule).toBe(null);
    expect(active.body.data.reason).toBe(
      `No rule applies: the number is released (aging), so no call to it is routed; it can be restored until ${configuration.restorable_until}.`,
    );
    const listed = await get<{ data: NumberConfiguration[] }>("/numbers?limit=1000", { token: "acmeAll" });
    expect(listed.body.data.map((row) => row.number_id)).not.toContain("num_acme_main");
    expect(configuration.status).toBe("aging");
  });

  it("answers a second release 200 with nothing changed, even with the ETag from before", async () => {
    const now = await read("num_acme_main");
    const again = await release("num_acme_main", '"num_acme_main.v1"');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(now.configuration);
    expect(again.headers.get("etag")).toBe(now.etag);
  });

  it("lets no other organization buy an aging number", async () => {
    const { configuration } = await read("num_acme_main");
    const order = await api<{ error: { code: string } }>("POST", "/order", {
      token: "globexAll",
      body: { contact_name: "G", items: [{ number_e164: configuration.number }] },
    });
    expect(order.status).toBe(409);
    expect(order.body.error.code).toBe("number_unavailable");
  });

  it("records number.released in the outbox and the audit log", async () => {
    const events = await get<{ data: Array<{ type: string; data: NumberConfiguration }> }>(
      "/events?type=number.released",
      { token: "acmeAll" },
    );
    expect(events.body.data.map((entry) => [entry.type, entry.data.number_id, entry.data.status])).toEqual([
      ["number.released", "num_acme_main", "aging"],
    ]);
    const prisma = await getPrisma();
    const audit = await prisma.auditEvent.findMany({ where: { resourceId: "num_acme_main" } });
    expect(audit.map((entry) => [entry.action, entry.actorType, entry.actorName])).toEqual([
      ["number.released", "token", expect.any(String)],
    ]);
  });

  it("restores within the window, active with the configuration it had, and records number.restored", async () => {
    const restored = await restore("num_acme_main");
    expect(restored.status).toBe(200);
    expect(restored.body.data.status).toBe("active");
    expect(restored.body.data.restorable_until).toBe(null);
    const before = (
      await get<{ data: Array<{ kind: string; before: NumberConfiguration }> }>(
        "/numbers/num_acme_main/history",
        { token: "acmeAll" },
      )
    ).body.data;
    expect(before.map((change) => change.kind)).toEqual(["restored", "released"]);
    expect(restored.body.data).toEqual({ ...before[1].before });
    const events = await get<{ data: Array<{ type: string }> }>("/events?type=number.restored", {
      token: "acmeAll",
    });
    expect(events.body.data).toHaveLength(1);
    expect((await restore("num_acme_main")).body.data).toEqual(restored.body.data);
  });

  it("answers 409 restore_window_over once the window has ended, even before the worker has run", async () => {
    const { etag } = await read("num_acme_main");
    const released = await release("num_acme_main", etag, "?force=true");
    const until = new Date(released.body.data.restorable_until as string);
    await expect(restoreNumber(writer, "num_acme_main", until)).rejects.toMatchObject({
      code: "restore_window_over",
      details: `number_id=num_acme_main; restorable_until=${until.toISOString()}`,
    });
    const inside = await restoreNumber(writer, "num_acme_main", new Date(until.getTime() - 1));
    expect(inside.configuration.status).toBe("active");
  });
});

describe("back to inventory (the worker, on an injected clock)", () => {
  it("returns a number whose window ended and fills the oldest back-order of its geography in the same transaction", async () => {
    const prisma = await getPrisma();
    const { configuration, etag } = await read("num_acme_new_york");
    const owned = await prisma.inventoryNumber.findUniqueOrThrow({
      where: { numberE164: configuration.number },
    });
    // Nothing else of its region for sale, and the number needs no documents: a waiting order
    // can only be filled by this number.
    await prisma.inventoryNumber.updateMany({
      where: { regionId: owned.regionId, status: "available" },
      data: { status: "sold" },
    });
    await prisma.inventoryNumber.update({ where: { id: owned.id }, data: { requiredDocumentIds: [] } });
    const item = { country: "US", number_type: "local", region: owned.regionId, quantity: 1 };
    const first = await api<{ data: { reference_id: string } }>("POST", "/order", {
      token: "globexAll",
      body: { contact_name: "First", items: [item] },
    });
    const second = await api<{ data: { reference_id: string } }>("POST", "/order", {
      token: "acmeAll",
      body: { contact_name: "Second", items: [item] },
    });

    const released = await release("num_acme_new_york", etag);
    const until = new Date(released.body.data.restorable_until as string);
    const soldBefore = await soldCounter();
    expect(await returnReleasedNumbers(new Date(until.getTime() - 1))).toEqual({
      returned: 0,
      filled: { assignedNumbers: 0, orders: [] },
    });
    expect(await returnReleasedNumbers(until)).toEqual({
      returned: 1,
      filled: {
        assignedNumbers: 1,
        orders: [{ referenceId: first.body.data.reference_id, status: "completed" }],
      },
    });
    // The waiting order bought the returned number: one number sold, counted once.
    expect((await soldCounter()) - soldBefore).toBe(1);

    const order = await get<{ data: { status: string; items: Array<{ assigned_numbers: string[] }> } }>(
      `/orders/${first.body.data.reference_id}`,
      { token: "globexAll" },
    );
    expect(order.body.data.status).toBe("completed");
    expect(order.body.data.items[0].assigned_numbers).toEqual([configuration.number]);
    const waiting = await get<{ data: { status: string } }>(`/orders/${second.body.data.reference_id}`, {
      token: "acmeAll",
    });
    expect(waiting.body.data.status).toBe("backordered");
    const globex = await get<{ data: NumberConfiguration[] }>(
      `/numbers?number=${encodeURIComponent(configuration.number)}`,
      {
        token: "globexAll",
      },
    );
    expect(globex.body.data.map((row) => [row.organization_id, row.status])).toEqual([
      ["org_globex", "active"],
    ]);
    expect((await get(`/numbers/num_acme_new_york`, { token: "acmeAll" })).status).toBe(404);

    const late = await restore("num_acme_new_york");
    expect(late.status).toBe(409);
    expect(late.body).toEqual(
      errorBody(
        "Conflict",
        "restore_window_over",
        `The number could be restored until ${until.toISOString()}; it has gone back to inventory and can only be bought again, if still for sale.`,
        `number_id=num_acme_new_york; restorable_until=${until.toISOString()}`,
      ),
    );
    // A second sweep finds nothing more to do.
    expect((await returnReleasedNumbers(new Date(until.getTime() + DAY_MS))).returned).toBe(0);
  });

  it("puts a returned number on sale when no order waits for it", async () => {
    const prisma = await getPrisma();
    const { configuration, etag } = await read("num_acme_freephone");
    const released = await release("num_acme_freephone", etag);
    const until = new Date(released.body.data.restorable_until as string);
    const owned = await prisma.inventoryNumber.findUniqueOrThrow({
      where: { numberE164: configuration.number },
    });
    const waiting = await prisma.orderItem.count({
      where: { backorderedQuantity: { gt: 0 }, countryId: owned.countryId, numberTypeId: owned.numberTypeId },
    });
    expect(waiting).toBe(0);
    expect((await returnReleasedNumbers(until)).returned).toBe(1);
    const after = await prisma.inventoryNumber.findUniqueOrThrow({ where: { id: owned.id } });
    expect([after.status, after.orderItemId, after.soldAt]).toEqual(["available", null, null]);
    expect(await prisma.numberConfiguration.count({ where: { inventoryNumberId: owned.id } })).toBe(0);
  });
});
