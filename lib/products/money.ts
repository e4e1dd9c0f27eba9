import type { Prisma } from "@/lib/generated/prisma/client";

/**
 * A stored amount as the API writes it (docs/CONTRACT.md §6): fixed decimals ("4.50", "0.0120"), except that
 * nothing at all is "0". Works on the exact Decimal, so no float ever rounds a price.
 */
export function formatAmount(value: Prisma.Decimal, places: 2 | 4): string {
  return value.isZero() ? "0" : value.toFixed(places);
}
