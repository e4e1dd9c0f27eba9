import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addBusinessDays,
  canCancel,
  canChangeFoc,
  checkRequestedFocDate,
  cutOverAt,
  earliestFocDate,
  formatDay,
  isBusinessDay,
  latestFocDate,
  parseDay,
} from "@/lib/porting/business-days";

// The rules of time for port-in orders, on fixed instants. The week of 30 Nov 2026:
// Mon 30 Nov, Tue 1 Dec, Wed 2, Thu 3, Fri 4, Sat 5, Sun 6, Mon 7.

const at = (iso: string) => new Date(iso);
const day = (date: Date) => formatDay(date);

describe("isBusinessDay", () => {
  it.each([
    ["2026-11-30T00:00:00Z", true], // Monday
    ["2026-12-04T23:59:59.999Z", true], // Friday's last instant
    ["2026-12-05T00:00:00Z", false], // Saturday's first
    ["2026-12-06T23:59:59.999Z", false], // Sunday's last
    ["2026-12-07T00:00:00Z", true], // Monday's first
  ])("%s → %s (UTC weekday, whatever the local zone)", (iso, expected) => {
    expect(isBusinessDay(at(iso))).toBe(expected);
  });
});

describe("addBusinessDays", () => {
  it.each([
    ["2026-12-04T10:00:00Z", 1, "2026-12-07T10:00:00.000Z"], // Friday → Monday
    ["2026-12-05T10:00:00Z", 1, "2026-12-07T10:00:00.000Z"], // Saturday → Monday
    ["2026-12-06T10:00:00Z", 1, "2026-12-07T10:00:00.000Z"], // Sunday → Monday
    ["2026-11-30T10:00:00Z", 3, "2026-12-03T10:00:00.000Z"], // Monday → Thursday
    ["2026-12-02T10:00:00Z", 3, "2026-12-07T10:00:00.000Z"], // Wednesday → Monday
    ["2026-11-30T10:00:00Z", 10, "2026-12-14T10:00:00.000Z"], // two weeks
    ["2026-12-05T10:00:00Z", 0, "2026-12-05T10:00:00.000Z"], // zero is the date itself
    ["2026-12-07T10:00:00Z", -1, "2026-12-04T10:00:00.000Z"], // Monday − 1 → Friday
    ["2026-12-06T10:00:00Z", -1, "2026-12-04T10:00:00.000Z"], // Sunday − 1 → Friday
    ["2026-12-31T23:59:00Z", 1, "2027-01-01T23:59:00.000Z"], // across a year (no holidays)
  ])("%s + %i → %s", (from, n, expected) => {
    expect(addBusinessDays(at(from), n).toISOString()).toBe(expected);
  });

  it("refuses a fractional count", () => {
    expect(() => addBusinessDays(at("2026-12-01T00:00:00Z"), 1.5)).toThrow(RangeError);
  });

  it("never lands on a weekend, keeps the time of day, and is monotonic in the count and the start", () => {
    const instant = fc.date({
      min: new Date("2000-01-01T00:00:00Z"),
      max: new Date("2100-01-01T00:00:00Z"),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(
        instant,
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 400 }),
        (start, n, more) => {
          const result = addBusinessDays(start, n);
          expect(isBusinessDay(result)).toBe(true);
          expect(result.getTime() % 86_400_000).toBe(start.getTime() % 86_400_000);
          expect(result.getTime()).toBeGreaterThan(start.getTime());
          // More business days land strictly later; the count comes back stepping backwards.
          if (more > 0) expect(addBusinessDays(start, n + more).getTime()).toBeGreaterThan(result.getTime());
          if (isBusinessDay(start)) expect(addBusinessDays(result, -n).getTime()).toBe(start.getTime());
        },
      ),
    );
    fc.assert(
      fc.property(instant, instant, fc.integer({ min: 0, max: 60 }), (a, b, n) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        expect(addBusinessDays(early, n).getTime()).toBeLessThanOrEqual(addBusinessDays(late, n).getTime());
      }),
    );
  });

  it("counts exactly n weekdays between the start and the result", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2020-01-01T00:00:00Z"),
          max: new Date("2040-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: 0, max: 100 }),
        (start, n) => {
          const result = addBusinessDays(start, n);
          let weekdays = 0;
          for (let d = new Date(start); d < result; d = new Date(d.getTime() + 86_400_000))
            if (isBusinessDay(new Date(d.getTime() + 86_400_000))) weekdays++;
          expect(weekdays).toBe(n);
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("earliestFocDate", () => {
  it.each([
    ["2026-11-30T09:00:00Z", "2026-12-03"], // Monday morning: Thursday
    ["2026-11-30T15:59:59.999Z", "2026-12-03"], // the last instant before the cut-off
    ["2026-11-30T16:00:00Z", "2026-12-04"], // at the cut-off: counted from Tuesday
    ["2026-12-02T15:00:00Z", "2026-12-07"], // Wednesday: over the weekend to Monday
    ["2026-12-04T15:59:00Z", "2026-12-09"], // Friday before the cut-off: Wednesday
    ["2026-12-04T16:00:00Z", "2026-12-10"], // Friday after it: counted from Monday
    ["2026-12-04T23:59:00Z", "2026-12-10"],
    ["2026-12-05T00:00:00Z", "2026-12-10"], // Saturday: counted from Monday
    ["2026-12-06T23:59:59Z", "2026-12-10"], // Sunday
    ["2026-12-07T00:00:00Z", "2026-12-10"], // Monday's first instant
  ])("at %s → %s", (now, expected) => {
    const earliest = earliestFocDate(at(now));
    expect(day(earliest)).toBe(expected);
    expect(earliest.toISOString()).toBe(`${expected}T00:00:00.000Z`);
  });

  it("is always a business day at least three business days out", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2020-01-01T00:00:00Z"),
          max: new Date("2040-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        (now) => {
          const earliest = earliestFocDate(now);
          expect(isBusinessDay(earliest)).toBe(true);
          expect(earliest.getTime()).toBeGreaterThanOrEqual(addBusinessDays(now, 3).getTime() - 86_400_000);
          expect(checkRequestedFocDate(day(earliest), now)).toBeNull();
          expect(checkRequestedFocDate(day(addBusinessDays(earliest, -1)), now)?.rule).toBe("too_soon");
        },
      ),
    );
  });
});

