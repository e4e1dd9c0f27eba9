// The benchmark's own organization and token, and the bookkeeping around the orders it
// places: what it buys is given back afterwards, so the bench database stays reusable.
import { Client } from "pg";
import { connectPostgres } from "@/lib/db/client";
import { createApiToken } from "@/lib/auth/tokens";
import { scopes } from "@/lib/schemas/scopes";

export const BENCH_ORGANIZATION = { id: "org_bench", name: "Benchmark" } as const;
const TOKEN_NAME = "bench";
const BENCH_USER_ID = "usr_bench_owner";

/** A fresh token with every scope for the bench organization (earlier bench tokens are deleted). */
export async function createBenchToken(url: string): Promise<string> {
  const db = await connectPostgres(url, 2);
  try {
    await db.prisma.organization.upsert({
      where: { id: BENCH_ORGANIZATION.id },
      create: BENCH_ORGANIZATION,
      update: {},
    });
    // A token acts for its creator (docs/CONTRACT.md §15): the bench's owner, verified, may do anything
    // a token can. Nobody signs in as them, so the password hash is not a hash of anything.
    await db.prisma.user.upsert({
      where: { id: BENCH_USER_ID },
      create: {
        id: BENCH_USER_ID,
        organizationId: BENCH_ORGANIZATION.id,
        email: "owner@bench.example",
        name: "Benchmark owner",
        role: "owner",
        passwordHash: "!",
        emailVerifiedAt: new Date(),
      },
      update: {},
    });
    await db.prisma.apiToken.deleteMany({
      where: { organizationId: BENCH_ORGANIZATION.id, name: TOKEN_NAME },
    });
    const { secret } = await createApiToken(db.prisma, {
      organizationId: BENCH_ORGANIZATION.id,
      userId: BENCH_USER_ID,
      name: TOKEN_NAME,
      scopes,
    });
    return secret;
  } finally {
    await db.close();
  }
}

async function withClient<T>(url: string, fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Puts every number the bench organization bought back on sale and deletes its orders. */
export async function returnBenchPurchases(url: string): Promise<number> {
  return withClient(url, async (client) => {
    await client.query("BEGIN");
    try {
      await client.query(`DELETE FROM "number_configuration" WHERE "organization_id" = $1`, [
        BENCH_ORGANIZATION.id,
      ]);
      const returned = await client.query(
        `UPDATE "inventory_number" SET "status" = 'available', "order_item_id" = NULL, "sold_at" = NULL
          WHERE "order_item_id" IN (SELECT i."id" FROM "order_item" i JOIN "order" o ON o."id" = i."order_id" WHERE o."organization_id" = $1)`,
        [BENCH_ORGANIZATION.id],
      );
      await client.query(`DELETE FROM "idempotency_record" WHERE "organization_id" = $1`, [
        BENCH_ORGANIZATION.id,
      ]);
      await client.query(`DELETE FROM "order" WHERE "organization_id" = $1`, [BENCH_ORGANIZATION.id]);
      await client.query("COMMIT");
      return returned.rowCount ?? 0;
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
  });
}

export type SaleCheck = { orders: number; numbersSold: number; soldTwice: number };

/**
 * Numbers sold twice, counted two ways: a number more than one configuration claims, and an
 * order item that holds fewer numbers than it says it was given (the mark a second sale
 * overwriting a first would leave). Both must be zero.
 */
export async function checkBenchSales(url: string): Promise<SaleCheck> {
  return withClient(url, async (client) => {
    // One snapshot for all counts: orders still in flight when the load stops commit meanwhile.
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
    const orders = await client.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM "order" WHERE "organization_id" = $1`,
      [BENCH_ORGANIZATION.id],
    );
    const sold = await client.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM "inventory_number" n JOIN "order_item" i ON i."id" = n."order_item_id"
         JOIN "order" o ON o."id" = i."order_id" WHERE o."organization_id" = $1`,
      [BENCH_ORGANIZATION.id],
    );
    const claimedTwice = await client.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM (
         SELECT "number" FROM "number_configuration" WHERE "kind" = 'number' GROUP BY "number" HAVING count(*) > 1) AS twice`,
    );
    const shortItems = await client.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM "order_item" i JOIN "order" o ON o."id" = i."order_id"
        WHERE o."organization_id" = $1
          AND i."quantity" - i."backordered_quantity" <> (SELECT count(*) FROM "inventory_number" n WHERE n."order_item_id" = i."id")`,
      [BENCH_ORGANIZATION.id],
    );
    await client.query("COMMIT");
    return {
      orders: orders.rows[0].count,
      numbersSold: sold.rows[0].count,
      soldTwice: claimedTwice.rows[0].count + shortItems.rows[0].count,
    };
  });
}

/** Available numbers of a region, for named-number orders to fight over. */
export async function availableNumbers(url: string, regionId: string, count: number): Promise<string[]> {
  return withClient(url, async (client) => {
    const rows = await client.query<{ number_e164: string }>(
      `SELECT "number_e164" FROM "inventory_number" WHERE "region_id" = $1 AND "status" = 'available' ORDER BY "number_e164" DESC LIMIT $2`,
      [regionId, count],
    );
    return rows.rows.map((row) => row.number_e164);
  });
}
