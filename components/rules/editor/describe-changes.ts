import { describeAction, describeDays, describeWindow, zoneLabel } from "@/components/rules/describe";
import type { Activation, NumberConfiguration, Rule } from "@/lib/schemas/numbers";

// A history entry in words: "Office hours: 09:00–17:00 → 08:30–17:30". Pure, tested without a browser.

const when = (activation: Activation) =>
  `${describeDays(activation.days)} ${describeWindow(activation.start_time, activation.stop_time)}`;
const activationsText = (rule: Rule) =>
  rule.activations.length === 0 ? "always" : rule.activations.map(when).join("; ");
const zonesText = (rule: Rule) =>
  [...new Set(rule.activations.map((activation) => zoneLabel(activation.time_zone)))].join(", ");

/** What changed between two versions of a configuration, one sentence a change. */
export function describeChanges(
  before: NumberConfiguration | null,
  after: NumberConfiguration | null,
): string[] {
  if (before === null && after !== null)
    return [`Created “${after.name}” with ${plural(after.rules.length, "rule")}`];
  if (after === null) return before === null ? [] : [`Deleted “${before.name}”`];
  if (before === null) return [];
  const lines: string[] = [];
  if (before.name !== after.name) lines.push(`Name: “${before.name}” → “${after.name}”`);
  const remaining = [...before.rules];
  after.rules.forEach((rule, position) => {
    const index = remaining.findIndex((old) => old.name === rule.name);
    if (index < 0) {
      lines.push(
        `Added “${rule.name}”: ${activationsText(rule)}, ${describeAction(rule.action).toLowerCase()}`,
      );
      return;
    }
    const [old] = remaining.splice(index, 1);
    lines.push(...describeRuleChange(old, rule, before.rules.indexOf(old), position));
  });
  for (const old of remaining) lines.push(`Removed “${old.name}”`);
  return lines.length === 0 ? ["Saved without changes"] : lines;
}

function describeRuleChange(before: Rule, after: Rule, from: number, to: number): string[] {
  const lines: string[] = [];
  const name = after.name;
  if (activationsText(before) !== activationsText(after))
    lines.push(`${name}: ${activationsText(before)} → ${activationsText(after)}`);
  if (zonesText(before) !== zonesText(after) && before.activations.length > 0 && after.activations.length > 0)
    lines.push(`${name}: ${zonesText(before)} → ${zonesText(after)}`);
  if (describeAction(before.action) !== describeAction(after.action))
    lines.push(`${name}: ${describeAction(before.action)} → ${describeAction(after.action)}`);
  if (before.disabled !== after.disabled)
    lines.push(`${name}: ${after.disabled ? "switched off" : "switched on"}`);
  if (from !== to) lines.push(`${name}: moved from ${ordinal(from + 1)} to ${ordinal(to + 1)}`);
  return lines;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function ordinal(place: number): string {
  const suffix =
    place % 10 === 1 && place % 100 !== 11
      ? "st"
      : place % 10 === 2 && place % 100 !== 12
        ? "nd"
        : place % 10 === 3 && place % 100 !== 13
          ? "rd"
          : "th";
  return `${place}${suffix}`;
}
