import { activationMatches, type EvaluableRule } from "@/lib/numbers/evaluate-rules";
import { ruleInputSchema, type RuleInput } from "@/lib/schemas/numbers/input";

// Evaluating a configuration while it is being edited, before it is saved. Pure: no database,
// no clock (the caller passes `from`), the same evaluator the API uses.

/** The draft's rules that are complete enough to evaluate, each with its place in the draft. */
export function previewableRules(draft: readonly unknown[]): Array<{ index: number; rule: RuleInput }> {
  const out: Array<{ index: number; rule: RuleInput }> = [];
  draft.forEach((candidate, index) => {
    const parsed = ruleInputSchema.safeParse(candidate);
    if (parsed.success) out.push({ index, rule: parsed.data });
  });
  return out;
}

export type RuleFinding =
  { index: number; kind: "shadowed"; by: number[] } | { index: number; kind: "expired" };

const MINUTE_MS = 60_000;
const WEEK_MS = 7 * 24 * 60 * MINUTE_MS;
/** Weeks sampled: the one from `from`, and one from each later start or stop, this many at most. */
const MAX_SAMPLED_WEEKS = 4;

/**
 * Rules that can never handle a call: "shadowed" when, at every sampled moment they match, a
 * rule met earlier (lower priority, or equal and listed first) matches too — `by` lists those
 * rules; "expired" when every activation stopped before `from`. Disabled rules are not judged.
 *
 * Sampled, not proved: every 15 minutes (5 when a rule's times are not on a quarter hour) over
 * the week from `from` and the week after each later activation start or stop, so a rule that
 * only wins after a higher one stops is not called shadowed. A window shorter than the step
 * can be missed; such a rule is then called shadowed or left unjudged, never hidden.
 */
export function findUnreachableRules(rules: readonly EvaluableRule[], from: Date): RuleFinding[] {
  const order = rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => a.rule.priority - b.rule.priority);
  const step = sampleStepMinutes(rules) * MINUTE_MS;
  const starts = [Math.floor(from.getTime() / step) * step, ...boundariesAfter(rules, from.getTime())].slice(
    0,
    MAX_SAMPLED_WEEKS,
  );

  const won = new Set<number>();
  const shadowers = new Map<number, Set<number>>();
  for (const start of starts) {
    for (let at = start; at < start + WEEK_MS; at += step) {
      const instant = new Date(at);
      let winner: number | null = null;
      for (const { rule, index } of order) {
        if (rule.disabled || !ruleMatches(rule, instant)) continue;
        if (winner === null) {
          winner = index;
          won.add(index);
        } else {
          const by = shadowers.get(index) ?? new Set<number>();
          by.add(winner);
          shadowers.set(index, by);
        }
      }
    }
  }

  const findings: RuleFinding[] = [];
  // A rule that matched but never won has shadowers; one that never matched may have expired
  // (a rule without activations always matches, so `every` sees at least one activation).
  rules.forEach((rule, index) => {
    if (rule.disabled || won.has(index)) return;
    const by = shadowers.get(index);
    if (by !== undefined) findings.push({ index, kind: "shadowed", by: [...by].sort((a, b) => a - b) });
    else if (
      rule.activations.every(
        (activation) => activation.stop !== null && activation.stop * 1000 <= from.getTime(),
      )
    ) {
      findings.push({ index, kind: "expired" });
    }
  });
  return findings;
}

function ruleMatches(rule: EvaluableRule, instant: Date): boolean {
  return (
    rule.activations.length === 0 ||
    rule.activations.some((activation) => activationMatches(activation, instant))
  );
}

/** 15 minutes, or 5 when a start_time or stop_time is not on a quarter hour. */
export function sampleStepMinutes(rules: readonly EvaluableRule[]): number {
  for (const rule of rules) {
    for (const activation of rule.activations) {
      for (const time of [activation.start_time, activation.stop_time]) {
        if (time !== null && Number(time.slice(3, 5)) % 15 !== 0) return 5;
      }
    }
  }
  return 15;
}

/** Activation starts and stops after `fromMs`, in order, each once (epoch ms). */
export function boundariesAfter(rules: readonly EvaluableRule[], fromMs: number): number[] {
  const found = new Set<number>();
  for (const rule of rules) {
    for (const activation of rule.activations) {
      for (const seconds of [activation.start, activation.stop]) {
        if (seconds !== null && seconds * 1000 > fromMs) found.add(seconds * 1000);
      }
    }
  }
  return [...found].sort((a, b) => a - b);
}