describe("latestFocDate", () => {
  it.each([
    ["2026-11-30T09:00:00Z", "2026-12-30"],
    ["2026-11-30T23:59:59Z", "2026-12-30"],
    ["2026-12-01T00:00:00Z", "2026-12-31"],
    ["2027-01-31T12:00:00Z", "2027-03-02"], // 30 calendar days, through a short February
  ])("at %s → %s", (now, expected) => {
    expect(latestFocDate(at(now)).toISOString()).toBe(`${expected}T00:00:00.000Z`);
  });
});

describe("cutOverAt", () => {
  it("is 10:00 UTC on the FOC date, from a day or any instant of it", () => {
    expect(cutOverAt("2026-12-03").toISOString()).toBe("2026-12-03T10:00:00.000Z");
    expect(cutOverAt(at("2026-12-03T23:59:59Z")).toISOString()).toBe("2026-12-03T10:00:00.000Z");
    expect(() => cutOverAt("2026-02-30")).toThrow(RangeError);
  });
});

describe("parseDay", () => {
  it.each([
    ["2026-12-03", "2026-12-03T00:00:00.000Z"],
    ["2028-02-29", "2028-02-29T00:00:00.000Z"],
    ["2026-02-29", null],
    ["2026-13-01", null],
    ["2026-12-3", null],
    ["2026-12-03T00:00:00Z", null],
    ["", null],
  ])("%j → %s", (value, expected) => {
    expect(parseDay(value)?.toISOString() ?? null).toBe(expected);
  });
});

