import type { ConfigurationChange, NumberConfiguration } from "@/lib/schemas/numbers/responses";

// "Which rule took last Sunday's 22:00 call?" is a question about the rules as they were then.
// The history (GET /numbers/{id}/history, newest first) keeps each version: the one in force at
// a moment is the `after` of the last change made by then, or, before the first recorded change,
// that change's `before`. Pure, so it is tested without a browser.

export type VersionAt = {
  /** The configuration in force; null when the number had none yet (or had been deleted). */
  configuration: NumberConfiguration | null;
  /** Its version number; null when no change was ever recorded, so none is known. */
  version: number | null;
  /** When it came into force; null when that was before the history begins. */
  since: string | null;
  /** When the next change replaced it; null when it is still the current one. */
  until: string | null;
};

type Change = Pick<ConfigurationChange, "version" | "changed_at" | "before" | "after">;

/**
 * The version in force at `at`, from the current configuration and `changes` (any order). The
 * changes must reach back to `at` (every change after it and one at or before it, or the oldest).
 */
export function versionAt(current: NumberConfiguration, changes: readonly Change[], at: Date): VersionAt {
  if (changes.length === 0) return { configuration: current, version: null, since: null, until: null };
  const newestFirst = [...changes].sort((a, b) => b.version - a.version);
  const index = newestFirst.findIndex((change) => Date.parse(change.changed_at) <= at.getTime());
  if (index < 0) {
    const oldest = newestFirst[newestFirst.length - 1];
    return {
      configuration: oldest.before,
      version: oldest.version - 1,
      since: null,
      until: oldest.changed_at,
    };
  }
  const change = newestFirst[index];
  return {
    configuration: change.after,
    version: change.version,
    since: change.changed_at,
    until: index === 0 ? null : newestFirst[index - 1].changed_at,
  };
}

/** Whether `changes` (newest first, as the history pages them) reach back to `at`. */
export function reachesBack(changes: readonly Pick<Change, "changed_at">[], at: Date): boolean {
  const oldest = changes[changes.length - 1];
  return oldest !== undefined && Date.parse(oldest.changed_at) <= at.getTime();
}

/**
 * The version in words: "Version 3 of the rules, in force from … until …; they have changed
 * since, and this answer uses the rules as they were then." `when` formats a moment.
 */
export function describeVersion(
  found: VersionAt,
  at: Date,
  now: Date,
  when: (iso: string) => string,
): string {
  const { version, since, until, configuration } = found;
  if (version === null) return "These are the current rules; no change to them has been recorded.";
  if (configuration === null)
    return until === null
      ? `This number was deleted on ${when(since ?? "")}.`
      : `This number had no rules yet then: it was set up on ${when(until)}.`;
  const from = since === null ? "from before the history begins" : `from ${when(since)}`;
  if (until === null) {
    const future = at.getTime() > now.getTime() ? " (if nobody changes them before then)" : "";
    return `Version ${version}, the current rules, in force ${from}${future}.`;
  }
  return `Version ${version} of the rules, in force ${from} until ${when(until)}. They have changed since: this answer uses the rules as they were then.`;
}
