import "server-only";
import type { PGlite, Transaction } from "@electric-sql/pglite";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Pool, PoolClient } from "pg";

/** The few raw-SQL operations the migration runner and bulk loaders need, on either database. */
export type SqlExecutor = {
  query<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
  /** Runs several statements in one string (a migration file). */
  exec(text: string): Promise<void>;
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /**
   * `COPY … FROM STDIN` fed with text-format chunks: the fastest way to load many rows. Only a
   * PostgreSQL server has it (PGlite takes COPY from a blob, not a stream), so callers check.
   */
  copyFrom?(statement: string, chunks: Iterable<string> | AsyncIterable<string>): Promise<void>;
};

export function pgliteExecutor(db: PGlite | Transaction): SqlExecutor {
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await db.query<Row>(text, params);
      return result.rows;
    },
    async exec(text: string) {
      await db.exec(text);
    },
    async transaction(fn) {
      if (!("transaction" in db)) return fn(pgliteExecutor(db));
      return db.transaction((tx) => fn(pgliteExecutor(tx)));
    },
  };
}

export function pgExecutor(pool: Pool | PoolClient, inTransaction = false): SqlExecutor {
  return {
    async query<Row>(text: string, params: unknown[] = []) {
      const result = await pool.query(text, params);
      return result.rows as Row[];
    },
    async exec(text: string) {
      await pool.query(text);
    },
    async transaction(fn) {
      if (inTransaction) return fn(pgExecutor(pool, true));
      const client = "release" in pool ? pool : await (pool as Pool).connect();
      try {
        await client.query("BEGIN");
        const result = await fn(pgExecutor(client, true));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK");
        throw error;
      } finally {
        if (client !== pool) client.release();
      }
    },
    async copyFrom(statement, chunks) {
      // Loaded on first use so that PGlite-only processes never need the package.
      const { from } = await import("pg-copy-streams");
      const client = "release" in pool ? pool : await (pool as Pool).connect();
      try {
        await pipeline(Readable.from(chunks), client.query(from(statement)));
      } finally {
        if (client !== pool) client.release();
      }
    },
  };
}
