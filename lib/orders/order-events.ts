import type { Tx } from "@/lib/db/transaction";
import type { DocumentTypesById } from "@/lib/inventory/documents";
import { event, recordEvents, type NewEvent } from "@/lib/events/record-events";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { readOrdersInTransaction } from "@/lib/orders/read-orders";

// The events a sale causes (docs/CONTRACT.md §14), recorded in the sale's transaction. Each carries
// the resource as its endpoint shows it after the change, read through the same mapper.

/**
 * The events of one sale, recorded in one statement: number.assigned for each configuration
 * it created (in the order sold), number.activated for those an approved bundle covered at the
 * sale (docs/CONTRACT.md §17), then for orders just placed (`placed`) or just given
 * back-ordered numbers (`filled`) one order.created or order.backorder_filled each, and
 * order.completed for those now complete.
 */
export async function recordSaleEvents(
  tx: Tx,
  sale: {
    change: "placed" | "filled";
    orderIds: number[];
    configurationIds: string[];
    /**
     * Numbers active at the sale because an approved bundle covers their documents
     * (docs/CONTRACT.md §17).
     */
    activatedIds: string[];
    documentTypes: DocumentTypesById;
    now: Date;
  },
): Promise<void> {
  const configurations = await numbersAssigned(tx, sale.configurationIds);
  const activated = new Set(sale.activatedIds);
  const events = [
    ...configurations,
    ...configurations
      .filter((entry) => activated.has(entry.data.number_id))
      .map((entry) => event(entry.organizationId, "number.activated", entry.data)),
    ...(await orderEvents(tx, sale.change, sale.orderIds, sale.documentTypes)),
  ];
  await recordEvents(tx, events, sale.now);
}

async function orderEvents(
  tx: Tx,
  change: "placed" | "filled",
  orderIds: number[],
  documentTypes: DocumentTypesById,
): Promise<NewEvent[]> {
  if (orderIds.length === 0) return [];
  const orders = await readOrdersInTransaction(tx, orderIds, documentTypes);
  const events: NewEvent[] = [];
  for (const { order } of orders) {
    events.push(
      event(order.organization_id, change === "placed" ? "order.created" : "order.backorder_filled", order),
    );
    if (order.status === "completed") events.push(event(order.organization_id, "order.completed", order));
  }
  return events;
}

async function numbersAssigned(tx: Tx, configurationIds: string[]): Promise<NewEvent<"number.assigned">[]> {
  if (configurationIds.length === 0) return [];
  const rows = await tx.numberConfiguration.findMany({
    where: { id: { in: configurationIds } },
    include: configurationInclude,
  });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return configurationIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [event(row.organizationId, "number.assigned", toNumberConfiguration(row))] : [];
  });
}
