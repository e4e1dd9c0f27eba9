// The rules of time for a port-in order: which days a number can be ported on (the FOC date,
// "firm order commitment"), how soon and how late one may be asked for, when the cut-over
// happens on that day, and how close to it an order can still change or be cancelled.
//
// Every function takes the time it reasons about (`now`) as an argument: the caller passes the
// injected clock, never `new Date()`, so a test or the worker's simulated carrier can stand on
// any instant.
//
// Choices, and why:
// - A business day is Monday to Friday in UTC. There is no holiday calendar: which holidays
//   stop a port depends on the losing carrier's country (and sometimes its region), and no
//   carrier we talk to publishes them to us; a real carrier adapter refuses a holiday with an
//   exception the order shows, as it would any other date it cannot meet. UTC, because the
//   portal sells numbers in many countries and an order's dates must read the same to everyone.
// - The earliest FOC date is three business days after today. A request on or after the daily
//   cut-off of 16:00 UTC, or on a weekend, is worked on the next business day, so it counts
//   from there (Friday 17:00 counts from Monday: Thursday).
// - The latest is 30 calendar days after today (today's date in UTC).
// - The cut-over is at 10:00 UTC on the FOC date: that instant is the order's `focAt`, and the
//   24 h (change the FOC date) and 48 h (cancel) limits are measured back from it. Exactly 24 h
//   (or 48 h) before is still allowed; a millisecond later is not.

const HOUR_MS = 60 * 60 * 1000;

/** Orders received at or after this hour (UTC) are worked on the next business day. */
const DAILY_CUT_OFF_HOUR_UTC = 16;
/** The cut-over hour (UTC) on the FOC date. */
export const CUT_OVER_HOUR_UTC = 10;
/** The earliest FOC date is this many business days after the day an order is worked. */
const MIN_LEAD_BUSINESS_DAYS = 3;
/** The latest FOC date is this many calendar days after today. */
const MAX_LEAD_CALENDAR_DAYS = 30;
/** No FOC change this close to the cut-over. */
const FOC_CHANGE_CUT_OFF_HOURS = 24;
/** No cancellation this close to the cut-over. */
const CANCEL_CUT_OFF_HOURS = 48;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The start (00:00 UTC) of the date's day. */
function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** A date's UTC day as "YYYY-MM-DD". */
export function formatDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** "YYYY-MM-DD" → 00:00 UTC of that day, or null when it is not a real calendar date. */
export function parseDay(value: string): Date | null {
  const match = DAY_PATTERN.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2026-02-30 over to 2 March; a real date reads back as written.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date;
}

