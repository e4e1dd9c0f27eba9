import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { expireEndedHolds } from "@/lib/reservations/expire-holds";
import { errorBody as err } from "@/tests/error-body";
import type { TestTokenName } from "@/tests/fixtures";
import type { ReservationOutcome, Reservation } from "@/lib/schemas/reservations";

const bad = (message: string, details: string) => err("Bad Request", "invalid_parameter", message, details);

const hold = (numbers: unknown, token: TestTokenName = "acmeAll") =>
  api<{ data: ReservationOutcome }>("POST", "/reservations", { token, body: { numbers } });
const holds = (token: TestTokenName = "acmeAll") => get<{ data: Reservation[] }>("/reservations", { token });
const release = (number: string, token: TestTokenName = "acmeAll") =>
  api<{ data: Reservation }>("DELETE", `/reservations/${encodeURIComponent(number)}`, { token });

async function available(regionId: string, take: number, skip = 0): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.inventoryNumber.findMany({
    where: { regionId, status: "available" },
    orderBy: { numberE164: "asc" },
    take,
    skip,
  });
  return rows.map((row) => row.numberE164);
}

/** The requests' clock, stopped at `at` (the global Date is left alone: drivers time with it). */
function stopClockAt(at: Date) {
  setRequestClock(() => at);
}

// Each case starts with nothing held (the database is shared by the file's cases).
beforeEach(async () => {
  const prisma = await getPrisma();
  await prisma.numberHold.deleteMany();
});

afterEach(() => {
  setRequestClock(undefined);
});

describe("POST /reservations: refused requests change nothing", () => {
  const cases = [
    {
      name: "no body field",
      body: {},
      error: bad("numbers is required: a list of 1 to 100 E.164 numbers", "body.numbers=(missing)"),
    },
    {
      name: "an empty list",
      body: { numbers: [] },
      error: bad("numbers must list 1 to 100 E.164 numbers", "body.numbers=[]"),
    },
    {
      name: "a malformed number",
      body: { numbers: ["2125550123"] },
      error: bad("numbers.0: must be an E.164 number such as +12125550123", "body.numbers.0=2125550123"),
    },
    {
      name: "a number that is not a string",
      body: { numbers: [12125550123] },
      error: bad("numbers.0: must be an E.164 number such as +12125550123", "body.numbers.0=12125550123"),
    },
    {
      name: "an unknown field",
      body: { numbers: ["+12125550123"], minutes: 60 },
      error: bad("unknown body parameter: minutes", "body.minutes"),
    },
  ];
  it.each(cases)("$name → 400", async ({ body, error }) => {
    const response = await api("POST", "/reservations", { token: "acmeAll", body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error);
    const prisma = await getPrisma();
    expect(await prisma.numberHold.count()).toBe(0);
  });

  it("101 numbers → 400", async () => {
    const numbers = Array.from({ length: 101 }, (_, index) => `+1212555${String(index).padStart(4, "0")}`);
    const response = await hold(numbers);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      bad(
        "numbers must list 1 to 100 E.164 numbers",
        expect.stringMatching(/^body\.numbers=\["\+12125550000","\+12125550001",/),
      ),
    );
  });

  it.each([
    { name: "no token", token: null, status: 401, code: "unauthorized" },
    {
      name: "a token without reservations:write",
      token: "acmeLacksReservationsWrite" as const,
      status: 401,
      code: "insufficient_scope",
    },
  ])("$name → $status $code", async ({ token, status, code }) => {
    const [number] = await available("US-NY-NEW_YORK-212", 1);
    for (const [method, path] of [
      ["POST", "/reservations"],
      ["GET", "/reservations"],
      ["DELETE", `/reservations/${encodeURIComponent(number)}`],
    ]) {
      const response = await api<{ error: { code: string; message: string } }>(method, path, {
        token,
        body: method === "POST" ? { numbers: [number] } : undefined,
      });
      expect([method, response.status, response.body.error.code]).toEqual([method, status, code]);
      if (code === "insufficient_scope")
        expect(response.body.error.message).toBe("The token lacks the 'reservations:write' scope.");
    }
  });
});

describe("POST /reservations: outcomes", () => {
  it("holds available numbers for RESERVATION_MINUTES and says why the others were not held", async () => {
    const at = new Date("2030-03-01T12:00:00.000Z");
    stopClockAt(at);
    const [free, soldOne, theirs] = await available("US-NY-NEW_YORK-212", 3);
    expect(
      (
        await api("POST", "/order", {
          token: "globexAll",
          body: { contact_name: "G", items: [{ number_e164: soldOne }] },
        })
      ).status,
    ).toBe(200);
    expect((await hold([theirs], "globexAll")).status).toBe(200);
    const missing = "+12125550000";

    const response = await hold([missing, free, soldOne, theirs, free]);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        held: [{ number_e164: free, held_until: "2030-03-01T12:15:00.000Z" }],
        not_held: [
          { number_e164: missing, reason: "not_in_inventory" },
          { number_e164: soldOne, reason: "sold" },
          { number_e164: theirs, reason: "held_by_another" },
        ],
      },
    });
    expect((await holds()).body).toEqual({
      data: [{ number_e164: free, held_until: "2030-03-01T12:15:00.000Z" }],
    });
    expect((await holds("globexAll")).body).toEqual({
      data: [{ number_e164: theirs, held_until: "2030-03-01T12:15:00.000Z" }],
    });
  });

  it("is 409 number_unavailable, with each reason, when nothing could be held", async () => {
    const [theirs] = await available("US-IL-CHICAGO-312", 1);
    expect((await hold([theirs], "globexAll")).status).toBe(200);
    const response = await hold([theirs, "+12125550000"]);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(
      err(
        "Conflict",
        "number_unavailable",
        `None of these numbers could be held: ${theirs} (held by another organization), +12125550000 (not in inventory).`,
        `${theirs}=held_by_another,+12125550000=not_in_inventory`,
      ),
    );
    expect((await holds()).body).toEqual({ data: [] });
  });

  it("says one number could not be held, and why, when it was the only one asked for", async () => {
    const response = await hold(["+12125550000"]);
    expect(response.status).toBe(409);
    expect(response.body).toEqual(
      err(
        "Conflict",
        "number_unavailable",
        "This number could not be held: +12125550000 (not in inventory).",
        "+12125550000=not_in_inventory",
      ),
    );
  });

  it("renews a hold the organization already has, and another organization can hold it once it ended", async () => {
    const [number] = await available("GB-ENG-LONDON-20", 1);
    stopClockAt(new Date("2030-03-01T12:00:00.000Z"));
    expect((await hold([number])).body.data.held).toEqual([
      { number_e164: number, held_until: "2030-03-01T12:15:00.000Z" },
    ]);

    stopClockAt(new Date("2030-03-01T12:10:00.000Z"));
    expect((await hold([number])).body.data.held).toEqual([
      { number_e164: number, held_until: "2030-03-01T12:25:00.000Z" },
    ]);
    expect((await hold([number], "globexAll")).status).toBe(409);

    // The instant it ends it is no hold at all, though its row is still there.
    stopClockAt(new Date("2030-03-01T12:25:00.000Z"));
    expect((await holds()).body).toEqual({ data: [] });
    const prisma = await getPrisma();
    expect(await prisma.numberHold.count({ where: { numberE164: number } })).toBe(1);
    expect((await hold([number], "globexAll")).body.data.held).toEqual([
      { number_e164: number, held_until: "2030-03-01T12:40:00.000Z" },
    ]);
    expect((await holds("globexAll")).body.data).toEqual([
      { number_e164: number, held_until: "2030-03-01T12:40:00.000Z" },
    ]);
  });
});

