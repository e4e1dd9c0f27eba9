// Months as the month-end run and the upcoming invoice count them: UTC calendar months.

/** The first instant of `moment`'s UTC month, moved by `months`. */
export function monthStart(moment: Date, months = 0): Date {
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth() + months, 1));
}

/** "YYYY-MM" of a moment's UTC month. */
export function monthKey(moment: Date): string {
  return moment.toISOString().slice(0, 7);
}
