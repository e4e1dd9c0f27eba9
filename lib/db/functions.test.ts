import { createHash } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client";
import { applyFunctions, readFunctions, type FunctionFile } from "@/lib/db/migrate";

// The function files (prisma/functions, Flyway's repeatable migrations): applied after the
// migrations, in name order in one transaction, again whenever a file changes. Here on the
// test database (PGlite, or PostgreSQL with `npm run test:pg`), with functions of their own
// whose names no file of the project uses.

const file = (name: string, sql: string): FunctionFile => ({
  name,
  sql,
  checksum: createHash("sha256").update(sql).digest("hex"),
});
const answering = (name: string, value: number) =>
  file(name, `CREATE OR REPLACE FUNCTION ${name}() RETURNS INT LANGUAGE sql AS $$ SELECT ${value} $$;`);

async function call(name: string): Promise<number> {
  const { sql } = await getDatabase();
  const [row] = await sql.query<{ value: number }>(`SELECT ${name}() AS value`);
  return row.value;
}

async function recorded(prefix: string): Promise<Array<{ name: string; checksum: string }>> {
  const { sql } = await getDatabase();
  return sql.query(`SELECT "name", "checksum" FROM "_functions" WHERE "name" LIKE $1 ORDER BY "name"`, [
    `${prefix}%`,
  ]);
}

describe("the function files", () => {
  it("are all applied to a migrated database, with their checksums", async () => {
    const files = readFunctions();
    expect(files.map((entry) => entry.name)).toContain("sell_to_item");
    const { sql } = await getDatabase();
    const rows = await sql.query<{ name: string; checksum: string }>(
      `SELECT "name", "checksum" FROM "_functions" ORDER BY "name"`,
    );
    expect(rows).toEqual(files.map((entry) => ({ name: entry.name, checksum: entry.checksum })));
  });

  it("are read from a directory in name order, each a whole CREATE OR REPLACE FUNCTION", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "functions-"));
    writeFileSync(path.join(dir, "b_two.sql"), "SELECT 2;");
    writeFileSync(path.join(dir, "a_one.sql"), "SELECT 1;");
    writeFileSync(path.join(dir, "notes.txt"), "not a function");
    expect(readFunctions(dir).map((entry) => entry.name)).toEqual(["a_one", "b_two"]);
    expect(readFunctions(path.join(dir, "missing"))).toEqual([]);
    for (const entry of readFunctions())
      expect(entry.sql, entry.name).toMatch(new RegExp(`CREATE OR REPLACE FUNCTION ${entry.name}\\(`));
  });
});

describe("applyFunctions", () => {
  it("applies new files in name order, then skips them while unchanged", async () => {
    const { sql } = await getDatabase();
    // The second calls the first: applied in name order, and bodies checked only when called.
    const files = [
      file(
        "fnt_b_caller",
        "CREATE OR REPLACE FUNCTION fnt_b_caller() RETURNS INT LANGUAGE sql AS $$ SELECT fnt_a_one() + 1 $$;",
      ),
      answering("fnt_a_one", 1),
    ];
    expect(await applyFunctions(sql, files)).toEqual(["fnt_a_one", "fnt_b_caller"]);
    expect(await call("fnt_b_caller")).toBe(2);
    expect(await recorded("fnt_")).toEqual(
      [files[1], files[0]].map((entry) => ({ name: entry.name, checksum: entry.checksum })),
    );
    expect(await applyFunctions(sql, files)).toEqual([]);
  });

  it("re-applies a file whose text changed, and only that one", async () => {
    const { sql } = await getDatabase();
    await applyFunctions(sql, [answering("fnc_kept", 1), answering("fnc_changed", 1)]);
    const changed = answering("fnc_changed", 2);
    expect(await applyFunctions(sql, [answering("fnc_kept", 1), changed])).toEqual(["fnc_changed"]);
    expect(await call("fnc_changed")).toBe(2);
    expect(await recorded("fnc_changed")).toEqual([{ name: "fnc_changed", checksum: changed.checksum }]);
  });

  it("applies all of them or none: a broken file leaves the others as they were", async () => {
    const { sql } = await getDatabase();
    await applyFunctions(sql, [answering("fnx_a", 1)]);
    const before = await recorded("fnx_");
    await expect(
      applyFunctions(sql, [answering("fnx_a", 2), file("fnx_b", "CREATE OR REPLACE FUNCTION fnx_b( broken")]),
    ).rejects.toThrow();
    expect(await call("fnx_a")).toBe(1);
    expect(await recorded("fnx_")).toEqual(before);
  });

  it("applies each change once when several processes start at once", async () => {
    const { sql } = await getDatabase();
    const files = [answering("fnp_a", 1), answering("fnp_b", 2)];
    // On PostgreSQL each runs on its own pooled connection; the advisory lock makes the others
    // wait and then find the checksums recorded.
    const runs = await Promise.all([1, 2, 3, 4].map(() => applyFunctions(sql, files)));
    expect(runs.flat().sort()).toEqual(["fnp_a", "fnp_b"]);
    expect(runs.filter((run) => run.length > 0)).toHaveLength(1);
  });
});
