// Holds racing each other and orders, in process. On PostgreSQL (TEST_DB=postgres) the
// requests run on separate pooled connections at once; on PGlite they interleave on one.
import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import type { TestTokenName } from "@/tests/fixtures";
import type { ReservationOutcome } from "@/lib/schemas/reservations";

type Outcome = { data: ReservationOutcome } & { error?: { code: string } };

describe("concurrent holds", () => {
  it("give each of 10 numbers to exactly one organization, and only its orders buy them", async () => {
    const prisma = await getPrisma();
    const rows = await prisma.inventoryNumber.findMany({
      where: { regionId: "US-CA-LOS_ANGELES-213", status: "available" },
      orderBy: { numberE164: "desc" },
      take: 10,
    });
    const numbers = rows.map((row) => row.numberE164);
    expect(numbers).toHaveLength(10);
    const tokens: TestTokenName[] = ["acmeAll", "globexAll", "acmeBillingAll", "acmeAdminAll"];
    // 60 clients, each asking for a rotated list of the same numbers.
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, index) => {
        const rotated = [...numbers.slice(index % 10), ...numbers.slice(0, index % 10)];
        return api<Outcome>("POST", "/reservations", {
          token: tokens[index % tokens.length],
          body: { numbers: rotated },
        });
      }),
    );
    for (const response of responses) expect([200, 409]).toContain(response.status);

    const holds = await prisma.numberHold.findMany({ where: { numberE164: { in: numbers } } });
    expect(holds).toHaveLength(10);
    const holderOf = new Map(holds.map((hold) => [hold.numberE164, hold.organizationId]));
    // Every answer agrees with the table: what it says it held is its organization's.
    for (const [index, response] of responses.entries()) {
      if (response.status !== 200) continue;
      const organization = tokens[index % tokens.length].startsWith("acme") ? "org_acme" : "org_globex";
      for (const held of response.body.data.held) expect(holderOf.get(held.number_e164)).toBe(organization);
      for (const refused of response.body.data.not_held)
        expect([refused.reason, holderOf.get(refused.number_e164) !== organization]).toEqual([
          "held_by_another",
          true,
        ]);
    }

    // Orders from both organizations for every number at once: each sells to its holder only.
    const orders = await Promise.all(
      numbers.flatMap((number) =>
        (["acmeAll", "globexAll"] as const).map(async (token) => ({
          number,
          token,
          status: (
            await api("POST", "/order", {
              token,
              body: { contact_name: "racer", items: [{ number_e164: number }] },
            })
          ).status,
        })),
      ),
    );
    for (const attempt of orders) {
      const holder = holderOf.get(attempt.number);
      expect([attempt.number, attempt.status]).toEqual([
        attempt.number,
        (attempt.token === "acmeAll") === (holder === "org_acme") ? 200 : 409,
      ]);
    }
    const configurations = await prisma.numberConfiguration.findMany({ where: { number: { in: numbers } } });
    expect(new Map(configurations.map((row) => [row.number, row.organizationId]))).toEqual(holderOf);
    expect(await prisma.numberHold.count({ where: { numberE164: { in: numbers } } })).toBe(0);
  });
});
