import type { z } from "zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { E164_PATTERN } from "@/lib/reference/e164";
import { configurationInputSchema, type ConfigurationInput } from "@/lib/schemas/numbers";

// Validation of a configuration to store (contract §11). Pure: no database, no clock, so the
// API and the editor run the same checks, and mutation testing can reach every branch.
// Every problem is reported, each named by its path (`rules[2].action.destination`), and
// each message reads after the path: "rules[2].action.timeout_sec must be between 5 and 300 seconds".

export type Problem = { path: string; message: string };

/** Where calls from a number may be forwarded: GET /destinations for its country and type. */
export type DestinationPolicy = {
  /** ISO 3166-1 alpha-2 codes of the countries calls may be forwarded to. */
  countries: readonly string[];
  sip: boolean;
  voicemail: boolean;
};

/** The stored values a body may repeat but not change. */
export type ReadOnlyFields = {
  number_id: string;
  organization_id: string;
  number: string;
  country_code: string | null;
  local_format: string | null;
  number_type: string | null;
  region: { id: string; name: string } | null;
};

/** Destination ids as GET /destinations answers them ("GB", "SIP", "VOICEMAIL") → a policy. */
export function toPolicy(codes: readonly string[]): DestinationPolicy {
  return {
    countries: codes.filter((code) => /^[A-Z]{2}$/.test(code)),
    sip: codes.includes("SIP"),
    voicemail: codes.includes("VOICEMAIL"),
  };
}

export type Validation =
  { ok: true; value: Pick<ConfigurationInput, "name" | "rules"> } | { ok: false; problems: Problem[] };

const readOnlyKeys = [
  "number_id",
  "organization_id",
  "number",
  "country_code",
  "local_format",
  "number_type",
  "region",
] as const;

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** ["rules", 2, "action", "tags", "a b"] → 'rules[2].action.tags["a b"]'; [] → "body". */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else if (!IDENTIFIER.test(String(part))) out += `[${JSON.stringify(String(part))}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? "body" : out;
}

/** Every problem of `input` as a configuration of the number whose read-only fields are `stored`. */
export function validateConfiguration(
  input: unknown,
  stored: ReadOnlyFields,
  policy: DestinationPolicy,
): Validation {
  const parsed = configurationInputSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) return { ok: false, problems: parsed.error.issues.flatMap(issueProblems) };

  const body = parsed.data;
  // After parsing, so only the stored fields are walked, and their depth is the schema's.
  const problems: Problem[] = findNulPaths({ name: body.name, rules: body.rules }).map((path) => ({
    path,
    message: "must not contain the NUL character (U+0000)",
  }));
  for (const key of readOnlyKeys) {
    const given = body[key];
    // Compared as JSON: region is an object, and key order is not a difference.
    if (given !== undefined && !sameJson(given, stored[key])) {
      problems.push({
        path: key,
        message: `is read-only: it is ${JSON.stringify(stored[key])} and cannot be changed`,
      });
    }
  }
  problems.push(...ruleProblems(body.rules, stored.number, policy));
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: { name: body.name, rules: body.rules } };
}

/** The checks across rules and against the number: unique priorities, allowed destinations. */
export function ruleProblems(
  rules: ConfigurationInput["rules"],
  ownNumber: string,
  policy: DestinationPolicy,
): Problem[] {
  const problems: Problem[] = [];
  const byPriority = new Map<number, number>();
  rules.forEach((rule, index) => {
    const first = byPriority.get(rule.priority);
    if (first === undefined) byPriority.set(rule.priority, index);
    else
      problems.push({
        path: `rules[${index}].priority`,
        message: `must be unique: rule "${rules[first].name}" (rules[${first}]) has priority ${rule.priority} too`,
      });

    const action = rule.action;
    if (action.type === "dial") {
      const message = destinationProblem(action.destination, ownNumber, policy);
      if (message !== null) problems.push({ path: `rules[${index}].action.destination`, message });
    } else if (action.type === "voicemail" && !policy.voicemail) {
      problems.push({
        path: `rules[${index}].action.type`,
        message: "cannot be voicemail: voicemail is not offered for this number",
      });
    }
  });
  return problems;
}

const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

/** Why a dial destination cannot be used for this number, or null when it can. */
export function destinationProblem(
  destination: string,
  ownNumber: string,
  policy: DestinationPolicy,
): string | null {
  if (destination.startsWith("sip:"))
    return policy.sip ? null : "must be a phone number: this number cannot forward calls to SIP addresses";
  const parsed = E164_PATTERN.test(destination) ? parsePhoneNumberFromString(destination) : undefined;
  if (!parsed || !parsed.isValid()) return `is not a valid phone number: ${destination}`;
  if (destination === ownNumber)
    return "must not be this number itself: the call would ring back here forever";
  const country = parsed.country;
  if (country === undefined || !policy.countries.includes(country)) {
    const where = country === undefined ? "that numbering plan" : (countryNames.of(country) ?? country);
    return `cannot be used: calls to this number cannot be forwarded to ${where}`;
  }
  return null;
}

// zod's issues, each turned into problems with a path and a sentence that reads after it.
function issueProblems(issue: z.core.$ZodIssue): Problem[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({
      path: formatPath([...issue.path, key]),
      message: "is not a field this configuration has",
    }));
  }
  const path = formatPath(issue.path);
  if (issue.code === "invalid_type" && issue.input === undefined) return [{ path, message: "is required" }];
  if (issue.code === "invalid_type" && issue.expected === "object")
    return [{ path, message: "must be an object" }];
  return [{ path, message: issue.message }];
}

// PostgreSQL text cannot hold U+0000, so a string with one is refused by name.
function findNulPaths(input: unknown, path: PropertyKey[] = [], found: string[] = []): string[] {
  if (typeof input === "string") {
    if (input.includes("\u0000")) found.push(formatPath(path));
  } else if (Array.isArray(input)) {
    input.forEach((item, index) => findNulPaths(item, [...path, index], found));
  } else if (input !== null && typeof input === "object") {
    for (const [key, value] of Object.entries(input)) {
      if (key.includes("\u0000")) found.push(formatPath([...path, key]));
      else findNulPaths(value, [...path, key], found);
    }
  }
  return found;
}

/** Equal as JSON values, whatever the order of object keys. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return (
    keysA.length === keysB.length &&
    keysA.every(
      (key) =>
        Object.hasOwn(b, key) &&
        sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  );
}
