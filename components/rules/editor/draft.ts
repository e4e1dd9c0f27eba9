import { getCountries } from "libphonenumber-js/max";
import {
  describeE164,
  libphonenumberTypesFor,
  numberTypeIds,
  type NumberTypeId,
} from "@/lib/reference/phone";
import type { DayCode } from "@/lib/schemas/numbers/fields";
import type { Activation, NumberConfiguration, Rule } from "@/lib/schemas/numbers/responses";
import type { DestinationPolicy } from "@/lib/numbers/validate-configuration";

// The editor's draft: the configuration's own shape, rules in the order calls meet them.
// Priorities follow that order when saved (1, 2, 3…), so reordering is moving a rule.

export type Draft = { name: string; rules: Rule[] };

export function toDraft(configuration: NumberConfiguration): Draft {
  return { name: configuration.name, rules: configuration.rules.map((rule) => structuredClone(rule)) };
}

/** The body a save sends: priorities by position. */
export function toBody(draft: Draft): Draft {
  return { name: draft.name, rules: draft.rules.map((rule, index) => ({ ...rule, priority: index + 1 })) };
}

export function sameDraft(a: Draft, b: Draft): boolean {
  return JSON.stringify(toBody(a)) === JSON.stringify(toBody(b));
}

export function moveRule(draft: Draft, from: number, to: number): Draft {
  if (to < 0 || to >= draft.rules.length) return draft;
  const rules = [...draft.rules];
  const [moved] = rules.splice(from, 1);
  rules.splice(to, 0, moved);
  return { ...draft, rules };
}

// Where the number is, for its default time zone: seeded countries' main zones.
const zoneByCountry: Record<string, string> = {
  GB: "Europe/London",
  IE: "Europe/Dublin",
  US: "America/New_York",
  CA: "America/Toronto",
  DE: "Europe/Berlin",
  FR: "Europe/Paris",
  ES: "Europe/Madrid",
  IT: "Europe/Rome",
  NL: "Europe/Amsterdam",
  BE: "Europe/Brussels",
  CH: "Europe/Zurich",
  AT: "Europe/Vienna",
  SE: "Europe/Stockholm",
  AU: "Australia/Sydney",
  JP: "Asia/Tokyo",
  BR: "America/Sao_Paulo",
};

/** The number's own zone: its rules' first zone, else its country's, else the browser's. */
export function defaultZone(
  configuration: Pick<NumberConfiguration, "number" | "rules">,
  browserZone: string,
): string {
  for (const rule of configuration.rules)
    for (const activation of rule.activations) return activation.time_zone;
  const country = numberCountry(configuration.number);
  return (country && zoneByCountry[country]) ?? browserZone;
}

export function numberCountry(number: string): string | null {
  return number.startsWith("+") ? (describeE164(number)?.countryId ?? null) : null;
}

/** The number type we sell it as, from libphonenumber's type; null for an extension. */
export function numberType(number: string): NumberTypeId | null {
  const type = number.startsWith("+") ? describeE164(number)?.type : null;
  if (!type) return null;
  return numberTypeIds.find((id) => libphonenumberTypesFor[id].includes(type)) ?? null;
}

/** An extension may forward anywhere the service does; the server checks again on save. */
export const extensionPolicy: DestinationPolicy = { countries: getCountries(), sip: true, voicemail: true };

export const allDays: DayCode[] = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

export function newActivation(timeZone: string): Activation {
  return {
    start: 0,
    stop: null,
    days: ["mon", "tue", "wed", "thu", "fri"],
    start_time: "09:00",
    stop_time: "17:00",
    time_zone: timeZone,
  };
}

export function newRule(name: string): Rule {
  return {
    target_id: null,
    name,
    priority: 0,
    disabled: false,
    activations: [],
    action: { type: "voicemail", tags: {} },
  };
}

/**
 * A destination as typed, ready to check: a phone number loses the spaces, brackets and dashes
 * people write it with ("+1 (212) 555-0100" → "+12125550100"); a sip: address keeps its
 * characters (a host may have dashes), losing only spaces at its ends.
 */
export function normalizeDestination(typed: string): string {
  const trimmed = typed.trim();
  return /^sip:/i.test(trimmed) ? trimmed : trimmed.replace(/[\s()-]/g, "");
}

export function dialAction(destination: string): Rule["action"] {
  return { type: "dial", destination, timeout_sec: 30, caller_id: "caller_number", tags: {} };
}

/** Quick start: every call to one destination. */
export function forwardAll(destination: string): Rule[] {
  return [{ ...newRule("Forward all calls"), action: dialAction(destination) }];
}

/** Quick start: weekdays 09:00–17:00 to a destination, otherwise voicemail. */
export function officeHoursThenVoicemail(destination: string, timeZone: string): Rule[] {
  return [
    { ...newRule("Office hours"), activations: [newActivation(timeZone)], action: dialAction(destination) },
    { ...newRule("Otherwise voicemail"), priority: 1 },
  ];
}
