import { vi } from "vitest";
import { Client } from "pg";
import { testDatabaseKind } from "@/tests/test-database";

// Counts the SQL statements sent while `work` runs, where they leave the process: each query a
// pg client sends (PostgreSQL), each Parse or simple Query message PGlite executes (the
// embedded database). As lib/orders/round-trips.test.ts counts the sale's; the test must run
// nothing else meanwhile.

export async function statementsOf(work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  if (testDatabaseKind === "postgres") {
    const query = Client.prototype.query;
    const spy = vi.spyOn(Client.prototype, "query").mockImplementation(function (
      this: Client,
      ...args: unknown[]
    ) {
      count++;
      return (query as (...rest: unknown[]) => unknown).apply(this, args);
    } as typeof query);
    try {
      await work();
    } finally {
      spy.mockRestore();
    }
    return count;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const stream = PGlite.prototype.execProtocolStream;
  const spy = vi.spyOn(PGlite.prototype, "execProtocolStream").mockImplementation(function (
    this: InstanceType<typeof PGlite>,
    message,
    options,
  ) {
    if (message[0] === 0x50 || message[0] === 0x51) count++;
    return stream.call(this, message, options);
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return count;
}
