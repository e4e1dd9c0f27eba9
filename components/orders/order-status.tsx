import type { Order } from "@/lib/schemas/orders";

const statusText: Record<Order["status"], { label: string; tone: string }> = {
  completed: { label: "Completed", tone: "badge--success" },
  partially_fulfilled: { label: "Partly delivered", tone: "badge--warning" },
  backordered: { label: "Back-ordered", tone: "badge--warning" },
};

export function OrderStatus({ status }: { status: Order["status"] }) {
  const { label, tone } = statusText[status];
  return <span className={`badge ${tone}`}>{label}</span>;
}

export function orderNumberCounts(order: Order): { assigned: number; backordered: number } {
  return order.items.reduce(
    (sum, item) => ({ assigned: sum.assigned + item.assigned_numbers.length, backordered: sum.backordered + item.backordered_quantity }),
    { assigned: 0, backordered: 0 },
  );
}
