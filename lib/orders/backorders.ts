import { Prisma, type OrderStatus } from "@/lib/generated/prisma/client";
import { createConfigurations, sellFromGeography } from "@/lib/orders/sell";
import { orderStatusFor } from "@/lib/orders/status";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { forgetInventoryCounts } from "@/lib/inventory/search";
import type { ItemGeography } from "@/lib/orders/pick-product";
import { recordSaleEvents } from "@/lib/orders/order-events";
import { loadDocumentTypes, type DocumentTypesById } from "@/lib/inventory/documents";
import { gateSoldNumbers } from "@/lib/compliance/activation";
import { metrics } from "@/lib/observability/metrics";

type FilledOrder = { referenceId: string; status: OrderStatus };
/** A region that has received numbers. */
export type StockedGeography = ItemGeography & { regionId: string };
export type FillResult = { assignedNumbers: number; orders: FilledOrder[] };

type WaitingItem = {
  id: number;
  order_id: number;
  product_id: number;
  backordered_quantity: number;
  region_id: string | null;
  organization_id: string;
  bundle_id: string | null;
};

/**
 * Gives newly stocked numbers to the items waiting for them (docs/CONTRACT.md §7): for each
 * geography, back-ordered items that take numbers from it, oldest order first. An item
 * without a region (a non-local geography) takes numbers from any region of its type.
 */
export async function fillBackorders(geographies: StockedGeography[]): Promise<FillResult> {
  const result: FillResult = { assignedNumbers: 0, orders: [] };
  const touched = new Map<string, FilledOrder>();
  // Read before the transactions: on one connection (PGlite) a read outside one waits for it.
  const documentTypes = await loadDocumentTypes();
  for (const geography of dedupe(geographies)) {
    const filled = await inRetryingTransaction((tx) => fillGeography(tx, geography, documentTypes));
    // Counted per committed transaction: a later geography that fails does not undo this one.
    countFilled(filled);
    result.assignedNumbers += filled.assignedNumbers;
    for (const order of filled.orders) touched.set(order.referenceId, order);
  }
  result.orders = [...touched.values()];
  // Filled items took numbers off sale: this process's shared search totals are out of date.
  if (result.assignedNumbers > 0) forgetInventoryCounts();
  return result;
}

/**
 * Numbers a fill sold, in the numbers-sold counter (docs/OPERATIONS.md): call it once the fill's
 * transaction has committed, never inside it (a retried transaction would count twice).
 */
export function countFilled(filled: FillResult): void {
  if (filled.assignedNumbers > 0) metrics().numbersSold.inc(filled.assignedNumbers);
}

/**
 * One geography's back-orders, in the caller's transaction: also used by the worker when a
 * released number returns to inventory, so the number is filled in the same commit that puts
 * it back on sale (docs/CONTRACT.md §16) and is never for sale and owned at once.
 */
export async function fillGeography(
  tx: Tx,
  geography: StockedGeography,
  documentTypes: DocumentTypesById,
  now = new Date(),
): Promise<FillResult> {
  // FOR UPDATE: two imports at once must not both fill one item; the second waits and then
  // reads the quantity the first left.
  const waiting = await tx.$queryRaw<WaitingItem[]>`
    SELECT oi.id, oi.order_id, oi.product_id, oi.backordered_quantity, oi.region_id, o.organization_id, oi.bundle_id
    FROM order_item oi JOIN "order" o ON o.id = oi.order_id
    WHERE oi.backordered_quantity > 0 AND oi.country_id = ${geography.countryId} AND oi.number_type_id = ${geography.numberTypeId}
      AND (oi.region_id = ${geography.regionId} OR oi.region_id IS NULL)
    ORDER BY o.created_at, o.id, oi.position
    FOR UPDATE OF oi`;

  let assignedNumbers = 0;
  const orderIds = new Set<number>();
  const configurationIds: string[] = [];
  const activatedIds: string[] = [];
  for (const item of waiting) {
    const from: ItemGeography = { ...geography, regionId: item.region_id };
    // Only numbers the item's product has the documents for (docs/CONTRACT.md §7).
    const taken = await sellFromGeography(
      tx,
      { id: item.id, productId: item.product_id, bundleId: item.bundle_id },
      from,
      item.backordered_quantity,
      {
        organizationId: item.organization_id,
        now,
      },
    );
    if (taken.length === 0) continue;
    await tx.orderItem.update({
      where: { id: item.id },
      data: { backorderedQuantity: { decrement: taken.length } },
    });
    configurationIds.push(...(await createConfigurations(tx, item.organization_id, taken)));
    // Pending when no approved bundle covers them (docs/CONTRACT.md §17), as at a sale.
    activatedIds.push(
      ...(await gateSoldNumbers(tx, configurationIds.slice(-taken.length), now)).activatedIds,
    );
    assignedNumbers += taken.length;
    orderIds.add(item.order_id);
  }
  const orders = await updateStatuses(tx, [...orderIds]);
  // In this transaction: the events exist exactly when the numbers are assigned.
  await recordSaleEvents(tx, {
    change: "filled",
    orderIds: [...orderIds],
    configurationIds,
    activatedIds,
    documentTypes,
    now,
  });
  return { assignedNumbers, orders };
}

async function updateStatuses(tx: Tx, orderIds: number[]): Promise<FilledOrder[]> {
  if (orderIds.length === 0) return [];
  const totals = await tx.$queryRaw<
    Array<{ id: number; reference_id: string; quantity: number; backordered: number }>
  >`
    SELECT o.id, o.reference_id, sum(oi.quantity)::int AS quantity, sum(oi.backordered_quantity)::int AS backordered
    FROM "order" o JOIN order_item oi ON oi.order_id = o.id
    WHERE o.id IN (${Prisma.join(orderIds)})
    GROUP BY o.id, o.reference_id`;
  const orders: FilledOrder[] = [];
  for (const total of totals) {
    const status = orderStatusFor(total.quantity, total.backordered);
    await tx.order.update({ where: { id: total.id }, data: { status } });
    orders.push({ referenceId: total.reference_id, status });
  }
  return orders;
}

function dedupe(geographies: StockedGeography[]): StockedGeography[] {
  const byKey = new Map(
    geographies.map((geography) => [
      `${geography.countryId}|${geography.numberTypeId}|${geography.regionId}`,
      geography,
    ]),
  );
  return [...byKey.values()];
}
