// Runs before each test file: a TimeoutOverflowWarning fails the test during which it was
// emitted (or the file, when it comes after the last test). Node gives that warning when a
// timer is asked for more than 2^31-1 ms, and runs it after 1 ms instead: here it has meant a
// test faking the global Date far ahead while a library (PGlite's timers, a pool's idle
// timeout) computed a real timer from Date.now(). Tests pass time explicitly instead
// (lib/api/request-clock.ts, the `now` parameters); this keeps it that way.
import { afterAll, afterEach } from "vitest";

const FAILING_WARNINGS = new Set(["TimeoutOverflowWarning"]);
const seen: Error[] = [];

function onWarning(warning: Error): void {
  if (FAILING_WARNINGS.has(warning.name)) seen.push(warning);
}
process.on("warning", onWarning);

function failOnWarningsSeen(): void {
  const found = seen.splice(0);
  if (found.length === 0) return;
  throw new Error(
    `${found.length} × ${found[0].name}: ${found[0].message} A timer was computed from a clock the test moved: pass the time to the code (a now parameter or lib/api/request-clock.ts) instead of faking Date.`,
  );
}

afterEach(failOnWarningsSeen);
afterAll(() => {
  process.off("warning", onWarning);
  failOnWarningsSeen();
});
