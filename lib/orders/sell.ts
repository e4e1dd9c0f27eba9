import { Prisma } from "@/lib/generated/prisma/client";
import { formatNational } from "@/lib/reference/phone";
import { newConfigurationId } from "@/lib/orders/ids";
import { notHeldByAnother } from "@/lib/inventory/holds-sql";
import type { ItemGeography } from "@/lib/orders/pick-product";
import type { Tx } from "@/lib/db/transaction";
import type { OrderStatus } from "@/lib/generated/prisma/client";
import { approvedBundleDocumentsSql } from "@/lib/compliance/coverage";

export type SoldNumber = {
  id: number;
  number_e164: string;
  order_item_id: number;
  /** Document type ids the number needs (docs/CONTRACT.md §7: the order answer lists them). */
  required_document_ids: string[];
};

/**
 * Whose sale it is, and when (docs/CONTRACT.md §12): a number another organization holds at `now`
 * is not for sale to this buyer; the holds on the numbers sold are consumed by the same
 * statement that sells them.
 */
export type HoldView = { organizationId: string; now: Date };

/**
 * Sells up to `quantity` available numbers of a geography to an order item, lowest numbers
 * first. Only numbers whose required documents are all among the item's product's are
 * taken (docs/CONTRACT.md §7): a number that needs more than the product provides is never handed
 * out, unless the item names an approved bundle that covers the rest (docs/CONTRACT.md §17). SKIP
 * LOCKED lets concurrent orders for one geography each take different rows instead of
 * queueing behind, or double-selling, the same ones.
 */
export async function sellFromGeography(
  tx: Tx,
  item: { id: number; productId: number; bundleId: string | null },
  geography: ItemGeography,
  quantity: number,
  holds: HoldView,
): Promise<SoldNumber[]> {
  const region =
    geography.regionId === null ? Prisma.empty : Prisma.sql`AND region_id = ${geography.regionId}`;
  return tx.$queryRaw<SoldNumber[]>`
    WITH picked AS (
      SELECT id FROM inventory_number
      WHERE country_id = ${geography.countryId} AND number_type_id = ${geography.numberTypeId} ${region}
        AND status = 'available'
        AND required_document_ids <@ (ARRAY(SELECT document_type_id FROM product_document WHERE product_id = ${item.productId})
                                      || ${approvedBundleDocumentsSql(item.bundleId, holds.now)})
        AND ${notHeldByAnother(Prisma.sql`inventory_number.number_e164`, holds.organizationId, holds.now)}
      ORDER BY number_e164
      LIMIT ${quantity}
      FOR UPDATE SKIP LOCKED
    ), sold AS (
      UPDATE inventory_number AS n
      SET status = 'sold', order_item_id = ${item.id}, sold_at = now()
      FROM picked
      WHERE n.id = picked.id AND n.status = 'available'
      RETURNING n.id, n.number_e164, n.order_item_id, n.required_document_ids
    )${consumeHolds(holds.now)}
    SELECT id, number_e164, order_item_id, required_document_ids FROM sold`;
}

// A sold number's live hold (only the buyer's own can be live: others' exclude it from the
// sale) goes with the sale. One that had ended stays for the worker's sweep, which reports it
// as reservation.expired (lib/reservations/expire-holds.ts); deleted here, it would not be.
const consumeHolds = (now: Date) => Prisma.sql`, consumed AS (
      DELETE FROM number_hold h USING sold WHERE h.number_e164 = sold.number_e164 AND h.held_until > ${now}
    )`;

/**
 * docs/CONTRACT.md §7: a bought number becomes the organization's, with a default configuration
 * named after the number as written at home and no rules. inventory_number_id is unique, so
 * even a bug upstream could not give one number to two owners. With `orderStatus`, the
 * order's status is set by the same statement (one round trip fewer per order). Answers the
 * new configurations' ids, in the order sold, for the sale's events.
 */
export async function createConfigurations(
  tx: Tx,
  organizationId: string,
  sold: SoldNumber[],
  orderStatus?: { orderId: number; status: OrderStatus },
): Promise<string[]> {
  if (sold.length === 0 && !orderStatus) return [];
  const ids = sold.map(() => newConfigurationId());
  const numbers = sold.map((number) => number.number_e164);
  const names = sold.map((number) => formatNational(number.number_e164));
  const inventoryIds = sold.map((number) => number.id);
  const statusUpdate = orderStatus
    ? Prisma.sql`, status AS (
        UPDATE "order" SET status = ${orderStatus.status}::order_status, updated_at = now() WHERE id = ${orderStatus.orderId}
      )`
    : Prisma.empty;
  await tx.$executeRaw`
    WITH configurations AS (
      INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id)
      SELECT c.id, ${organizationId}, 'number'::number_kind, c.number, c.name, c.inventory_number_id
        FROM unnest(${ids}::text[], ${numbers}::text[], ${names}::text[], ${inventoryIds}::int[]) AS c(id, number, name, inventory_number_id)
    )${statusUpdate}
    SELECT 1`;
  return ids;
}
