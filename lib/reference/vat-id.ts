import * as jsvatModule from "jsvat-next";
import type { Country } from "jsvat-next";

// jsvat-next is CommonJS without an exports map: Node's ESM loader (the custom server's bundle,
// scripts/bundle-server.ts, keeps packages as imports) finds its functions only under `default`,
// while the bundlers of Next and vitest give them as named exports. Either way, one object.
const jsvat: typeof jsvatModule =
  (jsvatModule as typeof jsvatModule & { default?: typeof jsvatModule }).default ?? jsvatModule;
const { checkVAT, countries: vatCountries } = jsvat;

// VAT identification numbers, checked offline: the format and check digits of every country
// jsvat-next knows (the EU's, the United Kingdom's with XI for Northern Ireland, Switzerland,
// Norway, Serbia…). Whether a number is registered (the EU's VIES service) is not asked: that
// needs the network. An ID is written with its country's prefix ("DE136695976"; Greece's is EL,
// Switzerland's CHE), as it is printed on an invoice. Pure: the browser's form checks with it.

/** The prefix each country's VAT IDs are written with, where it is not the country's own code. */
const PREFIXES: Readonly<Record<string, readonly string[]>> = { GR: ["EL"], GB: ["GB", "XI"], CH: ["CHE"] };

// jsvat-next's "Europe" is the EU's one-stop-shop number, not a country's.
const known = vatCountries.filter((country) => country.codes[0] !== "EU");
const byCode = new Map(known.map((country) => [country.codes[0], country]));

const prefixesOf = (code: string): readonly string[] => PREFIXES[code] ?? [code];

/** The country (ISO alpha-2) whose prefix starts `value`, among the countries with a known format. */
function countryOfPrefix(value: string): string | undefined {
  return known
    .map((country) => country.codes[0])
    .find((code) => prefixesOf(code).some((prefix) => value.startsWith(prefix)));
}

/** Upper case without the spaces, dots, dashes and slashes people write IDs with. */
function normalizeVatId(value: string): string {
  return value.toUpperCase().replace(/[\s.\-/]/g, "");
}

export type VatIdCheck = { ok: true; value: string } | { ok: false; problem: string };

// Where no format is known (a country outside the list), the ID is kept as written: letters
// and digits, as many as any country's.
const UNCHECKED = /^[A-Z0-9]{2,20}$/;

/**
 * Checks `vatId` for `country` (ISO alpha-2): the ID as stored (normalized), or why not. An ID
 * with another country's prefix is refused whatever its digits, so an invoice never shows a
 * buyer in one country with another's VAT ID.
 */
export function checkVatId(vatId: string, country: string): VatIdCheck {
  const value = normalizeVatId(vatId);
  const prefixCountry = countryOfPrefix(value);
  if (prefixCountry !== undefined && prefixCountry !== country)
    return {
      ok: false,
      problem: `vat_id ${value} is a VAT ID of ${prefixCountry}, but country is ${country}`,
    };
  const format: Country | undefined = byCode.get(country);
  if (format === undefined)
    return UNCHECKED.test(value)
      ? { ok: true, value }
      : { ok: false, problem: "vat_id must be 2 to 20 letters and digits" };
  const prefixes = prefixesOf(country);
  if (prefixCountry === undefined)
    return {
      ok: false,
      problem: `vat_id must start with ${prefixes.join(" or ")}, the prefix of ${country}`,
    };
  const result = checkVAT(value, [format]);
  return result.isValid
    ? { ok: true, value }
    : {
        ok: false,
        problem: result.isValidFormat
          ? `vat_id ${value} is not a VAT ID of ${country}: its check digits are wrong`
          : `vat_id ${value} is not in the format of ${country}'s VAT IDs`,
      };
}
