// CPU seconds the PostgreSQL backends serving one database use over a stretch of a bench: on a
// shared, loaded machine the wall time of a run says as much about the neighbours as about the
// run, its CPU time much less. Backends are found by their process title ("postgres: … <user>
// <database> …", Linux /proc, the server on this machine) every `everyMs`; a backend's last
// reading counts when it exits (a pool closes idle connections, which use no CPU meanwhile; a
// parallel worker lives for one query, so part of its CPU may be missed).
import { readdirSync, readFileSync } from "node:fs";
import { cpuSeconds } from "@/scripts/bench/processes";

function backendsOf(database: string): number[] {
  const titles = new Map<number, string[]>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, "utf8");
      if (title.startsWith("postgres:")) titles.set(Number(entry), title.split(/[\s\0]+/));
    } catch {
      // Exited while listed.
    }
  }
  const backends = [...titles].filter(([, words]) => words.includes(database)).map(([pid]) => pid);
  // A parallel query's workers are titled by their leader's pid, not the database.
  const workers = [...titles]
    .filter(
      ([, words]) => words.includes("parallel") && backends.includes(Number(words[words.indexOf("PID") + 1])),
    )
    .map(([pid]) => pid);
  return [...backends, ...workers];
}

export class BackendCpu {
  private readonly last = new Map<number, number>();
  private readonly start = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: string,
    private readonly everyMs = 250,
  ) {}

  private sample(first = false) {
    for (const pid of backendsOf(this.database)) {
      const seconds = cpuSeconds([pid]);
      if (first) this.start.set(pid, seconds);
      this.last.set(pid, seconds);
    }
  }

  begin(): this {
    this.sample(true);
    this.timer = setInterval(() => this.sample(), this.everyMs);
    return this;
  }

  /** CPU seconds of the database's backends since begin(). */
  end(): number {
    if (this.timer) clearInterval(this.timer);
    this.sample();
    let total = 0;
    for (const [pid, seconds] of this.last) total += seconds - (this.start.get(pid) ?? 0);
    return total;
  }
}

/** CPU seconds (user + system) this process has used so far. */
export function ownCpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}
