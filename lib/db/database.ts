// What lib/db/client.ts opens, and the opener a process may put in place of the environment's.
// Apart from client.ts, which loads Prisma and PGlite: tests/setup-database.ts registers each
// test file's opener through this module, so a file that never uses the database loads neither.
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { SqlExecutor } from "@/lib/db/sql-executor";
import type { ListenHandlers, Unlisten } from "@/lib/db/listen";
import { processSlot } from "@/lib/process-singleton";

export type Database = {
  prisma: PrismaClient;
  /** Plain SQL on the same database, for the migration runner and bulk loads. */
  sql: SqlExecutor;
  kind: "pglite" | "postgres";
  /** host:port/database (no user or password) for logs and /api/ready; "embedded" for PGlite. */
  name: string;
  /** LISTEN on a channel for as long as the process runs (absent: a database without it). */
  listen?(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  close(): Promise<void>;
};

/**
 * Opens this process's database at its first getDatabase(), instead of connecting as the
 * environment says; unset: the environment's. Set before that first use.
 */
export const databaseOpener = processSlot<() => Promise<Database>>("database-opener");
