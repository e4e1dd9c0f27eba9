import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { proratedMinor } from "@/lib/billing/proration";

// billing_prorated: monthly × days left (the day included) ÷ days in the month, UTC, half up.
describe("billing_prorated", () => {
  it.each([
    // A 30-day month (April): the 16th leaves 15 of 30 days, exactly half.
    { monthly: 1000n, at: "2026-04-16T12:00:00Z", amount: 500n },
    // 1.00 × 1/30 = 3.33…: down. 0.05 × 15/30 = 2.5: half up to 3.
    { monthly: 100n, at: "2026-04-30T08:00:00Z", amount: 3n },
    { monthly: 5n, at: "2026-04-16T00:00:00Z", amount: 3n },
    // 29 February of a leap year: the last of 29 days.
    { monthly: 2900n, at: "2028-02-29T10:00:00Z", amount: 100n },
    // 28 February of a leap year leaves 2 of 29; of a common year, 1 of 28.
    { monthly: 2900n, at: "2028-02-28T10:00:00Z", amount: 200n },
    { monthly: 2800n, at: "2027-02-28T10:00:00Z", amount: 100n },
    // The last minute of a month is its last day: one day of 31.
    { monthly: 3100n, at: "2026-01-31T23:59:00Z", amount: 100n },
    // The first minute of a month: the whole month.
    { monthly: 1299n, at: "2026-03-01T00:00:00Z", amount: 1299n },
    // 9.99 from 15 March: 17 of 31 days = 547.83… → 548.
    { monthly: 999n, at: "2026-03-15T09:30:00Z", amount: 548n },
    // docs/API.md's worked example: restored on 3 May, 29 of 31 days: 9.345… → 9.35.
    { monthly: 999n, at: "2026-05-03T12:00:00Z", amount: 935n },
    { monthly: 0n, at: "2026-03-15T09:30:00Z", amount: 0n },
  ])("$monthly from $at is $amount", async ({ monthly, at, amount }) => {
    expect(await proratedMinor(await getPrisma(), monthly, new Date(at))).toBe(amount);
  });
});