describe("checkRequestedFocDate", () => {
  // Monday 30 Nov 2026, 09:00 UTC: earliest Thursday 3 Dec, latest Wednesday 30 Dec.
  const now = at("2026-11-30T09:00:00Z");
  const window = { earliest: "2026-12-03", latest: "2026-12-30" };

  it.each(["2026-12-03", "2026-12-04", "2026-12-07", "2026-12-30"])("accepts %s", (requested) => {
    expect(checkRequestedFocDate(requested, now)).toBeNull();
  });

  it.each([
    [
      "2026-12-02",
      "too_soon",
      "The requested FOC date 2026-12-02 is too soon: the earliest allowed is 2026-12-03, 3 business days after the day the order is worked (orders after 16:00 UTC or on a weekend are worked the next business day).",
    ],
    [
      "2026-11-29",
      "too_soon",
      "The requested FOC date 2026-11-29 is too soon: the earliest allowed is 2026-12-03, 3 business days after the day the order is worked (orders after 16:00 UTC or on a weekend are worked the next business day).",
    ],
    [
      "2026-12-31",
      "too_far",
      "The requested FOC date 2026-12-31 is too far ahead: the latest allowed is 2026-12-30, the last business day within 30 days of today.",
    ],
    [
      "2026-12-05",
      "not_a_business_day",
      "The requested FOC date 2026-12-05 is a Saturday: ports happen on business days, Monday to Friday (UTC); the next business day is 2026-12-07.",
    ],
    [
      "2026-12-06",
      "not_a_business_day",
      "The requested FOC date 2026-12-06 is a Sunday: ports happen on business days, Monday to Friday (UTC); the next business day is 2026-12-07.",
    ],
    [
      "2026-02-30",
      "not_a_date",
      'The requested FOC date must be a date written as YYYY-MM-DD (for example 2026-12-03), not "2026-02-30".',
    ],
    [
      "3 Dec 2026",
      "not_a_date",
      'The requested FOC date must be a date written as YYYY-MM-DD (for example 2026-12-03), not "3 Dec 2026".',
    ],
  ])("refuses %s as %s", (requested, rule, message) => {
    expect(checkRequestedFocDate(requested, now)).toEqual({ rule, message, ...window });
  });

  it("names the last business day when the 30th day out is a weekend", () => {
    // Thursday 5 Nov 2026: 30 days out is Saturday 5 Dec, so the latest allowed is Friday 4 Dec.
    const thursday = at("2026-11-05T12:00:00Z");
    expect(day(latestFocDate(thursday))).toBe("2026-12-05");
    expect(checkRequestedFocDate("2026-12-04", thursday)).toBeNull();
    expect(checkRequestedFocDate("2026-12-05", thursday)).toEqual({
      rule: "too_far",
      message:
        "The requested FOC date 2026-12-05 is too far ahead: the latest allowed is 2026-12-04, the last business day within 30 days of today.",
      earliest: "2026-11-10",
      latest: "2026-12-04",
    });
  });

  it("moves the window at the daily cut-off and at midnight", () => {
    expect(checkRequestedFocDate("2026-12-03", at("2026-11-30T15:59:59.999Z"))).toBeNull();
    expect(checkRequestedFocDate("2026-12-03", at("2026-11-30T16:00:00Z"))?.rule).toBe("too_soon");
    expect(checkRequestedFocDate("2026-12-30", at("2026-11-30T23:59:59.999Z"))).toBeNull();
    expect(checkRequestedFocDate("2026-12-31", at("2026-11-30T23:59:59.999Z"))?.rule).toBe("too_far");
    expect(checkRequestedFocDate("2026-12-31", at("2026-12-01T00:00:00Z"))).toBeNull();
  });

  it("accepts exactly the business days of the window", () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("2020-01-01T00:00:00Z"),
          max: new Date("2040-01-01T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.integer({ min: -5, max: 40 }),
        (now, offset) => {
          const requested = new Date(
            Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset),
          );
          const inWindow = requested >= earliestFocDate(now) && requested <= latestFocDate(now);
          const violation = checkRequestedFocDate(day(requested), now);
          expect(violation === null).toBe(inWindow && isBusinessDay(requested));
        },
      ),
    );
  });
});

describe("canChangeFoc and canCancel", () => {
  const focAt = cutOverAt("2026-12-10"); // Thursday 10:00 UTC

  it.each([
    ["2026-12-09T09:59:59.999Z", true], // more than 24 h before
    ["2026-12-09T10:00:00Z", true], // exactly 24 h before
    ["2026-12-09T10:00:00.001Z", false], // within 24 h
    ["2026-12-10T10:00:00Z", false], // at the cut-over
    ["2026-12-11T10:00:00Z", false], // after it
  ])("canChangeFoc at %s → %s", (now, expected) => {
    expect(canChangeFoc(focAt, at(now))).toBe(expected);
  });

  it.each([
    ["2026-12-08T09:59:59.999Z", true],
    ["2026-12-08T10:00:00Z", true], // exactly 48 h before
    ["2026-12-08T10:00:00.001Z", false], // within 48 h
    ["2026-12-09T10:00:00Z", false], // 24 h before: can still change the date, not cancel
    ["2026-12-10T10:00:00Z", false],
  ])("canCancel at %s → %s", (now, expected) => {
    expect(canCancel(focAt, at(now))).toBe(expected);
  });

  it("measures in hours, not business days: a Monday cut-over is cancellable until Saturday 10:00", () => {
    const monday = cutOverAt("2026-12-07");
    expect(canCancel(monday, at("2026-12-05T10:00:00Z"))).toBe(true);
    expect(canCancel(monday, at("2026-12-05T10:00:01Z"))).toBe(false);
    expect(canChangeFoc(monday, at("2026-12-06T10:00:00Z"))).toBe(true);
  });
});
