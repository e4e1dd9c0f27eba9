import { activationMatches } from "@/lib/numbers/evaluate-rules";
import { formatInternational } from "@/lib/reference/phone-format";
import type { DayCode } from "@/lib/schemas/numbers/fields";
import type { Action, Activation, Rule } from "@/lib/schemas/numbers/responses";

// Rules in plain words: "Mon–Fri 09:00–17:00, New York time", "Dial +44 20 7946 0000 for
// 30 s, show caller's number". Pure, so the words are tested without a browser.

// In the week's order, Monday first: the order of the schema's dayCodes, which are not imported
// here because that module would bring zod to the rule pages (describe.test.ts checks they agree).
const dayNames = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
} as const satisfies Record<DayCode, string>;
export const weekOrder = Object.keys(dayNames) as DayCode[];

/** "Europe/London" → "London time", "America/New_York" → "New York time", "UTC" → "UTC". */
export function zoneLabel(timeZone: string): string {
  if (/^(Etc\/)?(UTC|GMT|Zulu|UCT)$/.test(timeZone)) return "UTC";
  const city = timeZone.split("/").pop() ?? timeZone;
  return `${city.replaceAll("_", " ")} time`;
}

/** Consecutive days as ranges: [mon…fri] → "Mon–Fri", [mon, wed] → "Mon, Wed", [] → "Every day". */
export function describeDays(days: readonly DayCode[]): string {
  const indexes = [...new Set(days.map((day) => weekOrder.indexOf(day)))].sort((a, b) => a - b);
  if (indexes.length === 0 || indexes.length === 7) return "Every day";
  const runs: number[][] = [];
  for (const index of indexes) {
    const last = runs[runs.length - 1];
    if (last && last[last.length - 1] === index - 1) last.push(index);
    else runs.push([index]);
  }
  return runs
    .map((run) => {
      const first = dayNames[weekOrder[run[0]]];
      const end = dayNames[weekOrder[run[run.length - 1]]];
      if (run.length === 1) return first;
      return run.length === 2 ? `${first}, ${end}` : `${first}–${end}`;
    })
    .join(", ");
}

export function describeWindow(startTime: string | null, stopTime: string | null): string {
  if (startTime === null && stopTime === null) return "all day";
  const open = startTime ?? "00:00";
  const close = stopTime ?? "24:00";
  return close < open && stopTime !== null ? `${open}–${close} (crosses midnight)` : `${open}–${close}`;
}

/** "From 09:00 until 08:00 the next day": said beside a window that crosses midnight, else null. */
export function describeMidnightCrossing(startTime: string | null, stopTime: string | null): string | null {
  if (startTime === null || stopTime === null || stopTime >= startTime) return null;
  return `This window crosses midnight: from ${startTime} until ${stopTime} the next day.`;
}

function formatInstant(epochSeconds: number, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(epochSeconds * 1000));
}

/** One activation as a sentence, judged at `at` (for "not yet" and "ended"). */
export function describeActivation(activation: Activation, at: Date): string {
  const zone = zoneLabel(activation.time_zone);
  const atSeconds = at.getTime() / 1000;
  const recurring =
    activation.days.length > 0 || activation.start_time !== null || activation.stop_time !== null;
  const when = `${describeDays(activation.days)} ${describeWindow(activation.start_time, activation.stop_time)}`;
  const from = formatInstant(activation.start, activation.time_zone);
  const until = activation.stop === null ? null : formatInstant(activation.stop, activation.time_zone);
  const ended = activation.stop !== null && activation.stop <= atSeconds;
  const future = activation.start > atSeconds;

  if (!recurring && until !== null)
    return `${from} to ${until}, ${zone}${ended ? " (ended)" : future ? " (not started yet)" : ""}`;
  let text = `${when}, ${zone}`;
  if (future) text += `, from ${from}`;
  if (until !== null) text += ended ? ` (ended ${until})` : `, until ${until}`;
  return text;
}

export function describeActivations(rule: Pick<Rule, "activations">, at: Date): string[] {
  return rule.activations.length === 0
    ? ["Always"]
    : rule.activations.map((activation) => describeActivation(activation, at));
}

function destinationText(destination: string): string {
  if (destination.startsWith("sip:")) return destination;
  try {
    return formatInternational(destination);
  } catch {
    return destination;
  }
}

export function describeAction(action: Action): string {
  switch (action.type) {
    case "dial":
      return `Dial ${destinationText(action.destination)} for ${action.timeout_sec} s, ${action.caller_id === "caller_number" ? "show caller's number" : "show the dialled number"}`;
    case "voicemail":
      return "Send to voicemail";
    case "hangup":
      return "Hang up";
  }
}

/**
 * What a forwarded call does when nobody picks up. One rule handles each call (docs/CONTRACT.md §8),
 * so when the dial rings out the rules after it do not take the call over.
 */
export function describeNoAnswer(action: Action): string | null {
  if (action.type !== "dial") return null;
  return `If nobody picks up within ${action.timeout_sec} s, the call ends unanswered: one rule handles each call, so the rules after it do not take over.`;
}

/** "Sun 29 Nov 2026, 22:00": an instant as the wall clock in `timeZone` reads it. */
function formatWallClock(at: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute}`;
}

/** "Sun 29 Nov 2026, 22:00 Sydney time · 11:00 UTC" (the UTC date too when it differs). */
export function describeMoment(at: Date, timeZone: string): string {
  const local = `${formatWallClock(at, timeZone)} ${zoneLabel(timeZone)}`;
  if (zoneLabel(timeZone) === "UTC") return local;
  const utc = formatWallClock(at, "UTC");
  const sameDay = utc.slice(0, utc.indexOf(",")) === local.slice(0, local.indexOf(","));
  return `${local} · ${sameDay ? utc.slice(utc.indexOf(",") + 2) : utc} UTC`;
}

/**
 * Why `rule` answers at `at`, or why none does, in words: the times that cover the moment,
 * and the switched-on rules before it whose times do not. `rule` is what the evaluator chose.
 */
export function explainAnswer(rules: readonly Rule[], rule: Rule | null, at: Date): string {
  const enabled = rules.filter((candidate) => !candidate.disabled);
  if (rules.length === 0) return "This number has no rules, so calls to it are not answered.";
  if (enabled.length === 0) return "Every rule is switched off, so calls are not answered.";
  if (rule === null) return "None of the switched-on rules covers this time, so calls are not answered.";
  const skipped = enabled.slice(0, enabled.indexOf(rule)).map((candidate) => candidate.name);
  const before =
    skipped.length === 0
      ? ""
      : ` ${skipped.join(", ")} ${skipped.length === 1 ? "comes" : "come"} first but ${skipped.length === 1 ? "does" : "do"} not cover this time.`;
  if (rule.activations.length === 0)
    return `${rule.name} has no time limits, so it takes every call that reaches it.${before}`;
  const matching = rule.activations.find((activation) => activationMatches(activation, at));
  const when = matching === undefined ? "its times" : describeActivation(matching, at);
  return `${rule.name} answers: this time is within ${when}.${before}`;
}
