// docs/CONTRACT.md §12 across processes: CLUSTER_CLIENTS clients of three organizations hold the same
// 50 numbers through every instance at once. Each number ends up held by exactly one
// organization; the others' orders for it all answer 409 while the hold lives; once it has
// ended (the instances run with a short RESERVATION_MINUTES, run.ts's HOLD_MINUTES), another
// organization holds and buys every one of them.
import { randomBytes } from "node:crypto";
import type { Pool } from "pg";
import { connectPostgres } from "@/lib/db/client";
import { createApiToken } from "@/lib/auth/tokens";
import { scopes } from "@/lib/schemas/scopes";
import { call } from "@/tests/cluster/http";
import { check, histogram } from "@/tests/cluster/report";

type Instance = { name: string; url: string };
type Outcome = { data: { held: Array<{ number_e164: string }>; not_held: unknown[] } };

const NUMBERS = 50;
const PER_CLIENT = 5;

async function organizationsWithTokens(url: string, count: number) {
  const db = await connectPostgres(url, 2);
  try {
    const tag = randomBytes(3).toString("hex");
    const orgs: Array<{ id: string; token: string }> = [];
    for (let index = 0; index < count; index++) {
      const id = `org_hold_${tag}_${index}`;
      await db.prisma.organization.create({ data: { id, name: `Hold race ${index}` } });
      // A token acts for its creator (docs/CONTRACT.md §15): an owner whose email is verified may hold
      // and buy. Nobody signs in as them, so the password hash is not a hash of anything.
      const userId = `usr_hold_${tag}_${index}`;
      await db.prisma.user.create({
        data: {
          id: userId,
          organizationId: id,
          email: `${userId}@hold-race.example`,
          name: `Hold race ${index}`,
          role: "owner",
          passwordHash: "!",
          emailVerifiedAt: new Date(),
        },
      });
      const { secret } = await createApiToken(db.prisma, {
        organizationId: id,
        userId,
        name: "holds",
        scopes,
      });
      orgs.push({ id, token: secret });
    }
    return orgs;
  } finally {
    await db.close();
  }
}

export async function holdRaceChecks(instances: Instance[], url: string, pool: Pool, clients: number) {
  const orgs = await organizationsWithTokens(url, 3);
  const { rows } = await pool.query<{ number_e164: string }>(
    `SELECT number_e164 FROM inventory_number n WHERE status = 'available'
       AND NOT EXISTS (SELECT 1 FROM number_hold h WHERE h.number_e164 = n.number_e164)
     ORDER BY md5(number_e164) LIMIT ${NUMBERS}`,
  );
  const numbers = rows.map((row) => row.number_e164);
  // Every client asks for PER_CLIENT of the 50, spread so each number is asked for by many.
  const answers = await Promise.all(
    Array.from({ length: clients }, (_, client) =>
      call<Outcome>(instances[client % instances.length], "POST", "/reservations", {
        token: orgs[client % orgs.length].token,
        body: {
          numbers: Array.from({ length: PER_CLIENT }, (_, k) => numbers[(client * 7 + k * 11) % NUMBERS]),
        },
      }),
    ),
  );
  const heldBy = new Map<string, Set<string>>();
  answers.forEach((answer, client) => {
    if (answer.status !== 200) return;
    for (const { number_e164 } of answer.body.data.held) {
      const holders = heldBy.get(number_e164) ?? new Set();
      holders.add(orgs[client % orgs.length].id);
      heldBy.set(number_e164, holders);
    }
  });
  const stored = await pool.query<{ number_e164: string; organization_id: string }>(
    `SELECT number_e164, organization_id FROM number_hold WHERE number_e164 = ANY($1) AND held_until > now()`,
    [numbers],
  );
  const holderOf = new Map(stored.rows.map((row) => [row.number_e164, row.organization_id]));
  check(
    `${clients} clients of ${orgs.length} organizations: every one of the ${NUMBERS} numbers held by exactly one organization`,
    numbers.every(
      (number) => heldBy.get(number)?.size === 1 && heldBy.get(number)?.has(holderOf.get(number)!),
    ),
    `answers ${histogram(answers.map((answer) => answer.status))}; ${holderOf.size} numbers held`,
  );

  // The other organizations' orders for each held number: all 409 while the holds live.
  const others = (number: string) => orgs.filter((org) => org.id !== holderOf.get(number));
  const refused = await Promise.all(
    numbers.flatMap((number, index) =>
      others(number).map((org, k) =>
        call<{ error?: { code: string } }>(instances[(index + k) % instances.length], "POST", "/order", {
          token: org.token,
          body: { contact_name: "hold race", items: [{ number_e164: number }] },
        }),
      ),
    ),
  );
  check(
    `other organizations' orders while the holds live: all ${refused.length} answered 409 number_unavailable`,
    refused.every((answer) => answer.status === 409 && answer.body.error?.code === "number_unavailable"),
    histogram(refused.map((answer) => answer.status)),
  );

  // After the holds end, by themselves, another organization holds and buys each number.
  const { rows: ends } = await pool.query<{ wait_ms: number }>(
    `SELECT GREATEST(0, EXTRACT(EPOCH FROM max(held_until) - now()) * 1000)::int AS wait_ms FROM number_hold WHERE number_e164 = ANY($1)`,
    [numbers],
  );
  await new Promise((resolve) => setTimeout(resolve, (ends[0]?.wait_ms ?? 0) + 1_000));
  const after = await Promise.all(
    numbers.map(async (number, index) => {
      const buyer = others(number)[0];
      const instance = instances[index % instances.length];
      const held = await call(instance, "POST", "/reservations", {
        token: buyer.token,
        body: { numbers: [number] },
      });
      const bought = await call(instance, "POST", "/order", {
        token: buyer.token,
        body: { contact_name: "after the hold", items: [{ number_e164: number }] },
      });
      return { held: held.status, bought: bought.status };
    }),
  );
  check(
    `after the holds ended: another organization held all ${NUMBERS}`,
    after.every((answer) => answer.held === 200),
    histogram(after.map((answer) => answer.held)),
  );
  check(
    `and bought all ${NUMBERS}`,
    after.every((answer) => answer.bought === 200),
    histogram(after.map((answer) => answer.bought)),
  );
  const sold = await pool.query<{ sold: number }>(
    `SELECT count(*)::int AS sold FROM inventory_number WHERE number_e164 = ANY($1) AND status = 'sold'`,
    [numbers],
  );
  check(
    `the ${NUMBERS} numbers are sold, once each`,
    sold.rows[0].sold === NUMBERS,
    `${sold.rows[0].sold} sold`,
  );
}
