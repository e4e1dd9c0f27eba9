// How the portal writes things people read. Telephone numbers are in phone-format.ts, so
// that libphonenumber's metadata loads only with the pages that show numbers.

import { toMinorUnits } from "@/lib/cart/checkout";

export { numberTypeLabel } from "@/lib/reference/number-types";

/** "1 number", "193 numbers": a count with its noun in the right number. */
export function plural(count: number, noun: string, nouns = `${noun}s`): string {
  return `${count.toLocaleString("en-GB")} ${count === 1 ? noun : nouns}`;
}

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" });

export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** "3 minutes ago", "in 2 days": for last use and expiry. */
export function relativeTime(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 365 * 86400],
    ["month", 30 * 86400],
    ["day", 86400],
    ["hour", 3600],
    ["minute", 60],
  ];
  const format = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  return "just now";
}

/** An amount in minor units (cents) as money: "£4.50". */
export function formatMoney(minor: number, currency: string): string {
  return new Intl.NumberFormat("en-GB", { style: "currency", currency }).format(minor / 100);
}

/** A fee as the API writes it ("4.50") as money. */
export function formatFee(amount: string, currency: string): string {
  return formatMoney(toMinorUnits(amount), currency);
}

/** A per-minute rate keeps its four decimals ("0.0120" is 1.2 pence, not 1 penny); "0" is free. */
export function formatRate(amount: string, currency: string): string {
  if (amount === "0") return "free";
  return new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(Number(amount));
}
