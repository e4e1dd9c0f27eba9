// The cluster suite's checks: each printed as it is made, all summed up at the end.

export type Check = { name: string; ok: boolean; detail: string };

export const checks: Check[] = [];

export function check(name: string, ok: boolean, detail = ""): boolean {
  checks.push({ name, ok, detail });
  console.log(`${ok ? "  ok  " : "  FAIL"} ${name}${detail ? ` — ${detail}` : ""}`);
  return ok;
}

export function section(title: string): void {
  console.log(`\n== ${title}`);
}

export const failed = () => checks.filter((entry) => !entry.ok);

/** Counts of each value, "200×50 409×250". */
export function histogram(values: Iterable<string | number>): string {
  const counts = new Map<string | number, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .sort(([a], [b]) => String(a).localeCompare(String(b)))
    .map(([value, count]) => `${value}×${count}`)
    .join(" ");
}
