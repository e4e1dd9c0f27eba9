// The SQL Prisma sends for GET /products/{country}, captured from Prisma's query events while
// the app's own listProducts runs, so the baseline replays those statements rather than a
// hand-written (and cheaper) query.
import { Pool } from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { setDatabase } from "@/lib/db/client";
import { pgExecutor } from "@/lib/db/sql-executor";
import { listProducts } from "@/lib/products/list-products";

export type CapturedStatement = { text: string; values: unknown[] };

/**
 * The statements listProducts sends for a country on a warm process, in order: a first call
 * fills the app's reference cache, the second is captured. What the app validates against
 * that cache costs no statement; a lookup it makes in the database would be captured too.
 */
export async function captureProductStatements(url: string, country: string): Promise<CapturedStatement[]> {
  const pool = new Pool({ connectionString: url, max: 1 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), log: [{ emit: "event", level: "query" }] });
  const statements: CapturedStatement[] = [];
  let capturing = false;
  prisma.$on("query", (event) => {
    if (capturing) statements.push({ text: event.query, values: JSON.parse(event.params) as unknown[] });
  });
  setDatabase({ prisma, sql: pgExecutor(pool), kind: "postgres", name: "bench", close: async () => {} });
  try {
    await listProducts({ country });
    capturing = true;
    await listProducts({ country });
  } finally {
    capturing = false;
    await prisma.$disconnect();
    await pool.end();
  }
  return statements;
}
