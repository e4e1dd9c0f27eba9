import type { OrderStatus } from "@/lib/generated/prisma/client";

/**
 * docs/CONTRACT.md §7: nothing waiting → completed; nothing assigned → backordered; else
 * partially_fulfilled.
 */
export function orderStatusFor(quantity: number, backordered: number): OrderStatus {
  if (backordered === 0) return "completed";
  if (backordered >= quantity) return "backordered";
  return "partially_fulfilled";
}
