// Writing numbers for people, in the browser: libphonenumber's "min" metadata (19 kB gzip
// against the 39 kB of "max", which lib/reference/phone.ts keeps for the server). Formatting
// needs only the formats and country ranges "min" has; number types, which "min" lacks, are
// a server question (inventory validation). phone-format.test.ts checks both agree.
import { parsePhoneNumberFromString, type PhoneNumber } from "libphonenumber-js/min";
import { E164_PATTERN } from "@/lib/reference/e164";

function parseOrThrow(e164: string): PhoneNumber {
  const parsed = E164_PATTERN.test(e164) ? parsePhoneNumberFromString(e164) : undefined;
  if (!parsed) throw new RangeError(`Not an E.164 number: ${e164}`);
  return parsed;
}

/** As people in the country write it: "(212) 555-0123", "020 7946 0000". */
export function formatNational(e164: string): string {
  return parseOrThrow(e164).formatNational();
}

/** As people abroad write it: "+1 212 555 0123", "+44 20 7946 0000". */
export function formatInternational(e164: string): string {
  return parseOrThrow(e164).formatInternational();
}

/** "020 7946 0000"; the E.164 itself when libphonenumber cannot place it. */
export function nationalFormat(e164: string): string {
  try {
    return formatNational(e164);
  } catch {
    return e164;
  }
}
