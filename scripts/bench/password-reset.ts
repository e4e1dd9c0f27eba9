// npx tsx scripts/bench/password-reset.ts [--tries 100] [--postgres]
//
// What asking for a password reset costs for an email with an account and for one without, as
// the route's handler does it (the attempt throttle, then the request): `--tries` of each,
// alternating so that both see the same machine, on a fresh embedded PGlite (or, with
// --postgres, a fresh database on PG_TEST_URL's server). The throttle counts in the process's
// usual store on a clock two hours apart per try, so no try is refused. Prints the median and
// the 90th percentile of each and their ratio, and the load average; asserts nothing: an equal
// cost is held by lib/accounts/password-reset.test.ts, which compares the statements sent.
import { answerResetRequest } from "@/lib/accounts/endpoints";
import { AttemptThrottle, setAttemptThrottle } from "@/lib/auth/attempt-throttle";
import { getCounterStore } from "@/lib/counters/stores";
import { openFreshDatabase } from "@/scripts/bench/fresh-database";
import { loadAverage, ms, table } from "@/scripts/bench/report";

const index = process.argv.indexOf("--tries");
const TRIES = index === -1 ? 100 : Number(process.argv[index + 1]);
if (!Number.isInteger(TRIES) || TRIES < 1) throw new Error("--tries takes a whole number above 0");

const KNOWN = "customer@acme.example";

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

async function timeOne(email: string, ip: string): Promise<number> {
  const started = performance.now();
  await answerResetRequest(email, { headers: new Headers({ "x-forwarded-for": ip }) }, new Date());
  return performance.now() - started;
}

async function main() {
  const bench = await openFreshDatabase("bench_reset");
  let clock = Date.now();
  setAttemptThrottle(new AttemptThrottle(await getCounterStore(), () => (clock += 2 * 3600_000)));
  try {
    // Warm both paths (module loading, prepared plans) before timing.
    for (let i = 0; i < 5; i++) {
      await timeOne(KNOWN, `192.0.2.${i}`);
      await timeOne(`warm-${i}@example.com`, `192.0.2.${i}`);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < TRIES; i++) {
      const ip = `198.51.100.${i % 250}`;
      known.push(await timeOne(KNOWN, ip));
      unknown.push(await timeOne(`nobody-${i}@example.com`, ip));
    }
    known.sort((a, b) => a - b);
    unknown.sort((a, b) => a - b);
    const rows = [
      ["known email", ms(quantile(known, 0.5)), ms(quantile(known, 0.9))],
      ["unknown email", ms(quantile(unknown, 0.5)), ms(quantile(unknown, 0.9))],
    ];
    console.log(
      `POST /password-reset handler, ${TRIES} tries each, ${bench.postgres ? "PostgreSQL" : "PGlite"}`,
    );
    console.log(table(["", "median ms", "p90 ms"], rows));
    console.log(`known / unknown (medians): ${(quantile(known, 0.5) / quantile(unknown, 0.5)).toFixed(2)}`);
    console.log(`load average: ${loadAverage()}`);
  } finally {
    await bench.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
