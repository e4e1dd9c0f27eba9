import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readFunctions } from "@/lib/db/migrate";
import { fillInputSchema, placeOrderInputSchema } from "@/lib/orders/sale-input";

// The hand-off from TypeScript to the sale's SQL is a parsed object (lib/orders/sale-input.ts).
// The SQL reads it by key (p->>'key', p->'key', jsonb_to_recordset(p->'items') AS i(columns)):
// a key read there that the schema does not have would read NULL at run time, and a key the
// schema has that nothing reads is sent for nothing. Read from the function files themselves.

type Reads = { top: Set<string>; nested: Map<string, Set<string>> };

/** The keys `sql` reads of its input parameter `p`. */
function inputKeys(sql: string): Reads {
  const top = new Set([...sql.matchAll(/\bp\s*->>?\s*'(\w+)'/g)].map((match) => match[1]));
  const nested = new Map<string, Set<string>>();
  const add = (key: string, field: string) => nested.set(key, (nested.get(key) ?? new Set()).add(field));
  for (const match of sql.matchAll(/\bp\s*->\s*'(\w+)'\s*->>?\s*'(\w+)'/g)) add(match[1], match[2]);
  for (const match of sql.matchAll(/jsonb_to_recordset\(\s*p\s*->\s*'(\w+)'\s*\)\s+AS\s+\w+\(([^)]*)\)/g))
    for (const column of match[2].split(",")) add(match[1], column.trim().split(/\s+/)[0]);
  return { top, nested };
}

const functionSql = (name: string) => {
  const file = readFunctions().find((entry) => entry.name === name);
  if (!file) throw new Error(`prisma/functions/${name}.sql is missing`);
  return file.sql;
};

const keys = (shape: object) => new Set(Object.keys(shape));

describe("the sale's input, as the SQL reads it", () => {
  it("place_order reads exactly the keys of PlaceOrderInput, the actor's and the items'", () => {
    const reads = inputKeys(functionSql("place_order"));
    const shape = placeOrderInputSchema.shape;
    expect(reads.top).toEqual(keys(shape));
    expect(reads.nested.get("actor")).toEqual(keys(shape.actor.shape));
    expect(reads.nested.get("items")).toEqual(keys(shape.items.element.shape));
    expect([...reads.nested.keys()].sort()).toEqual(["actor", "items"]);
  });

  it("fill_backorders reads exactly the keys of FillInput", () => {
    const reads = inputKeys(functionSql("fill_backorders"));
    expect(reads.top).toEqual(keys(fillInputSchema.shape));
    expect(reads.nested.size).toBe(0);
  });

  it("place_order_answer reads only keys of PlaceOrderInput (to store a 402 under the key)", () => {
    const reads = inputKeys(functionSql("place_order_answer"));
    expect([...reads.top].sort()).toEqual(["hash", "key", "organization_id"]);
    expect([...reads.top].filter((key) => !(key in placeOrderInputSchema.shape))).toEqual([]);
  });

  it("no other function file reads an input named p", () => {
    const readers = readFunctions()
      .filter((entry) => inputKeys(entry.sql).top.size > 0)
      .map((entry) => entry.name);
    expect(readers.sort()).toEqual(["fill_backorders", "place_order", "place_order_answer"]);
  });

  it("would have caught the place_order before the function files: it read configuration_ids", () => {
    const before = readFileSync(
      path.join(process.cwd(), "prisma/migrations/20261128124500_order_waiting_count/migration.sql"),
      "utf8",
    );
    const unknown = [...inputKeys(before).top].filter((key) => !(key in placeOrderInputSchema.shape));
    expect(unknown).toEqual(["configuration_ids"]);
  });
});
