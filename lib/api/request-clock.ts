import { processSlot } from "@/lib/process-singleton";

// The time a request is served at. The wrapper reads it once per request and hands it to the
// handler as `now`, so everything one request decides (a hold's end, whether an invitation
// expired) is decided at one instant, and domain functions take the time as a value instead
// of reading the global clock. Tests put a clock of their own in place rather than faking
// Date, which would also move the timers of the database driver and everything else.

const clock = processSlot<() => Date>("request-clock");

/** Now, by the clock in place (the real one unless a test set another). */
export function requestTime(): Date {
  return clock.get()?.() ?? new Date();
}

/** Puts a clock in place for requests (tests); undefined restores the real one. */
export function setRequestClock(value: (() => Date) | undefined): void {
  clock.set(value);
}
