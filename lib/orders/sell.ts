import { Prisma } from "@/lib/generated/prisma/client";
import { formatNational } from "@/lib/reference/phone";
import { newConfigurationId } from "@/lib/orders/ids";
import type { ItemGeography } from "@/lib/orders/pick-product";
import type { Tx } from "@/lib/orders/transaction";

export type SoldNumber = { id: number; number_e164: string; order_item_id: number };

/**
 * Sells named numbers to their order items, all or nothing being the caller's call: returns
 * the ones sold. A number is sold only by this conditional UPDATE (`status = 'available'`),
 * so two transactions can never both sell it: the second waits for the first's row lock and
 * then finds the row sold. Rows are locked in id order first so that orders naming the same
 * numbers in different orders queue instead of deadlocking.
 */
export async function sellNamedNumbers(tx: Tx, wanted: Array<{ itemId: number; numberE164: string }>): Promise<SoldNumber[]> {
  if (wanted.length === 0) return [];
  const numbers = wanted.map((entry) => entry.numberE164);
  const itemIds = wanted.map((entry) => entry.itemId);
  await tx.$queryRaw`SELECT id FROM inventory_number WHERE number_e164 = ANY(${numbers}::text[]) ORDER BY id FOR UPDATE`;
  return tx.$queryRaw<SoldNumber[]>`
    UPDATE inventory_number AS n
    SET status = 'sold', order_item_id = wanted.item_id, sold_at = now()
    FROM unnest(${numbers}::text[], ${itemIds}::int[]) AS wanted(number_e164, item_id)
    WHERE n.number_e164 = wanted.number_e164 AND n.status = 'available'
    RETURNING n.id, n.number_e164, n.order_item_id`;
}

/**
 * Sells up to `quantity` available numbers of a geography to an order item, lowest numbers
 * first. SKIP LOCKED lets concurrent orders for one geography each take different rows
 * instead of queueing behind, or double-selling, the same ones.
 */
export async function sellFromGeography(tx: Tx, itemId: number, geography: ItemGeography, quantity: number): Promise<SoldNumber[]> {
  const region = geography.regionId === null ? Prisma.empty : Prisma.sql`AND region_id = ${geography.regionId}`;
  return tx.$queryRaw<SoldNumber[]>`
    WITH picked AS (
      SELECT id FROM inventory_number
      WHERE country_id = ${geography.countryId} AND number_type_id = ${geography.numberTypeId} ${region}
        AND status = 'available'
      ORDER BY number_e164
      LIMIT ${quantity}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE inventory_number AS n
    SET status = 'sold', order_item_id = ${itemId}, sold_at = now()
    FROM picked
    WHERE n.id = picked.id AND n.status = 'available'
    RETURNING n.id, n.number_e164, n.order_item_id`;
}

/**
 * Contract §7: a bought number becomes the organization's, with a default configuration
 * named after the number as written at home and no rules. inventory_number_id is unique, so
 * even a bug upstream could not give one number to two owners.
 */
export async function createConfigurations(tx: Tx, organizationId: string, sold: SoldNumber[]): Promise<void> {
  if (sold.length === 0) return;
  await tx.numberConfiguration.createMany({
    data: sold.map((number) => ({
      id: newConfigurationId(),
      organizationId,
      kind: "number" as const,
      number: number.number_e164,
      name: formatNational(number.number_e164),
      inventoryNumberId: number.id,
    })),
  });
}
