import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { expireEndedHolds } from "@/lib/reservations/expire-holds";
import { purgeOldEvents } from "@/lib/events/list-events";
import type { Prisma } from "@/lib/generated/prisma/client";

type Listed = { data: Array<{ id: string; type: string; data: Record<string, unknown> }> };
const DAY_MS = 86_400_000;

describe("events recorded by the worker's sweep and kept 30 days", () => {
  it("records reservation.expired once for a hold that ended, and never for a live one", async () => {
    const prisma = await getPrisma();
    const [ended, live] = await prisma.inventoryNumber.findMany({
      where: { status: "available", hold: null },
      take: 2,
      orderBy: { id: "asc" },
    });
    const now = new Date();
    const endedAt = new Date(now.getTime() - 1000);
    await prisma.numberHold.createMany({
      data: [
        { numberE164: ended.numberE164, organizationId: "org_acme", heldUntil: endedAt },
        {
          numberE164: live.numberE164,
          organizationId: "org_acme",
          heldUntil: new Date(now.getTime() + 60_000),
        },
      ],
    });
    expect(await expireEndedHolds(now)).toBe(1);
    expect(await expireEndedHolds(now)).toBe(0); // a second sweep (another instance) finds nothing
    const events = await get<Listed>("/events?type=reservation.expired", { token: "acmeAll" });
    expect(events.body.data.map((event) => event.data)).toEqual([
      { number_e164: ended.numberE164, held_until: endedAt.toISOString() },
    ]);
    expect(await prisma.numberHold.count({ where: { numberE164: live.numberE164 } })).toBe(1);
  });

  it("reports an ended hold once when another organization holds the number, or buys it, before the sweep", async () => {
    const prisma = await getPrisma();
    const [retaken, sold] = await prisma.inventoryNumber.findMany({
      where: { status: "available", hold: null, countryId: "GB" },
      take: 2,
      orderBy: { id: "desc" },
    });
    const endedAt = new Date(Date.now() - 1000);
    await prisma.numberHold.createMany({
      data: [retaken, sold].map((number) => ({
        numberE164: number.numberE164,
        organizationId: "org_acme",
        heldUntil: endedAt,
      })),
    });
    const expiredOf = async (number: string) =>
      (
        await get<Listed>("/events?type=reservation.expired&limit=100", { token: "acmeAll" })
      ).body.data.filter((listed) => listed.data.number_e164 === number);

    // Globex holds one: Acme's ended hold is replaced, and reported in the same transaction.
    const held = await api("POST", "/reservations", {
      token: "globexAll",
      body: { numbers: [retaken.numberE164] },
    });
    expect(held.status).toBe(200);
    expect((await expiredOf(retaken.numberE164)).map((listed) => listed.data)).toEqual([
      { number_e164: retaken.numberE164, held_until: endedAt.toISOString() },
    ]);

    // Globex buys the other: the sale leaves the ended hold for the sweep, which reports it.
    const bought = await api("POST", "/order", {
      token: "globexAll",
      body: { contact_name: "Events test", items: [{ number_e164: sold.numberE164 }] },
    });
    expect(bought.status).toBe(200);
    expect(await expireEndedHolds(new Date())).toBeGreaterThanOrEqual(1);
    expect((await expiredOf(sold.numberE164)).map((listed) => listed.data)).toEqual([
      { number_e164: sold.numberE164, held_until: endedAt.toISOString() },
    ]);
    // Each once: the sweep found nothing left of the first.
    expect(await expiredOf(retaken.numberE164)).toHaveLength(1);
  });

  it("records number.configuration_changed with the configuration as GET /numbers/{id} shows it", async () => {
    const read = await get<{ data: Record<string, unknown> }>("/numbers/num_acme_main", { token: "acmeAll" });
    const etag = read.headers.get("etag") ?? "";
    const changed = await api("PUT", "/numbers/num_acme_main", {
      token: "acmeAll",
      headers: { "if-match": etag },
      body: { name: "Events test", rules: [] },
    });
    expect(changed.status).toBe(200);
    const events = await get<Listed>("/events?type=number.configuration_changed", { token: "acmeAll" });
    const after = await get<{ data: unknown }>("/numbers/num_acme_main", { token: "acmeAll" });
    expect(events.body.data[0].data).toEqual(after.body.data);
    expect(events.body.data[0].data.name).toBe("Events test");
  });

  it("leaves events older than 30 days out of GET /events, and housekeeping deletes them", async () => {
    const prisma = await getPrisma();
    const now = new Date();
    const old = new Date(now.getTime() - 30 * DAY_MS - 1000);
    await prisma.event.create({
      data: {
        id: "evt_old_acme",
        organizationId: "org_acme",
        type: "reservation.expired",
        data: { number_e164: "+442079460999", held_until: old.toISOString() },
        createdAt: old,
      },
    });
    const listed = await get<Listed>("/events?limit=100", { token: "acmeAll" });
    expect(listed.body.data.map((event) => event.id)).not.toContain("evt_old_acme");
    expect(await purgeOldEvents(now)).toBe(1);
    expect(await prisma.event.count({ where: { id: "evt_old_acme" } })).toBe(0);
  });
});

describe("a number event stored before a field of the configuration existed", () => {
  it("is listed with that field as it was then (no port order, no port-out PIN)", async () => {
    const prisma = await getPrisma();
    const { body } = await get<{ data: Record<string, unknown> }>("/numbers/num_acme_main", {
      token: "acmeAll",
    });
    const { port_order_id: _order, porting_foc_at: _foc, port_out_pin_set: _pin, ...older } = body.data;
    await prisma.event.create({
      data: {
        id: "evt_olderconfigurationshape",
        organizationId: "org_acme",
        type: "number.restored",
        data: JSON.parse(JSON.stringify(older)) as Prisma.InputJsonObject,
      },
    });
    const listed = await get<Listed>("/events?type=number.restored", { token: "acmeAll" });
    expect(listed.status).toBe(200);
    expect(listed.body.data.find((event) => event.id === "evt_olderconfigurationshape")?.data).toEqual({
      ...older,
      port_order_id: null,
      porting_foc_at: null,
      port_out_pin_set: false,
    });
  });
});
