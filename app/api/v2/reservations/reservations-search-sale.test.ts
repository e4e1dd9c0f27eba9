import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { expireEndedHolds } from "@/lib/reservations/expire-holds";
import { errorBody as err } from "@/tests/error-body";
import type { TestTokenName } from "@/tests/fixtures";
import {
  available,
  hold,
  holds,
  releaseAllBeforeEachTest,
  stopClockAt,
} from "@/app/api/v2/reservations/reservation-fixtures";

// Holds in search and sale: another organization's holds hidden from search and refused to its
// orders until they end; the holder's order consumes the hold.

releaseAllBeforeEachTest();

describe("holds in search and sale", () => {
  type Listed = Array<{ number_e164: string; held_until?: string }>;
  const search = (query: string, token: TestTokenName) =>
    get<Listed>(`/inventory/US/local?${query}`, { token });
  const order = (items: unknown[], token: TestTokenName) =>
    api<{ data: { reference_id: string } }>("POST", "/order", {
      token,
      body: { contact_name: "Buyer", items },
    });

  it("hides another organization's holds from a search (X-Total-Count agrees) and lists the holder's with held_until", async () => {
    const region = "US-IL-CHICAGO-312";
    const query = `region=${region}&limit=2`;
    const before = await search(query, "acmeAll");
    const totalBefore = Number(before.headers.get("x-total-count"));
    const [first, second] = before.body.map((entry) => entry.number_e164);
    stopClockAt(new Date("2030-03-01T12:00:00.000Z"));
    await hold([first], "globexAll");

    const acme = await search(query, "acmeAll");
    expect(acme.body.map((entry) => entry.number_e164)[0]).toBe(second);
    expect(acme.body.every((entry) => entry.held_until === undefined)).toBe(true);
    expect(Number(acme.headers.get("x-total-count"))).toBe(totalBefore - 1);

    const globex = await search(query, "globexAll");
    expect(globex.body[0]).toMatchObject({ number_e164: first, held_until: "2030-03-01T12:15:00.000Z" });
    expect(globex.body[1].held_until).toBeUndefined();
    expect(Number(globex.headers.get("x-total-count"))).toBe(totalBefore);

    // A last short page counts from the page alone: it must agree as well.
    const lastPage = await search(`region=${region}&limit=1000`, "acmeAll");
    expect(lastPage.body.length).toBe(totalBefore - 1);
    expect(Number(lastPage.headers.get("x-total-count"))).toBe(totalBefore - 1);
    // A page past the end has no row to carry the held count: it is counted on its own.
    const pastEnd = await search(`region=${region}&limit=2&offset=100000`, "acmeAll");
    expect(pastEnd.body).toEqual([]);
    expect(Number(pastEnd.headers.get("x-total-count"))).toBe(totalBefore - 1);

    stopClockAt(new Date("2030-03-01T12:15:00.000Z"));
    const afterEnd = await search(query, "acmeAll");
    expect(afterEnd.body.map((entry) => entry.number_e164)).toEqual([first, second]);
    expect(Number(afterEnd.headers.get("x-total-count"))).toBe(totalBefore);
  });

  it("refuses another organization's order for a held number with 409; the holder's order buys it and consumes the hold", async () => {
    const [held, free] = await available("US-IL-CHICAGO-312", 2, 3);
    await hold([held], "globexAll");
    const refused = await order([{ number_e164: free }, { number_e164: held }], "acmeAll");
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(
      err(
        "Conflict",
        "number_unavailable",
        `This number is not available: ${held}. Nothing was ordered.`,
        `number_e164=${held}`,
      ),
    );
    const prisma = await getPrisma();
    expect((await prisma.inventoryNumber.findUniqueOrThrow({ where: { numberE164: free } })).status).toBe(
      "available",
    );

    const bought = await order([{ number_e164: held }], "globexAll");
    expect(bought.status).toBe(200);
    expect((await holds("globexAll")).body).toEqual({ data: [] });
    expect(await prisma.numberHold.count({ where: { numberE164: held } })).toBe(0);
  });

  it("lets another organization buy once the hold has ended", async () => {
    const [number] = await available("US-IL-CHICAGO-312", 1, 6);
    stopClockAt(new Date("2030-03-01T12:00:00.000Z"));
    await hold([number], "globexAll");
    stopClockAt(new Date("2030-03-01T12:14:59.999Z"));
    expect((await order([{ number_e164: number }], "acmeAll")).status).toBe(409);
    stopClockAt(new Date("2030-03-01T12:15:00.000Z"));
    expect((await order([{ number_e164: number }], "acmeAll")).status).toBe(200);
    // The ended hold is left to the worker's sweep, which reports it (reservation.expired) and removes it.
    const prisma = await getPrisma();
    expect(await prisma.numberHold.count({ where: { numberE164: number } })).toBe(1);
    expect(await expireEndedHolds(new Date("2030-03-01T12:15:00.000Z"))).toBeGreaterThanOrEqual(1);
    expect(await prisma.numberHold.count({ where: { numberE164: number } })).toBe(0);
  });

  it("never hands another organization's held number to a geography order", async () => {
    const region = "GB-ENG-LONDON-20";
    const lowest = await available(region, 2);
    await hold(lowest, "globexAll");
    const placed = await api<{ data: { reference_id: string } }>("POST", "/order", {
      token: "acmeAll",
      body: { contact_name: "Buyer", items: [{ country: "GB", number_type: "local", region, quantity: 2 }] },
    });
    expect(placed.status).toBe(200);
    const view = await get<{ data: { items: Array<{ assigned_numbers: string[] }> } }>(
      `/orders/${placed.body.data.reference_id}`,
      { token: "acmeAll" },
    );
    const assigned = view.body.data.items[0].assigned_numbers;
    expect(assigned).toHaveLength(2);
    expect(assigned.filter((number) => lowest.includes(number))).toEqual([]);
    expect((await holds("globexAll")).body.data.map((entry) => entry.number_e164)).toEqual(lowest);
  });
});
