import type { z } from "zod";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { E164_PATTERN } from "@/lib/reference/e164";
import {
  configurationInputSchema,
  ruleInputSchema,
  type ConfigurationInput,
  type RuleInput,
} from "@/lib/schemas/numbers/input";

// Validation of a configuration to store (docs/CONTRACT.md §11). Pure: no database, no clock, so the
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
  status: string;
  purchased_at: string | null;
  restorable_until: string | null;
  documents_due?: string | null;
  port_order_id?: string | null;
  porting_foc_at?: string | null;
  port_out_pin_set?: boolean;
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
  | { ok: true; value: Pick<ConfigurationInput, "name" | "rules" | "locked" | "tags" | "port_out_pin"> }
  | { ok: false; problems: Problem[] };

const readOnlyKeys = [
  "number_id",
  "organization_id",
  "number",
  "country_code",
  "local_format",
  "number_type",
  "region",
  "status",
  "purchased_at",
  "restorable_until",
  "documents_due",
  "port_order_id",
  "porting_foc_at",
  "port_out_pin_set",
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
  if (parsed.success) {
    const body = parsed.data;
    const problems = storedFieldProblems(body, body.name, indexed(body.rules), stored, policy);
    if (problems.length > 0) return { ok: false, problems };
    const { name, rules, locked, tags, port_out_pin } = body;
    return { ok: true, value: { name, rules, locked, tags, port_out_pin } };
  }
  // The shape is wrong somewhere, but every other bad field is still named (docs/CONTRACT.md §3, §11):
  // the read-only fields as given, and the checks across rules on each rule that parses alone.
  const problems = parsed.error.issues.flatMap(issueProblems);
  if (input === null || typeof input !== "object" || Array.isArray(input)) return { ok: false, problems };
  const given = input as Record<string, unknown>;
  const name = typeof given.name === "string" ? given.name : undefined;
  const rules = Array.isArray(given.rules) ? given.rules.map(checkableParts) : [];
  return { ok: false, problems: [...problems, ...storedFieldProblems(given, name, rules, stored, policy)] };
}

/**
 * What the checks across rules read of one rule. A rule with a bad field still takes part with
 * the fields that parse: its priority is still compared with the others' and its destination
 * still checked, so one answer names every problem, not the shape's first and the rest later.
 */
type IndexedRule = { index: number; rule: Partial<Pick<RuleInput, "name" | "priority" | "action">> };

function indexed(rules: readonly RuleInput[]): IndexedRule[] {
  return rules.map((rule, index) => ({ index, rule }));
}

const ruleFields = ruleInputSchema.shape;

function checkableParts(given: unknown, index: number): IndexedRule {
  const whole = ruleInputSchema.safeParse(given);
  if (whole.success) return { index, rule: whole.data };
  if (given === null || typeof given !== "object") return { index, rule: {} };
  const fields = given as Record<string, unknown>;
  const part = <T>(result: { success: true; data: T } | { success: false }): T | undefined =>
    result.success ? result.data : undefined;
  return {
    index,
    rule: {
      name: part(ruleFields.name.safeParse(fields.name)),
      priority: part(ruleFields.priority.safeParse(fields.priority)),
      action: part(ruleFields.action.safeParse(fields.action)),
    },
  };
}

/** The checks past the schema: NUL characters, read-only fields, and the checks across rules. */
function storedFieldProblems(
  body: Partial<Record<(typeof readOnlyKeys)[number], unknown>>,
  name: string | undefined,
  rules: readonly IndexedRule[],
  stored: ReadOnlyFields,
  policy: DestinationPolicy,
): Problem[] {
  // Only parsed values are walked, so their depth is the schema's.
  const nulPaths = [
    ...findNulPaths({ name }),
    ...rules.flatMap(({ index, rule }) => findNulPaths(rule, ["rules", index])),
  ];
  const problems: Problem[] = nulPaths.map((path) => ({
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
  problems.push(...indexedRuleProblems(rules, stored.number, policy));
  return problems;
}

/**
 * What is wrong with `rules` as a list of rules, before any number is known (a bulk job's
 * params.rules): each rule's shape, with paths under `prefix`. The checks against a number
 * (its own number, allowed destinations) wait for the number.
 */
export function ruleListProblems(rules: unknown, prefix: readonly PropertyKey[]): Problem[] {
  const parsed = configurationInputSchema.shape.rules.safeParse(rules, { reportInput: true });
  if (parsed.success) return [];
  return parsed.error.issues.flatMap((issue) =>
    issueProblems({ ...issue, path: [...prefix, ...issue.path] }),
  );
}

/** The checks across rules and against the number: unique priorities, allowed destinations. */
export function ruleProblems(
  rules: ConfigurationInput["rules"],
  ownNumber: string,
  policy: DestinationPolicy,
): Problem[] {
  return indexedRuleProblems(indexed(rules), ownNumber, policy);
}

function indexedRuleProblems(
  rules: readonly IndexedRule[],
  ownNumber: string,
  policy: DestinationPolicy,
): Problem[] {
  const problems: Problem[] = [];
  const byPriority = new Map<number, IndexedRule>();
  for (const { index, rule } of rules) {
    // A priority that does not parse is named by the shape's own problem.
    if (rule.priority !== undefined) {
      const first = byPriority.get(rule.priority);
      if (first === undefined) byPriority.set(rule.priority, { index, rule });
      else {
        const other =
          first.rule.name === undefined
            ? `rules[${first.index}]`
            : `rule "${first.rule.name}" (rules[${first.index}])`;
        problems.push({
          path: `rules[${index}].priority`,
          message: `must be unique: ${other} has priority ${rule.priority} too`,
        });
      }
    }

    const action = rule.action;
    if (action === undefined) continue;
    if (action.type === "dial") {
      const message = destinationProblem(action.destination, ownNumber, policy);
      if (message !== null) problems.push({ path: `rules[${index}].action.destination`, message });
    } else if (action.type === "voicemail" && !policy.voicemail) {
      problems.push({
        path: `rules[${index}].action.type`,
        message: "cannot be voicemail: voicemail is not offered for this number",
      });
    }
  }
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
  // Stryker disable next-line ConditionalExpression: no list of countries includes undefined, so `false ||` is the same test
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
  // Stryker disable next-line ConditionalExpression: only invalid_type issues carry `expected`, so `true &&` is the same test
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
