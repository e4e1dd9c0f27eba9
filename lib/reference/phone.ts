// Telephone-number helpers on libphonenumber's "max" metadata: the only build that knows
// number types (fixed line, mobile, toll free...), which inventory validation depends on.
import {
  getExampleNumber,
  parsePhoneNumberFromString,
  type CountryCode,
  type NumberType,
  type PhoneNumber,
} from "libphonenumber-js/max";
import { Metadata } from "libphonenumber-js/core";
// The max build's own metadata module (one copy in memory, whichever module system loads it).
import maxMetadata from "libphonenumber-js/max/metadata";
import examples from "libphonenumber-js/examples.mobile.json";
import { E164_PATTERN } from "@/lib/reference/e164";

// The keypad lives apart (no metadata), for what the browser loads; kept importable from here.
export { keypadToDigits } from "@/lib/reference/keypad";

export { numberTypeIds, type NumberTypeId } from "@/lib/reference/number-types";
import type { NumberTypeId } from "@/lib/reference/number-types";

type LibType = NonNullable<NumberType>;

/**
 * Which libphonenumber types each of our number types accepts.
 * - local: geographic ranges. Where fixed and mobile ranges share one pattern (the NANP
 *   countries) libphonenumber can only say FIXED_LINE_OR_MOBILE, so that counts too.
 * - mobile: MOBILE, and FIXED_LINE_OR_MOBILE for the same reason.
 * - toll_free: TOLL_FREE only.
 * - national: non-geographic numbers charged at or near national rates. The ranges we
 *   sell are classified by libphonenumber as UAN (GB 03, NL 088, IE 0818, CH 058),
 *   SHARED_COST (ES 902, AU 1300) or VOIP (FR 09, AT 0720). PERSONAL_NUMBER and
 *   PREMIUM_RATE are deliberately excluded: callers pay surprising tariffs on them.
 */
export const libphonenumberTypesFor: Record<NumberTypeId, readonly LibType[]> = {
  local: ["FIXED_LINE", "FIXED_LINE_OR_MOBILE"],
  mobile: ["MOBILE", "FIXED_LINE_OR_MOBILE"],
  toll_free: ["TOLL_FREE"],
  national: ["UAN", "SHARED_COST", "VOIP"],
};

function parseStrict(e164: string): PhoneNumber | undefined {
  if (!E164_PATTERN.test(e164)) return undefined;
  return parsePhoneNumberFromString(e164);
}

function parseOrThrow(e164: string): PhoneNumber {
  const parsed = parseStrict(e164);
  if (!parsed) throw new RangeError(`Not an E.164 number: ${e164}`);
  return parsed;
}

/** `+` and 8–15 digits that libphonenumber considers a valid number; the number itself, else null. */
export function parseE164(input: string): string | null {
  const parsed = parseStrict(input);
  return parsed?.isValid() ? parsed.number : null;
}

/**
 * True when the number is valid, libphonenumber attributes it to `countryId`, and its type
 * is one our `numberType` accepts. Numbers shared by a calling-code group (NANP toll-free,
 * for instance) belong to the group's main country, as libphonenumber decides.
 */
export function isValidForType(e164: string, countryId: string, numberType: NumberTypeId): boolean {
  const parsed = parseStrict(e164);
  if (!parsed || parsed.country !== countryId.toUpperCase() || !parsed.isValid()) return false;
  const type = parsed.getType();
  return type !== undefined && libphonenumberTypesFor[numberType].includes(type);
}

/** The national significant number, digits only: "+442079460000" → "2079460000". */
export function nationalDigits(e164: string): string {
  return parseOrThrow(e164).nationalNumber;
}

/** As people in the country write it: "(212) 555-0123", "020 7946 0000". */
export function formatNational(e164: string): string {
  return parseOrThrow(e164).formatNational();
}

/**
 * The calling code and the national format of a number, from one parse (describeE164 and
 * formatNational parse it twice and also work out its type); null when unparsable.
 */
export function callingCodeAndNational(e164: string): { callingCode: string; national: string } | null {
  const parsed = parseStrict(e164);
  return parsed ? { callingCode: parsed.countryCallingCode, national: parsed.formatNational() } : null;
}

/** As people abroad write it: "+1 212 555 0123", "+44 20 7946 0000". */
export function formatInternational(e164: string): string {
  return parseOrThrow(e164).formatInternational();
}

/** Country (ISO alpha-2), calling code, national digits and libphonenumber type; null when unparsable. */
export function describeE164(
  e164: string,
): { countryId: string | null; callingCode: string; nationalNumber: string; type: LibType | null } | null {
  const parsed = parseStrict(e164);
  if (!parsed) return null;
  return {
    countryId: parsed.country ?? null,
    callingCode: parsed.countryCallingCode,
    nationalNumber: parsed.nationalNumber,
    type: parsed.getType() ?? null,
  };
}

const trunkPrefixes = new Map<string, string>();

/**
 * The digits people dial before the national significant number inside the country, as the
 * national format writes them: "0" for GB ("020 7946 0000"), "" for US ("(212) 555-0123").
 * Read off libphonenumber's example number for the country; "" when it has none.
 */
export function trunkPrefix(countryId: string): string {
  const country = countryId.toUpperCase();
  let prefix = trunkPrefixes.get(country);
  if (prefix === undefined) {
    const example = getExampleNumber(country as CountryCode, examples);
    const national = example?.formatNational().replace(/\D/g, "") ?? "";
    prefix =
      example && national.endsWith(example.nationalNumber)
        ? national.slice(0, national.length - example.nationalNumber.length)
        : "";
    trunkPrefixes.set(country, prefix);
  }
  return prefix;
}

/** One of a country's national formats, for SQL (place_order's sale_national_format). */
export type NationalFormat = { leading: string | null; pattern: string; replacement: string };

type LibFormat = {
  pattern(): string;
  format(): string;
  leadingDigitsPatterns(): string[];
  nationalPrefixFormattingRule(): string | 0 | undefined;
};

const nationalFormatsByCountry = new Map<string, NationalFormat[]>();

/**
 * The formats formatNational chooses from for a country's numbers, in libphonenumber's order,
 * each as it applies it: the first whose last leading-digits pattern matches the start of the
 * national number and whose pattern matches all of it, replaced with the national prefix rule
 * put in for the first group. Written for PostgreSQL's regexp_replace (`\1`, not `$1`), so
 * that a sale names its numbers in SQL exactly as formatNational would (phone.test.ts checks).
 */
export function nationalFormats(countryId: string): NationalFormat[] {
  const country = countryId.toUpperCase();
  let formats = nationalFormatsByCountry.get(country);
  if (formats === undefined) {
    const metadata = new Metadata(maxMetadata);
    metadata.selectNumberingPlan(country as CountryCode);
    const plan = metadata.numberingPlan as unknown as { formats(): LibFormat[] } | undefined;
    formats = (plan?.formats() ?? []).map((format) => {
      const rule = format.nationalPrefixFormattingRule();
      const replacement = rule ? format.format().replace(/(\$\d)/, rule) : format.format();
      return {
        leading: format.leadingDigitsPatterns().at(-1) ?? null,
        pattern: format.pattern(),
        replacement: replacement.replaceAll("\\", "\\\\").replace(/\$(\d)/g, "\\$1"),
      };
    });
    nationalFormatsByCountry.set(country, formats);
  }
  return formats;
}
