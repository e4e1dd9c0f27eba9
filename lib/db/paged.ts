// Offset-paged lists and their totals (X-Total-Count), read with as few round trips as the page allows.

import "server-only";
export type PageWindow = { limit: number; offset: number };

/**
 * The total a page tells by itself: a short page that is not past the end is the last one,
 * so its end is the total. Null when only a count can tell (a full page, or an empty one
 * past the end).
 */
export function totalFromPage(page: PageWindow, pageSize: number): number | null {
  return pageSize < page.limit && (pageSize > 0 || page.offset === 0) ? page.offset + pageSize : null;
}

/**
 * One page and the total of the list it belongs to. The count (the second round trip) runs
 * only when the page cannot tell the total, which for most lists is most calls.
 */
export async function readPage<T>(
  page: PageWindow,
  rows: () => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const found = await rows();
  return { rows: found, total: totalFromPage(page, found.length) ?? (await count()) };
}
