import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { numberStateFacts, numberStates, statesWhere } from "@/lib/schemas/number-states";

// The source, read as text: whatever writes a number's status in TypeScript goes through
// lib/schemas/number-states.ts, and every status literal its SQL compares or sets is a state of
// that table. A new writer that restates a status of its own fails here.

const root = process.cwd();

function sourcesUnder(dir: string): string[] {
  return readdirSync(path.join(root, dir)).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(path.join(root, file)).isDirectory()) return name === "generated" ? [] : sourcesUnder(file);
    return file.endsWith(".ts") && !file.endsWith(".test.ts") ? [file] : [];
  });
}

const sources = sourcesUnder("lib").map((file) => ({
  file,
  text: readFileSync(path.join(root, file), "utf8"),
}));

/** The text between the parentheses opening at `open`. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let at = open; at < text.length; at++) {
    if (text[at] === "(") depth++;
    if (text[at] === ")" && --depth === 0) return text.slice(open + 1, at);
  }
  return text.slice(open + 1);
}

/** The template literal (SQL) around `at`: from the backtick before it to the one after. */
function templateAround(text: string, at: number): string {
  return text.slice(text.lastIndexOf("`", at), text.indexOf("`", at));
}

const NUMBER_TABLES = /\b(number_configuration|inventory_number)\b/;

/** Files that set number_configuration.status or inventory_number.status, in SQL or through Prisma. */
function statusWriters(): string[] {
  const sqlWrite =
    /\bUPDATE\s+(?:number_configuration|inventory_number)\b[^`]*?\bSET\b[^`]*?\bstatus\s*=|\bINSERT\s+INTO\s+number_configuration\s*\([^)]*\bstatus\b/i;
  const prismaWrite =
    /\b(?:numberConfiguration|inventoryNumber)\.(?:update|updateMany|upsert|create|createMany)\(/g;
  return sources
    .filter(
      ({ text }) =>
        sqlWrite.test(text) ||
        [...text.matchAll(prismaWrite)].some((call) =>
          /\bstatus\s*:/.test(argumentsAt(text, (call.index ?? 0) + call[0].length - 1)),
        ),
    )
    .map(({ file }) => file)
    .sort();
}

/** Status literals compared or set in SQL that names a number's tables, with where they are. */
function numberStatusLiterals(): { file: string; literal: string }[] {
  // A status behind an interpolated alias (`${bundle}.status`) is its caller's table, not read here.
  const literal =
    /(?<!\}\.)(?:\b\w+\.)?\bstatus\s*(?:=|<>|!=)\s*'(\w+)'|'(\w+)'::(?:number|inventory)_status|'status',\s*'(\w+)'/g;
  return sources.flatMap(({ file, text }) =>
    [...text.matchAll(literal)]
      .filter((match) => {
        const sql = templateAround(text, match.index ?? 0);
        // A fragment that names no table (Prisma.sql`status = …`) is read as its file's.
        return /\b(FROM|UPDATE|JOIN|INTO)\s/i.test(sql) ? NUMBER_TABLES.test(sql) : NUMBER_TABLES.test(text);
      })
      .map((match) => ({ file, literal: match[1] ?? match[2] ?? match[3] ?? "" })),
  );
}

describe("writers of a number's status", () => {
  it("are found: release and restore, activation and the return to inventory among them", () => {
    expect(statusWriters()).toEqual(
      expect.arrayContaining([
        "lib/compliance/activation.ts",
        "lib/numbers/lifecycle.ts",
        "lib/orders/return-released.ts",
      ]),
    );
  });

  it("each go through lib/schemas/number-states.ts", () => {
    const outside = statusWriters().filter(
      (file) =>
        !sources.find((source) => source.file === file)?.text.includes('from "@/lib/schemas/number-states"'),
    );
    expect(outside).toEqual([]);
  });

  it("never set a status literal themselves: they set what the table allowed", () => {
    const literalSets = sources.flatMap(({ file, text }) =>
      [
        ...text.matchAll(/\bSET\s+status\s*=\s*'(\w+)'/gi),
        ...text.matchAll(
          /\b(?:numberConfiguration|inventoryNumber)\.\w+\(\{[^)]*?data:\s*\{[^}]*?\bstatus:\s*"(\w+)"/g,
        ),
      ]
        .filter(
          (match) => NUMBER_TABLES.test(templateAround(text, match.index ?? 0)) || match[0].includes("."),
        )
        .map((match) => `${file}: ${match[0]}`),
    );
    expect(literalSets).toEqual([]);
  });

  it("compare and set only states of the table (and the inventory column's two values)", () => {
    const found = numberStatusLiterals();
    // The scan sees the inventory search: it cannot pass by finding nothing.
    expect(found.map(({ file }) => file)).toEqual(expect.arrayContaining(["lib/inventory/search.ts"]));
    const vocabulary = new Set<string>([...numberStates, ...inventoryValues()]);
    expect(found.filter(({ literal }) => !vocabulary.has(literal))).toEqual([]);
  });
});

/** The inventory column's values, in table order (states with no inventory row name none). */
function inventoryValues(): string[] {
  return [
    ...new Set(
      numberStates.flatMap((state) => {
        const value = numberStateFacts[state].inventoryStatus;
        return value === null ? [] : [value];
      }),
    ),
  ];
}

describe("the database's statuses", () => {
  const schema = readFileSync(path.join(root, "prisma/schema.prisma"), "utf8");
  const enumValues = (name: string): string[] => {
    const body = new RegExp(`enum ${name} \\{([^}]*)\\}`).exec(schema)?.[1] ?? "";
    return body
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => /^\w+$/.test(line));
  };

  it("number_status is exactly the table's held states, and inventory_status its two inventory values", () => {
    expect(enumValues("NumberStatus")).toEqual(statesWhere("owned"));
    expect(enumValues("InventoryStatus")).toEqual(inventoryValues());
  });
});
