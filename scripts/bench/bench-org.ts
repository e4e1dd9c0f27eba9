// The benchmark's own organization and token, and the bookkeeping around the orders it
// places: what it buys is given back afterwards, so the bench database stays reusable.
import { Client } from "pg";
import { connectPostgres } from "@/lib/db/client";
import { createApiToken } from "@/lib/auth/tokens";
import { scopes } from "@/lib/schemas/scopes";

export const BENCH_ORGANIZATION = { id: "org_bench", name: "Benchmark" } as const;
const TOKEN_NAME = "bench";

/**
 * The bench organization and `count - 1` more (org_bench_2, …): orders spread over several
 * organizations do not all queue on one billing account's lock, as one organization's do.
 */
export function benchOrganizations(count: number): Array<{ id: string; name: string }> {
  return Array.from({ length: count }, (_, index) =>
    index === 0
      ? { ...BENCH_ORGANIZATION }
      : { id: `${BENCH_ORGANIZATION.id}_${index + 1}`, name: `${BENCH_ORGANIZATION.name} ${index + 1}` },
  );
}

/** Every bench organization a run may have made: org_bench and org_bench_<n>. */
const BENCH_ORGANIZATIONS_SQL = `(SELECT "id" FROM "organization" WHERE "id" = 'org_bench' OR "id" LIKE 'org\\_bench\\_%')`;

/** A fresh token with every scope for a bench organization (earlier bench tokens are deleted). */
export async function createBenchToken(
  url: string,
  organization: { id: string; name: string } = BENCH_ORGANIZATION,
): Promise<string> {
  const db = await connectPostgres(url, 2);
  const userId =
    organization.id === BENCH_ORGANIZATION.id ? "usr_bench_owner" : `usr_${organization.id}_owner`;
  try {
    await db.prisma.organization.upsert({
      where: { id: organization.id },
      create: organization,
      update: {},
    });
    // A token acts for its creator (docs/CONTRACT.md §15): the bench's owner, verified, may do anything
    // a token can. Nobody signs in as them, so the password hash is not a hash of anything.
    await db.prisma.user.upsert({
      where: { id: userId },
      create: {
        id: userId,
        organizationId: organization.id,
        email:
          organization.id === BENCH_ORGANIZATION.id
            ? "owner@bench.example"
            : `owner@${organization.id}.example`,
        name: "Benchmark owner",
        role: "owner",
        passwordHash: "!",
        emailVerifiedAt: new Date(),
      },
      update: {},
    });
    await db.prisma.apiToken.deleteMany({
      where: { organizationId: organization.id, name: TOKEN_NAME },
    });
    const { secret } = await createApiToken(db.prisma, {
      organizationId: organization.id,
      userId,
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

/**
 * Puts the numbers the bench organizations bought back on sale and deletes their orders: all of
 * them, or with `since` (a time on the database's clock) only the orders placed from then on.
 */
export async function returnBenchPurchases(url: string, since?: string): Promise<number> {
  const params = since === undefined ? [] : [since];
  const placed = since === undefined ? "" : `AND o."created_at" >= $1`;
  const orders = `SELECT o."id" FROM "order" o WHERE o."organization_id" IN ${BENCH_ORGANIZATIONS_SQL} ${placed}`;
  return withClient(url, async (client) => {
    await client.query("BEGIN");
    try {
      // A load's last orders are still being placed when its clients stop: this waits for
      // those that have begun (each writes "order" first) and holds back any later one until
      // the commit. Without it, an order that committed between the DELETE and the UPDATE
      // below left its number on sale with a configuration: the next sale of it failed.
      await client.query(`LOCK TABLE "order" IN SHARE MODE`);
      await client.query(
        since === undefined
          ? `DELETE FROM "number_configuration" WHERE "organization_id" IN ${BENCH_ORGANIZATIONS_SQL}`
          : `DELETE FROM "number_configuration" WHERE "organization_id" IN ${BENCH_ORGANIZATIONS_SQL}
               AND "inventory_number_id" IN (SELECT n."id" FROM "inventory_number" n
                 JOIN "order_item" i ON i."id" = n."order_item_id" WHERE i."order_id" IN (${orders}))`,
        params,
      );
      const returned = await client.query(
        `UPDATE "inventory_number" SET "status" = 'available', "order_item_id" = NULL, "sold_at" = NULL
          WHERE "order_item_id" IN (SELECT i."id" FROM "order_item" i WHERE i."order_id" IN (${orders}))`,
        params,
      );
      await client.query(
        `DELETE FROM "idempotency_record" WHERE "organization_id" IN ${BENCH_ORGANIZATIONS_SQL}
           ${since === undefined ? "" : `AND "created_at" >= $1`}`,
        params,
      );
      await client.query(`DELETE FROM "order" WHERE "id" IN (${orders})`, params);
      await client.query("COMMIT");
      return returned.rowCount ?? 0;
    } catch (error) {
      await client.query("ROLLBACK");
      throw error;
    }
  });
}

/** The database's clock now, for `returnBenchPurchases(url, since)` and `backorderedSince`. */
export async function databaseNow(url: string): Promise<string> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ now: string }>(`SELECT now()::text AS "now"`);
    return rows[0].now;
  });
}

/** Numbers the bench organizations' orders placed since `since` could not be given (back-ordered). */
export async function backorderedSince(url: string, since: string): Promise<number> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ count: number }>(
      `SELECT COALESCE(sum(i."backordered_quantity"), 0)::int AS "count" FROM "order_item" i
         JOIN "order" o ON o."id" = i."order_id"
        WHERE o."organization_id" IN ${BENCH_ORGANIZATIONS_SQL} AND o."created_at" >= $1`,
      [since],
    );
    return rows[0].count;
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
      `SELECT count(*)::int AS "count" FROM "order" WHERE "organization_id" IN ${BENCH_ORGANIZATIONS_SQL}`,
    );
    const sold = await client.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM "inventory_number" n JOIN "order_item" i ON i."id" = n."order_item_id"
         JOIN "order" o ON o."id" = i."order_id" WHERE o."organization_id" IN ${BENCH_ORGANIZATIONS_SQL}`,
    );
    const claimedTwice = await client.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM (
         SELECT "number" FROM "number_configuration" WHERE "kind" = 'number' GROUP BY "number" HAVING count(*) > 1) AS twice`,
    );
    const shortItems = await client.query<{ count: number }>(
      `SELECT count(*)::int AS "count" FROM "order_item" i JOIN "order" o ON o."id" = i."order_id"
        WHERE o."organization_id" IN ${BENCH_ORGANIZATIONS_SQL}
          AND i."quantity" - i."backordered_quantity" <> (SELECT count(*) FROM "inventory_number" n WHERE n."order_item_id" = i."id")`,
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
