import { zonedInstant } from "@/components/rules/week-timeline";

// A datetime-local input holds a wall-clock time with no zone. On the rule pages that time is
// read in the number's zone, never the browser's, so one typed time has one answer (docs/CONTRACT.md §10).

/** "YYYY-MM-DDTHH:MM" as the wall clock in `timeZone` reads `date`: what a datetime-local input shows. */
export function toZonedInput(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The instant a datetime-local value names in `timeZone`; null when it is not one. */
export function fromZonedInput(text: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  return zonedInstant(year, month, day, hour * 60 + minute, timeZone);
}
