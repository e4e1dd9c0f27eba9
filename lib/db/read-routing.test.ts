import { describe, expect, it } from "vitest";
import { chooseReadTarget, lagFromStandby, READ_YOUR_WRITES_MS, RecentWriters } from "@/lib/db/read-routing";
import { parseEnv } from "@/lib/env";

const ok = (name: string, lagMs = 10) => ({ name, lagMs });
const down = (name: string) => ({ name, lagMs: null });

describe("chooseReadTarget", () => {
  it.each([
    {
      case: "no replica configured",
      replicas: [],
      wrote: false,
      turn: 0,
      want: { kind: "primary", reason: "no_replica" },
    },
    {
      case: "a healthy replica",
      replicas: [ok("r1")],
      wrote: false,
      turn: 0,
      want: { kind: "replica", index: 0 },
    },
    {
      case: "the caller wrote just now",
      replicas: [ok("r1")],
      wrote: true,
      turn: 0,
      want: { kind: "primary", reason: "own_write" },
    },
    {
      case: "exactly at the allowed lag",
      replicas: [ok("r1", 5_000)],
      wrote: false,
      turn: 0,
      want: { kind: "replica", index: 0 },
    },
    {
      case: "one ms past the allowed lag",
      replicas: [ok("r1", 5_001)],
      wrote: false,
      turn: 0,
      want: { kind: "primary", reason: "replicas_unusable" },
    },
    {
      case: "the only replica does not answer",
      replicas: [down("r1")],
      wrote: false,
      turn: 0,
      want: { kind: "primary", reason: "replicas_unusable" },
    },
    {
      case: "a lagging replica is skipped for the next",
      replicas: [ok("r1", 60_000), ok("r2")],
      wrote: false,
      turn: 0,
      want: { kind: "replica", index: 1 },
    },
    {
      case: "a dead replica is skipped for the next",
      replicas: [down("r1"), ok("r2"), ok("r3")],
      wrote: false,
      turn: 1,
      want: { kind: "replica", index: 2 },
    },
    {
      case: "round robin: turn 1 of two",
      replicas: [ok("r1"), ok("r2")],
      wrote: false,
      turn: 1,
      want: { kind: "replica", index: 1 },
    },
    {
      case: "round robin: turn 2 of two",
      replicas: [ok("r1"), ok("r2")],
      wrote: false,
      turn: 2,
      want: { kind: "replica", index: 0 },
    },
  ])("$case", ({ replicas, wrote, turn, want }) => {
    expect(chooseReadTarget({ replicas, maxLagMs: 5_000, callerWroteRecently: wrote, turn })).toEqual(want);
  });
});

describe("RecentWriters (read-your-writes window, injected clock)", () => {
  it.each([
    { case: "a caller who never wrote", wrote: [], caller: "token:a", at: 1_000, want: false },
    { case: "no caller (a script)", wrote: [["token:a", 0]], caller: undefined, at: 1, want: false },
    { case: "the same caller, at once", wrote: [["token:a", 0]], caller: "token:a", at: 0, want: true },
    {
      case: "the same caller, 1 ms before the window ends",
      wrote: [["token:a", 0]],
      caller: "token:a",
      at: 4_999,
      want: true,
    },
    {
      case: "the same caller, as the window ends",
      wrote: [["token:a", 0]],
      caller: "token:a",
      at: 5_000,
      want: false,
    },
    { case: "another caller", wrote: [["token:a", 0]], caller: "token:b", at: 1, want: false },
    { case: "a person, not the token", wrote: [["session:u1", 0]], caller: "token:u1", at: 1, want: false },
    {
      case: "a second write extends the window",
      wrote: [
        ["token:a", 0],
        ["token:a", 3_000],
      ],
      caller: "token:a",
      at: 7_000,
      want: true,
    },
  ] as Array<{
    case: string;
    wrote: Array<[string, number]>;
    caller: string | undefined;
    at: number;
    want: boolean;
  }>)("$case", ({ wrote, caller, at, want }) => {
    let now = 0;
    const writers = new RecentWriters(READ_YOUR_WRITES_MS, () => now);
    for (const [who, when] of wrote) {
      now = when;
      writers.note(who);
    }
    now = at;
    expect(writers.wroteRecently(caller)).toBe(want);
  });

  it("forgets callers whose window ended, so the map stays small", () => {
    let now = 0;
    const writers = new RecentWriters(1_000, () => now);
    for (let index = 0; index < 100; index++) writers.note(`token:${index}`);
    now = 1_000;
    writers.note("token:late");
    expect(writers.size).toBe(1);
  });
});

describe("lagFromStandby", () => {
  it.each([
    {
      case: "a primary named as a replica",
      row: { in_recovery: false, caught_up: null, replay_age_ms: null },
      want: 0,
    },
    {
      case: "replayed all it received, idle for a minute",
      row: { in_recovery: true, caught_up: true, replay_age_ms: 60_000 },
      want: 0,
    },
    {
      case: "behind: the last replay's age",
      row: { in_recovery: true, caught_up: false, replay_age_ms: 1234.4 },
      want: 1234,
    },
    {
      case: "behind, nothing replayed yet",
      row: { in_recovery: true, caught_up: false, replay_age_ms: null },
      want: null,
    },
    {
      case: "a clock a little ahead",
      row: { in_recovery: true, caught_up: false, replay_age_ms: -3 },
      want: 0,
    },
  ])("$case", ({ row, want }) => {
    expect(lagFromStandby(row)).toBe(want);
  });
});

describe("the replica settings", () => {
  it.each([
    { env: {}, replicas: [], lag: 5_000 },
    {
      env: {
        DATABASE_REPLICA_URL: "postgresql://r1:5432/db, postgresql://r2:5432/db",
        REPLICA_MAX_LAG_MS: "250",
      },
      replicas: ["postgresql://r1:5432/db", "postgresql://r2:5432/db"],
      lag: 250,
    },
  ])("$env", ({ env, replicas, lag }) => {
    const parsed = parseEnv(env);
    expect(parsed.DATABASE_REPLICA_URL).toEqual(replicas);
    expect(parsed.REPLICA_MAX_LAG_MS).toBe(lag);
  });

  it.each([
    [
      { DATABASE_REPLICA_URL: "mysql://r1/db" },
      "DATABASE_REPLICA_URL.0: each DATABASE_REPLICA_URL must be a postgresql:// URL",
    ],
    [
      { DATABASE_DIRECT_URL: "http://db" },
      "DATABASE_DIRECT_URL: DATABASE_DIRECT_URL must be a postgresql:// URL",
    ],
    [
      { REPLICA_MAX_LAG_MS: "soon" },
      "REPLICA_MAX_LAG_MS: REPLICA_MAX_LAG_MS must be a number of milliseconds",
    ],
    [{ REPLICA_MAX_LAG_MS: "-1" }, "REPLICA_MAX_LAG_MS: REPLICA_MAX_LAG_MS must be at least 0"],
  ])("%j is refused with one line", (env, message) => {
    expect(() => parseEnv(env)).toThrow(`Invalid environment: ${message}`);
  });
});
