// Where a read that may be stale goes (docs/CONTRACT.md §18), decided from plain values so a table of
// cases can walk it: the replicas' last health checks, the lag allowed, and whether the caller
// wrote a moment ago. lib/db/replicas.ts feeds it from the running process.

/** A replica's last check: its lag in ms, or null when it did not answer. */
import "server-only";
export type ReplicaHealth = { name: string; lagMs: number | null };

export type ReadTarget =
  | { kind: "replica"; index: number }
  | { kind: "primary"; reason: "no_replica" | "own_write" | "replicas_unusable" };

/** How long a caller's reads stay on the primary after their own write. */
export const READ_YOUR_WRITES_MS = 5_000;

export function replicaUsable(health: ReplicaHealth, maxLagMs: number): boolean {
  return health.lagMs !== null && health.lagMs <= maxLagMs;
}

/**
 * The database for one stale-tolerant read: the primary when there is no replica, when the
 * caller wrote within the window, or when every replica is unreachable or too far behind;
 * else the usable replicas in turn (`turn` counts reads, for round robin).
 */
export function chooseReadTarget(input: {
  replicas: readonly ReplicaHealth[];
  maxLagMs: number;
  callerWroteRecently: boolean;
  turn: number;
}): ReadTarget {
  if (input.replicas.length === 0) return { kind: "primary", reason: "no_replica" };
  if (input.callerWroteRecently) return { kind: "primary", reason: "own_write" };
  const usable = input.replicas.flatMap((health, index) =>
    replicaUsable(health, input.maxLagMs) ? [index] : [],
  );
  if (usable.length === 0) return { kind: "primary", reason: "replicas_unusable" };
  return { kind: "replica", index: usable[Math.abs(input.turn) % usable.length] };
}

/**
 * Callers (a token or a person) who wrote lately, so their reads follow their writes to the
 * primary. The clock is injected; old entries are dropped as new ones come, so the map holds
 * only the callers of the last window.
 */
export class RecentWriters {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly windowMs = READ_YOUR_WRITES_MS,
    private readonly now: () => number = Date.now,
  ) {}

  note(caller: string): void {
    const now = this.now();
    // Insertion order is expiry order (one window for all): drop from the front while expired.
    for (const [key, until] of this.until) {
      if (until > now) break;
      this.until.delete(key);
    }
    this.until.delete(caller);
    this.until.set(caller, now + this.windowMs);
  }

  wroteRecently(caller: string | undefined): boolean {
    if (caller === undefined) return false;
    const until = this.until.get(caller);
    return until !== undefined && until > this.now();
  }

  get size(): number {
    return this.until.size;
  }
}

/**
 * The lag a standby reports, in ms: 0 when it has replayed all it received (an idle primary
 * sends nothing, so the last replay's age says nothing then), else the age of the last replayed
 * transaction; null when it cannot tell (nothing replayed yet). A server that is not in
 * recovery is a primary named as a replica: 0.
 */
export function lagFromStandby(row: {
  in_recovery: boolean;
  caught_up: boolean | null;
  replay_age_ms: number | null;
}): number | null {
  if (!row.in_recovery || row.caught_up === true) return 0;
  return row.replay_age_ms === null ? null : Math.max(0, Math.round(row.replay_age_ms));
}
