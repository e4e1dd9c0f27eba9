// A sale is at most 3 round trips to the database (docs/PERFORMANCE.md, "The sale in two
// statements"): each costs a loopback write and, inside an interactive transaction, Prisma's
// machinery; an order once took a dozen. Counted where the statements leave the process: each query
// a pg client sends (PostgreSQL), each Parse or simple Query message PGlite executes (the embedded
// database), while POST /order is in placeOrder: the request's authentication and rate limit, which
// every endpoint pays (a token lookup, and now and then the limiter's lease), are not the sale's.
// It fails when the sale goes back to many statements.
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Client } from "pg";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { testDatabaseKind } from "@/tests/test-database";

// Set while POST /order runs placeOrder (the requests here run one at a time).
let selling = false;
vi.mock("@/lib/orders/place-order", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/orders/place-order")>();
  return {
    ...original,
    placeOrder: async (...args: Parameters<typeof original.placeOrder>) => {
      selling = true;
      try {
        return await original.placeOrder(...args);
      } finally {
        selling = false;
      }
    },
  };
});

type Placed = { data: { reference_id: string; numbers: Array<{ number_e164: string }> } };

const MAX_ROUND_TRIPS = 3;

/** Counts the statements sent to the database while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  if (testDatabaseKind === "postgres") {
    const query = Client.prototype.query;
    const spy = vi.spyOn(Client.prototype, "query").mockImplementation(function (
      this: Client,
      ...args: unknown[]
    ) {
      if (selling) count++;
      return (query as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    try {
      await work();
    } finally {
      spy.mockRestore();
    }
    return count;
  }
  // PGlite: every statement is one Parse (extended protocol) or Query (simple) message.
  const { PGlite } = await import("@electric-sql/pglite");
  const stream = PGlite.prototype.execProtocolStream;
  const spy = vi.spyOn(PGlite.prototype, "execProtocolStream").mockImplementation(function (
    this: InstanceType<typeof PGlite>,
    message,
    options,
  ) {
    if (selling && (message[0] === 0x50 || message[0] === 0x51)) count++;
    return stream.call(this, message, options);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return count;
}

const order = (body: unknown, headers?: Record<string, string>) =>
  api<Placed>("POST", "/order", { token: "acmeAll", body, headers });

async function availableNumbers(regionId: string, take: number): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.inventoryNumber.findMany({
    where: { regionId, status: "available", requiredDocumentIds: { isEmpty: true } },
    orderBy: { numberE164: "asc" },
    take,
  });
  return rows.map((row) => row.numberE164);
}

describe(`the sale's round trips on ${testDatabaseKind}`, () => {
  beforeAll(async () => {
    // The token, the reference data and the rate limiter's lease are cached after a first request.
    await order({
      contact_name: "warm up",
      items: [{ country: "US", number_type: "local", region: "US-CA-LOS_ANGELES-213" }],
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const sold = async (body: unknown, headers?: Record<string, string>) => {
    let response: Awaited<ReturnType<typeof order>> | undefined;
    const count = await statementsOf(async () => {
      response = await order(body, headers);
    });
    // The counting itself works: a sale sends something.
    expect(count).toBeGreaterThan(0);
    return { count, response: response! };
  };

  it(`one geography item: at most ${MAX_ROUND_TRIPS} statements`, async () => {
    const { count, response } = await sold({
      contact_name: "one geography",
      items: [{ country: "US", number_type: "local", region: "US-CA-LOS_ANGELES-213", quantity: 2 }],
    });
    expect(response.status).toBe(200);
    expect(response.body.data.numbers).toHaveLength(2);
    expect(count).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  it(`named numbers with an Idempotency-Key, and its replay: at most ${MAX_ROUND_TRIPS} statements each`, async () => {
    const numbers = await availableNumbers("US-NY-NEW_YORK-212", 3);
    const body = { contact_name: "named", items: numbers.map((number) => ({ number_e164: number })) };
    const headers = { "Idempotency-Key": "round-trips-named" };
    const first = await sold(body, headers);
    expect(first.response.status).toBe(200);
    expect(first.response.body.data.numbers.map((number) => number.number_e164)).toEqual(numbers);
    expect(first.count).toBeLessThanOrEqual(MAX_ROUND_TRIPS);

    const replay = await sold(body, headers);
    expect(replay.response.status).toBe(200);
    expect(replay.response.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.response.body).toEqual(first.response.body);
    expect(replay.count).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  // pg's pool ends a connection whose query failed: a refusal raised as an error cost the next
  // order a new PostgreSQL backend. place_order_answer hands refusals back as an answer.
  it.runIf(testDatabaseKind === "postgres")(
    "a refused order (409 number_unavailable, 409 idempotency_conflict) keeps the pool's connections",
    async () => {
      const [number] = await availableNumbers("US-NY-NEW_YORK-212", 1);
      const body = { contact_name: "kept", items: [{ number_e164: number }] };
      const headers = { "Idempotency-Key": "round-trips-kept" };
      expect((await order(body, headers)).status).toBe(200);
      const ended = vi.spyOn(Client.prototype, "end");
      expect((await order(body)).status).toBe(409);
      const conflict = await order({ ...body, contact_name: "another body" }, headers);
      expect(conflict.status).toBe(409);
      expect(ended).not.toHaveBeenCalled();
    },
  );

  it("named numbers already sold: 409 in as few", async () => {
    const [number] = await availableNumbers("US-NY-NEW_YORK-212", 1);
    const body = { contact_name: "twice", items: [{ number_e164: number }] };
    expect((await order(body)).status).toBe(200);
    const again = await sold(body);
    expect(again.response.status).toBe(409);
    expect(again.count).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });
});
