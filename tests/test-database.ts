import { randomBytes } from "node:crypto";
import { Client } from "pg";

/** Which database the suites run on. */
export const testDatabaseKind: "pglite" | "postgres" =
  process.env.TEST_DB === "postgres" ? "postgres" : "pglite";

/** The server that test:pg creates and drops its databases on. */
export function adminUrl(): string {
  return process.env.PG_TEST_URL ?? process.env.DATABASE_URL ?? "postgresql://root@127.0.0.1:5432/test";
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
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
