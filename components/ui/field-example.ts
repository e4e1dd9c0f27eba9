// An example for a date field, written the way the field itself shows dates. A browser's date
// and datetime-local inputs show the person's own locale ("11/29/2026, 10:00 PM" in the US,
// "29/11/2026, 22:00" in Britain), so a fixed example would contradict the field for someone.

const shapes = {
  date: { year: "numeric", month: "2-digit", day: "2-digit" },
  "datetime-local": { year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * `date` as an input of `type` shows it: in `locale` (the browser's own when left out) and in
 * `timeZone` (for a field that reads a number's wall clock; the browser's zone when left out).
 */
export function fieldExample(
  date: Date,
  type: keyof typeof shapes,
  { locale, timeZone }: { locale?: string; timeZone?: string } = {},
): string {
  return new Intl.DateTimeFormat(locale, { ...shapes[type], timeZone }).format(date);
}
