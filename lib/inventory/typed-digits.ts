import { getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import { ApiError } from "@/lib/errors";
import { trunkPrefix } from "@/lib/reference/phone";

// The digits a person types to find numbers of one country, read as the stored digits they can
// mean. People copy numbers as "+44 (0)20 7946 0000": the trunk prefix ("0") written after the
// calling code, which no E.164 number holds; or as "020…", where the stored national number
// (the national significant number) has no "0". Each is searched as it was typed and without
// that prefix, so nothing that matched before stops matching.

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

/** Where a starts_with is matched, and the prefixes it may mean there; null: every number. */
export type StartsWith = { column: "number_e164" | "national_number"; prefixes: string[] } | null;

/**
 * starts_with for numbers of `country`: after a "+", the E.164 number (the calling code first);
 * otherwise the national number. A "+" with another calling code can never match: 400, saying why.
 */
export function readStartsWith(country: string, value: string): StartsWith {
  const trunk = trunkPrefix(country);
  if (value.startsWith("+")) {
    const callingCode = getCountryCallingCode(country as CountryCode);
    const digits = value.slice(1);
    if (!digits.startsWith(callingCode) && !callingCode.startsWith(digits))
      throw new ApiError(
        "invalid_parameter",
        `starts_with ${value} cannot match: numbers of ${countryNames.of(country) ?? country} all start with +${callingCode}`,
        `query.starts_with=${value}`,
      );
    return { column: "number_e164", prefixes: [value, ...withoutTrunk(digits, callingCode, trunk, "+")] };
  }
  if (trunk !== "" && value.startsWith(trunk)) {
    const rest = value.slice(trunk.length);
    // The trunk prefix alone ("0") is how every national number is dialled.
    return rest === "" ? null : { column: "national_number", prefixes: [value, rest] };
  }
  return { column: "national_number", prefixes: [value] };
}

/**
 * contains for numbers of `country`: digits found anywhere. Typed after a "+" (`typedPlus`),
 * the calling code followed by the trunk prefix also means the calling code and the rest.
 */
export function readContains(country: string, digits: string, typedPlus: boolean): string[] {
  if (!typedPlus) return [digits];
  const callingCode = getCountryCallingCode(country as CountryCode);
  return [digits, ...withoutTrunk(digits, callingCode, trunkPrefix(country), "")];
}

function withoutTrunk(digits: string, callingCode: string, trunk: string, lead: string): string[] {
  const head = `${callingCode}${trunk}`;
  return trunk !== "" && digits.startsWith(head) && digits.length > head.length
    ? [`${lead}${callingCode}${digits.slice(head.length)}`]
    : [];
}