/** Monday to Friday, in UTC. */
export function isBusinessDay(date: Date): boolean {
  const weekday = date.getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The date n business days after `date` (before it, for a negative n), at the same time of day:
 * each calendar day stepped onto counts when it is a business day, so Friday + 1 and Saturday + 1
 * are both Monday. n = 0 gives `date` itself.
 */
export function addBusinessDays(date: Date, n: number): Date {
  if (!Number.isSafeInteger(n)) throw new RangeError(`n must be an integer, not ${n}`);
  const step = Math.sign(n);
  const result = new Date(date.getTime());
  for (let left = Math.abs(n); left > 0;) {
    result.setUTCDate(result.getUTCDate() + step);
    if (isBusinessDay(result)) left--;
  }
  return result;
}

function addCalendarDays(date: Date, n: number): Date {
  const result = new Date(date.getTime());
  result.setUTCDate(result.getUTCDate() + n);
  return result;
}

/** The day (00:00 UTC) an order placed at `now` is worked: today, or the next business day. */
function workingDay(now: Date): Date {
  const today = startOfUtcDay(now);
  const late = now.getUTCHours() >= DAILY_CUT_OFF_HOUR_UTC;
  return isBusinessDay(today) && !late ? today : addBusinessDays(today, 1);
}

/** The earliest FOC date (00:00 UTC of that day) an order placed at `now` may ask for. */
export function earliestFocDate(now: Date): Date {
  return addBusinessDays(workingDay(now), MIN_LEAD_BUSINESS_DAYS);
}

/** The latest FOC date (00:00 UTC of that day): 30 calendar days after today. It may fall on a weekend. */
export function latestFocDate(now: Date): Date {
  return addCalendarDays(startOfUtcDay(now), MAX_LEAD_CALENDAR_DAYS);
}

/** The last business day on or before the latest FOC date: the latest date a request can name. */
function latestAllowedFocDate(now: Date): Date {
  const latest = latestFocDate(now);
  return isBusinessDay(latest) ? latest : addBusinessDays(latest, -1);
}

/** The cut-over instant on an FOC date ("YYYY-MM-DD" or any instant of that UTC day): 10:00 UTC. */
export function cutOverAt(focDate: Date | string): Date {
  const day = typeof focDate === "string" ? parseDay(focDate) : startOfUtcDay(focDate);
  if (day === null) throw new RangeError(`${focDate} is not a date (YYYY-MM-DD)`);
  return new Date(day.getTime() + CUT_OVER_HOUR_UTC * HOUR_MS);
}

type FocDateRule = "not_a_date" | "not_a_business_day" | "too_soon" | "too_far";
export type FocDateViolation = {
  rule: FocDateRule;
  /** In plain words, naming the earliest or latest date allowed. */
  message: string;
  /** The window a request made at `now` may choose from, "YYYY-MM-DD". */
  earliest: string;
  latest: string;
};

const weekdayName = new Intl.DateTimeFormat("en-GB", { weekday: "long", timeZone: "UTC" });

/**
 * Whether `requested` ("YYYY-MM-DD") is an FOC date an order placed at `now` may ask for: null
 * when it is, else the rule it breaks. A date out of the window is told the window's nearest
 * end (a valid date to pick) before being told it is a weekend.
 */
export function checkRequestedFocDate(requested: string, now: Date): FocDateViolation | null {
  const earliestDate = earliestFocDate(now);
  const latestDate = latestAllowedFocDate(now);
  const earliest = formatDay(earliestDate);
  const latest = formatDay(latestDate);
  const violation = (rule: FocDateRule, message: string): FocDateViolation => ({
    rule,
    message,
    earliest,
    latest,
  });
  const day = parseDay(requested);
  if (day === null)
    return violation(
      "not_a_date",
      `The requested FOC date must be a date written as YYYY-MM-DD (for example ${earliest}), not "${requested}".`,
    );
  if (day < earliestDate)
    return violation(
      "too_soon",
      `The requested FOC date ${requested} is too soon: the earliest allowed is ${earliest}, ` +
        `${MIN_LEAD_BUSINESS_DAYS} business days after the day the order is worked ` +
        `(orders after ${DAILY_CUT_OFF_HOUR_UTC}:00 UTC or on a weekend are worked the next business day).`,
    );
  if (day > latestDate)
    return violation(
      "too_far",
      `The requested FOC date ${requested} is too far ahead: the latest allowed is ${latest}, ` +
        `the last business day within ${MAX_LEAD_CALENDAR_DAYS} days of today.`,
    );
  // The window's ends are business days, so a weekend inside it has a business day after it
  // that is inside it too.
  if (!isBusinessDay(day))
    return violation(
      "not_a_business_day",
      `The requested FOC date ${requested} is a ${weekdayName.format(day)}: ports happen on ` +
        `business days, Monday to Friday (UTC); the next business day is ${formatDay(addBusinessDays(day, 1))}.`,
    );
  return null;
}

/** Whether `now` is at least `hours` before `focAt` (whole milliseconds: no rounding at the edge). */
function isAtLeastHoursBefore(focAt: Date, now: Date, hours: number): boolean {
  return focAt.getTime() - now.getTime() >= hours * HOUR_MS;
}

/**
 * Whether the FOC date can still change: not within 24 h of the cut-over `focAt` (see cutOverAt;
 * before a carrier confirms, the cut-over of the requested date). Exactly 24 h before is allowed.
 */
export function canChangeFoc(focAt: Date, now: Date): boolean {
  return isAtLeastHoursBefore(focAt, now, FOC_CHANGE_CUT_OFF_HOURS);
}

/** Whether the order can still be cancelled: not within 48 h of the cut-over. Exactly 48 h before is allowed. */
export function canCancel(focAt: Date, now: Date): boolean {
  return isAtLeastHoursBefore(focAt, now, CANCEL_CUT_OFF_HOURS);
}
