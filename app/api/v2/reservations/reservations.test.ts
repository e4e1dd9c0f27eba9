import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { errorBody as err } from "@/tests/error-body";
import {
  available,
  bad,
  hold,
  holds,
  release,
  releaseAllBeforeEachTest,
  stopClockAt,
} from "@/app/api/v2/reservations/reservation-fixtures";

// POST and DELETE /reservations: refused requests, outcomes and release. How holds shape search
// and sale is in reservations-search-sale.test.ts.

releaseAllBeforeEachTest();

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
