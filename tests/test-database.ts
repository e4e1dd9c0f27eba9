import { randomBytes } from "node:crypto";
import { Client } from "pg";
import { databaseOpener } from "@/lib/db/database";

/** Which database the suites run on. */
export const testDatabaseKind: "pglite" | "postgres" =
  process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

function serverUrl(): string {
  return process.env.PG_TEST_URL ?? process.env.DATABASE_URL ?? "postgresql://root@127.0.0.1:5432/test";
}

/**
 * The server that test:pg creates and drops its databases on, and migrates them: directly, also
 * when PG_TEST_URL is PgBouncer (PG_TEST_DIRECT_URL then names the server itself, docs/CONTRACT.md §18).
 */
export function adminUrl(): string {
  return process.env.PG_TEST_DIRECT_URL ?? serverUrl();
}

function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database as the app reaches it (through PgBouncer when PG_TEST_URL is one). */
export function databaseUrl(name: string): string {
  return withDatabase(serverUrl(), name);
}

/** The same database on the server itself, for migrations and LISTEN. */
export function directDatabaseUrl(name: string): string {
  return withDatabase(adminUrl(), name);
}

/**
 * test:pg: the URL of this test file's database, for a second connection as another app instance
 * would open one. tests/setup-database.ts makes the database on first use; this is a use.
 */
export async function testDatabaseUrl(): Promise<string> {
  await databaseOpener.get()?.();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("Only a test database on PostgreSQL (TEST_DB=postgres) has a URL.");
  return url;
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

export async function withAdminClient<T>(fn: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: adminUrl() });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `test:pg needs a PostgreSQL server at ${adminUrl()} (set PG_TEST_URL): ${(error as Error).message}`,
    );
  }
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Identifiers come from uniqueDatabaseName, never from input; quoting keeps them exact anyway.
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
