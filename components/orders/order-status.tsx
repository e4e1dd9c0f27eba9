import { formatMoney } from "@/components/ui/format";
import { orderStatusWords } from "@/components/orders/order-words";
import { toMinorUnits } from "@/lib/cart/checkout";
import type { Order } from "@/lib/schemas/orders";

/** The order's status as a badge: the words of orderStatusWords, in their tone. */
export function OrderStatus({ status, waiting }: { status: Order["status"]; waiting: number }) {
  const { label, tone } = orderStatusWords(status, waiting);
  return (
    <span className={`badge badge--${tone}`} data-testid="order-status">
      {label}
    </span>
  );
}

export function orderNumberCounts(order: Order): { assigned: number; backordered: number } {
  return order.items.reduce(
    (sum, item) => ({
      assigned: sum.assigned + item.assigned_numbers.length,
      backordered: sum.backordered + item.backordered_quantity,
    }),
    { assigned: 0, backordered: 0 },
  );
}

/**
 * What an order costs, per currency: setup fees of every number ordered (charged when the
 * order is placed, back-ordered numbers included) and the monthly fees that follow.
 */
function orderTotals(order: Order): { currency: string; setupNow: number; monthly: number }[] {
  const totals = new Map<string, { currency: string; setupNow: number; monthly: number }>();
  for (const item of order.items) {
    const count = item.assigned_numbers.length + item.backordered_quantity;
    const total = totals.get(item.currency) ?? { currency: item.currency, setupNow: 0, monthly: 0 };
    total.setupNow += toMinorUnits(item.setup_fee) * count;
    total.monthly += toMinorUnits(item.monthly_fee) * count;
    totals.set(item.currency, total);
  }
  return [...totals.values()];
}

/** "US$12.00 setup now · US$4.00 a month after", currencies joined by " + ". */
export function describeOrderTotals(order: Order): { setupNow: string; monthly: string } {
  const totals = orderTotals(order);
  return {
    setupNow:
      totals.map((total) => formatMoney(total.setupNow, total.currency)).join(" + ") || formatMoney(0, "USD"),
    monthly:
      totals.map((total) => formatMoney(total.monthly, total.currency)).join(" + ") || formatMoney(0, "USD"),
  };
}
