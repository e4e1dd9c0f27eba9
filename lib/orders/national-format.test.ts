// A sale names each configuration after its number as written at home, in SQL (place_order's
// sale_national_format, with the formats nationalFormats gives it): it must write exactly what
// formatNational writes, for every country and type the inventory sells.
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "@/lib/db/client";
import { formatNational, nationalDigits, nationalFormats } from "@/lib/reference/phone";
import { generateNumbers } from "@/prisma/seed/numbers";
import { countries } from "@/prisma/seed/data/countries";

describe("sale_national_format", () => {
  // The file's database opens on first use (tests/setup-database.ts): here, in the hook, so the
  // one long test's time is the query's alone.
  beforeAll(async () => {
    await getDatabase();
  });

  it("writes every seeded country's numbers as formatNational does", async () => {
    // The seed's stream spreads over every region of every country; 6,000 numbers reach each.
    const generated = generateNumbers(6_000);
    const numbers = generated.map((number) => number.numberE164);
    const seen = new Set(generated.map((number) => number.countryId));
    expect(seen).toEqual(new Set(countries.map((country) => country.id)));
    const { sql } = await getDatabase();
    const rows = await sql.query<{ number: string; name: string }>(
      `SELECT n.number, sale_national_format(n.digits, $3::jsonb->n.country) AS name
         FROM unnest($1::text[], $2::text[], $4::text[]) AS n(number, digits, country)`,
      [
        numbers,
        numbers.map(nationalDigits),
        JSON.stringify(Object.fromEntries([...seen].map((country) => [country, nationalFormats(country)]))),
        generated.map((number) => number.countryId),
      ],
    );
    const wrong = rows.filter((row) => row.name !== formatNational(row.number));
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(rows).toHaveLength(numbers.length);
  });
});
