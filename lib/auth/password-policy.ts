import { dictionary } from "@zxcvbn-ts/language-common";
import { ApiError } from "@/lib/errors";
import { passwordLengthProblem } from "@/lib/schemas/password";

// Passwords (docs/CONTRACT.md §15): 12–128 characters, and not one that attackers try first. The list
// is zxcvbn-ts's common-passwords dictionary (about 49,000 passwords seen most often in
// breaches), shipped in the package, so no request leaves the machine to check one.

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((word) => word.toLowerCase()));
  return common;
}

// "Sunshine2024!" is "sunshine" with a year and a mark added: guessers try those first too.
function withoutDecoration(password: string): string {
  return password
    .toLowerCase()
    .replace(/[\d\W_]+$/u, "")
    .replace(/^[\d\W_]+/u, "");
}

/** Why the password may not be used, in words; null when it may. */
export function passwordProblem(password: string): string | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  const list = commonPasswords();
  const bare = withoutDecoration(password);
  if (list.has(password.toLowerCase()) || (bare.length >= 4 && list.has(bare)))
    return "This password is on the list of common or breached passwords that attackers try first; choose another.";
  if (new Set(password).size < 4)
    return "The password repeats too few different characters; choose a longer mix.";
  return null;
}

/**
 * 400 invalid_parameter naming `field` when the password may not be used. The request schema
 * checks the length already (lib/schemas/password.ts, shared with the forms, which do not
 * carry the list); this adds the list, on the server.
 */
export function assertPasswordAllowed(password: string, field = "password"): void {
  const problem = passwordProblem(password);
  if (problem) throw new ApiError("invalid_parameter", `${field}: ${problem}`, `body.${field}=(not shown)`);
}
