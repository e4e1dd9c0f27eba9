import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { recordAudit, systemActor } from "@/lib/audit/record";
import { forgetInventoryCounts } from "@/lib/inventory/shared-total";
import { countFilled, fillGeography, type FillResult } from "@/lib/orders/backorders";
import {
  assertNumberTransition,
  heldStatesLeavingBy,
  numberStateFacts,
  type HeldState,
} from "@/lib/schemas/number-states";

// Back to inventory (docs/CONTRACT.md §16). When a released number's restore window has ended, the
// worker deletes its configuration (the history and audit log keep what it was), puts the
// number back on sale and, in the same transaction, fills the back-orders of its geography
// oldest order first: no reader ever sees it both owned and for sale, and a waiting order
// gets it before any new buyer can.
//
// A number ported in from another carrier was never in our inventory: when its window ends
// it goes back to that carrier (return_to_carrier). Its configuration is deleted the same way,
// and nothing goes on sale.

const RETURN_BATCH = 100;
/** The states a number goes back to inventory from (aging), and the one it arrives in. */
const RETURNING = heldStatesLeavingBy("return_to_inventory");
const FOR_SALE = numberStateFacts.available.inventoryStatus;
/** The states a ported-in number goes back to its carrier from (aging). */
const RETURNING_TO_CARRIER = heldStatesLeavingBy("return_to_carrier");

type Aged = {
  id: string;
  organization_id: string;
  number: string;
  status: HeldState;
  version: number;
  inventory_number_id: number;
  country_id: string;
  number_type_id: string;
  region_id: string;
  restorable_until: Date;
};

/**
 * Returns up to one batch of numbers whose window ended by `now` (and one batch of ported-in
 * numbers to their carriers); answers how many in all, and the fills.
 */
export async function returnReleasedNumbers(now: Date): Promise<{ returned: number; filled: FillResult }> {
  const toCarrier = await inRetryingTransaction((tx) => returnToCarrier(tx, now));
  const result = await inRetryingTransaction(async (tx) => {
    // SKIP LOCKED: two workers sweeping at once take different numbers; a restore in flight
    // holds the row, and its number is left for the next sweep (which then finds it active).
    const aged = await tx.$queryRaw<Aged[]>`
      SELECT c.id, c.organization_id, c.number, c.status::text AS status, c.version, c.inventory_number_id, c.restorable_until,
             n.country_id, n.number_type_id, n.region_id
        FROM number_configuration c JOIN inventory_number n ON n.id = c.inventory_number_id
       WHERE c.status = ANY(${RETURNING}::number_status[]) AND c.restorable_until <= ${now}
       ORDER BY c.restorable_until, c.id
       LIMIT ${RETURN_BATCH}
       FOR UPDATE OF c SKIP LOCKED`;
    if (aged.length === 0) return { returned: 0, filled: { assignedNumbers: 0, orders: [] } };
    for (const row of aged) assertNumberTransition(row.status, "available", "return_to_inventory");
    const ids = aged.map((row) => row.id);
    await tx.$executeRaw`
      INSERT INTO configuration_change (configuration_id, organization_id, version, kind, changed_at, actor_name, actor_role, before, after)
      SELECT c.id, c.organization_id, c.version + 1, 'returned', ${now}, 'system', 'system',
             jsonb_build_object('number_id', c.id, 'number', c.number, 'name', c.name, 'status', c.status), NULL
        FROM number_configuration c WHERE c.id = ANY(${ids}::text[])`;
    await tx.numberConfiguration.deleteMany({ where: { id: { in: ids } } });
    await tx.$executeRaw`
      UPDATE inventory_number SET status = ${FOR_SALE}::inventory_status, order_item_id = NULL, sold_at = NULL
       WHERE id IN (${Prisma.join(aged.map((row) => row.inventory_number_id))})
         AND status <> ${FOR_SALE}::inventory_status`;
    for (const row of aged)
      await recordAudit(tx, {
        actor: systemActor,
        ip: null,
        action: "number.returned_to_inventory",
        organizationId: row.organization_id,
        resource: { type: "number", id: row.id },
        changes: [{ field: "status", from: row.status, to: null }],
        at: now,
      });
    const filled: FillResult = { assignedNumbers: 0, orders: [] };
    const geographies = new Map(
      aged.map((row) => [
        `${row.country_id}|${row.number_type_id}|${row.region_id}`,
        { countryId: row.country_id, numberTypeId: row.number_type_id, regionId: row.region_id },
      ]),
    );
    for (const geography of geographies.values()) {
      const one = await fillGeography(tx, geography, now);
      filled.assignedNumbers += one.assignedNumbers;
      filled.orders.push(...one.orders);
    }
    return { returned: aged.length, filled };
  });
  // Numbers went on sale (and some off again): this process's search totals are out of date.
  if (result.returned > 0) forgetInventoryCounts();
  countFilled(result.filled);
  return { returned: result.returned + toCarrier, filled: result.filled };
}

type AgedPortedIn = { id: string; organization_id: string; status: HeldState };

/**
 * Ported-in numbers (a configuration with no inventory number) whose window ended: their
 * configurations are deleted, the history and audit log keep what they were. Answers how many.
 */
async function returnToCarrier(tx: Tx, now: Date): Promise<number> {
  const aged = await tx.$queryRaw<AgedPortedIn[]>`
    SELECT c.id, c.organization_id, c.status::text AS status
      FROM number_configuration c
     WHERE c.status = ANY(${RETURNING_TO_CARRIER}::number_status[]) AND c.restorable_until <= ${now}
       AND c.kind = 'number' AND c.inventory_number_id IS NULL
     ORDER BY c.restorable_until, c.id
     LIMIT ${RETURN_BATCH}
     FOR UPDATE OF c SKIP LOCKED`;
  if (aged.length === 0) return 0;
  for (const row of aged) assertNumberTransition(row.status, "elsewhere", "return_to_carrier");
  const ids = aged.map((row) => row.id);
  await tx.$executeRaw`
    INSERT INTO configuration_change (configuration_id, organization_id, version, kind, changed_at, actor_name, actor_role, before, after)
    SELECT c.id, c.organization_id, c.version + 1, 'returned', ${now}, 'system', 'system',
           jsonb_build_object('number_id', c.id, 'number', c.number, 'name', c.name, 'status', c.status,
                              'port_order_id', c.port_order_id), NULL
      FROM number_configuration c WHERE c.id = ANY(${ids}::text[])`;
  await tx.numberConfiguration.deleteMany({ where: { id: { in: ids } } });
  for (const row of aged)
    await recordAudit(tx, {
      actor: systemActor,
      ip: null,
      action: "number.returned_to_carrier",
      organizationId: row.organization_id,
      resource: { type: "number", id: row.id },
      changes: [{ field: "status", from: row.status, to: null }],
      at: now,
    });
  return aged.length;
}