describe("DELETE /reservations/{number_e164}", () => {
  it("releases the organization's own hold, which another organization can then take", async () => {
    const [number] = await available("US-NY-NEW_YORK-212", 1, 4);
    stopClockAt(new Date("2030-03-01T12:00:00.000Z"));
    await hold([number]);
    const released = await release(number);
    expect(released.status).toBe(200);
    expect(released.body).toEqual({ data: { number_e164: number, held_until: "2030-03-01T12:15:00.000Z" } });
    expect((await holds()).body).toEqual({ data: [] });
    expect((await hold([number], "globexAll")).status).toBe(200);
  });

  it.each([
    { name: "another organization's hold", setup: "globex" },
    { name: "a hold that ended", setup: "ended" },
    { name: "a number nobody holds", setup: "none" },
  ])("is 404 for $name, and releases nothing", async ({ setup }) => {
    const [number] = await available("US-NY-NEW_YORK-212", 1, 5);
    stopClockAt(new Date("2030-03-01T12:00:00.000Z"));
    if (setup === "globex") await hold([number], "globexAll");
    if (setup === "ended") {
      await hold([number]);
      stopClockAt(new Date("2030-03-01T12:15:00.000Z"));
    }
    const response = await release(number);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(
      err("Not Found", "not_found", `Your organization holds no ${number}.`, `number_e164=${number}`),
    );
    if (setup === "globex")
      expect((await holds("globexAll")).body.data.map((entry) => entry.number_e164)).toEqual([number]);
  });

  it("reads an unencoded + (a space once decoded) as +, and refuses a malformed number", async () => {
    const [number] = await available("US-NY-NEW_YORK-212", 1, 6);
    await hold([number]);
    const unencoded = await api("DELETE", `/reservations/${number}`, { token: "acmeAll" });
    expect(unencoded.body).toEqual({ data: { number_e164: number, held_until: expect.any(String) } });
    const malformed = await api("DELETE", "/reservations/12345", { token: "acmeAll" });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual(
      bad("number_e164 must be an E.164 number such as +12125550123", "path.number_e164=12345"),
    );
  });
});

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
