import { describeAction, describeDays, describeWindow, zoneLabel } from "@/components/rules/describe";
import type { Activation, NumberConfiguration, Rule } from "@/lib/schemas/numbers/responses";

// A history entry in words: "Office hours: 09:00–17:00 → 08:30–17:30". Pure, tested without a browser.
// A rule keeps its place in the story when renamed (a rename, not a removal and an addition), and
// whether it is switched on or off is said wherever a rule is named for what it is.

const when = (activation: Activation) =>
  `${describeDays(activation.days)} ${describeWindow(activation.start_time, activation.stop_time)}`;
const activationsText = (rule: Rule) =>
  rule.activations.length === 0 ? "always" : rule.activations.map(when).join("; ");
const zonesText = (rule: Rule) =>
  [...new Set(rule.activations.map((activation) => zoneLabel(activation.time_zone)))].join(", ");
const offText = (rule: Rule) => (rule.disabled ? " (switched off)" : "");
/** What a rule does apart from its name and place: a renamed rule still has it. */
const body = (rule: Rule) => JSON.stringify([rule.disabled, rule.activations, rule.action]);
const sameWhen = (a: Rule, b: Rule) => JSON.stringify(a.activations) === JSON.stringify(b.activations);
const sameThen = (a: Rule, b: Rule) => JSON.stringify(a.action) === JSON.stringify(b.action);

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
  if (before.name !== after.name) lines.push(`Renamed the number “${before.name}” to “${after.name}”`);
  const pairs = pairRules(before.rules, after.rules);
  after.rules.forEach((rule, position) => {
    const from = pairs.get(position);
    if (from === undefined) {
      lines.push(
        `Added “${rule.name}”${offText(rule)}: ${activationsText(rule)}, ${describeAction(rule.action).toLowerCase()}`,
      );
      return;
    }
    lines.push(...describeRuleChange(before.rules[from], rule, from, position));
  });
  const kept = new Set(pairs.values());
  before.rules.forEach((old, index) => {
    if (!kept.has(index)) lines.push(`Removed “${old.name}”${offText(old)}`);
  });
  return lines.length === 0 ? ["Saved without changes"] : lines;
}

/**
 * Which earlier rule each rule of `after` is (after index → before index): the one with its name;
 * else a renamed one, doing exactly the same; else the one in its place, renamed and changed in
 * one respect at most (its times or its action). Unpaired rules were added or removed.
 */
function pairRules(before: readonly Rule[], after: readonly Rule[]): Map<number, number> {
  const pairs = new Map<number, number>();
  const free = new Set(before.keys());
  const pair = (match: (old: Rule, oldIndex: number, rule: Rule, index: number) => boolean) =>
    after.forEach((rule, index) => {
      if (pairs.has(index)) return;
      const found = [...free].find((oldIndex) => match(before[oldIndex], oldIndex, rule, index));
      if (found === undefined) return;
      pairs.set(index, found);
      free.delete(found);
    });
  pair((old, _oldIndex, rule) => old.name === rule.name);
  pair((old, _oldIndex, rule) => body(old) === body(rule));
  pair((old, oldIndex, rule, index) => oldIndex === index && (sameWhen(old, rule) || sameThen(old, rule)));
  return pairs;
}

function describeRuleChange(before: Rule, after: Rule, from: number, to: number): string[] {
  const lines: string[] = [];
  // A rule that stays off is named as off, so no line reads as if it answers calls.
  const stillOff = before.disabled && after.disabled ? " (switched off)" : "";
  const name = `${after.name}${stillOff}`;
  if (before.name !== after.name) lines.push(`Renamed rule “${before.name}” to “${after.name}”${stillOff}`);
  if (activationsText(before) !== activationsText(after))
    lines.push(`${name}: ${activationsText(before)} → ${activationsText(after)}`);
  if (zonesText(before) !== zonesText(after) && before.activations.length > 0 && after.activations.length > 0)
    lines.push(`${name}: ${zonesText(before)} → ${zonesText(after)}`);
  if (describeAction(before.action) !== describeAction(after.action))
    lines.push(`${name}: ${describeAction(before.action)} → ${describeAction(after.action)}`);
  if (before.disabled !== after.disabled)
    lines.push(`${after.name}: ${after.disabled ? "switched off" : "switched on"}`);
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
