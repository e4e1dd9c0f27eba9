import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { recordAudits, systemActor, type AuditActor } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { documentsDueFor } from "@/lib/compliance/activation";
import { defaultCreditLimitMinor } from "@/lib/billing/ledger";
import { billingDay } from "@/lib/billing/proration";
import { portProduct } from "@/lib/porting/credit";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { withdrawPortNumbers } from "@/lib/porting/withdraw";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { assertNumberTransition, heldStatesLeavingBy } from "@/lib/schemas/number-states";

// The numbers of a port order come over at the FOC (docs/CONTRACT.md §20), in the caller's one
// transaction with the order's move to ported or partially_ported:
// - each number the carrier moved becomes active, or pending_documents until documentsDueFor
//   when it needs documents no approved bundle of the organization covers (§17, asked of the
//   sale's own rule, sale_documents_gated), with its history entry, `number.activated` and an
//   audit entry (`port_activation`: porting → active | pending_documents);
// - billing starts through the sale's one home, sale_charge_numbers: the setup fee and the
//   rest of the month, keyed by the configuration, so a second activation charges nothing.
//   A ported number was never in our inventory, so no order item priced it: it is charged as a
//   geography item of its country and number type with no region would be, at the cheapest
//   product of that destination (port_product, through portProduct in lib/porting/credit.ts: the
//   product the submission's credit check priced, and the one the month-end run bills it at
//   afterwards), and needs that product's documents. No product sells the destination:
//   nothing is charged and no document is needed. The FOC does not check credit again (the
//   numbers are moving whatever the balance): dunning follows as for any unpaid charge;
// - each number the carrier did not move is withdrawn (lib/porting/withdraw.ts).

/** A number's result at cut-over, as the carrier (or the port desk) gives it. */
export type PortResult =
  { numberE164: string; ported: true } | { numberE164: string; ported: false; reason: string };

export type ActivatedPort = { ported: NumberConfiguration[]; failed: string[] };

type Arriving = { id: string; organization_id: string; number: string; version: number; status: "porting" };

/** The states a number comes over from (porting). */
const ARRIVING = heldStatesLeavingBy("port_activation");

/**
 * Brings the order's pending numbers over: those `results` say ported (every pending number not
 * named as failed), and withdraws the failed ones. Answers the configurations activated (in
 * number order) and the numbers that failed.
 */
export async function activatePortedNumbers(
  tx: Tx,
  order: { id: string; organizationId: string; country: string; numberType: string },
  results: readonly PortResult[],
  { now, actor = systemActor }: { now: Date; actor?: AuditActor },
): Promise<ActivatedPort> {
  const failures = results.flatMap((result) =>
    result.ported ? [] : [{ numberE164: result.numberE164, reason: result.reason }],
  );
  const failed = await withdrawPortNumbers(tx, {
    portOrderId: order.id,
    organizationId: order.organizationId,
    outcome: "failed",
    numbers: failures,
    actor,
    now,
  });

  // Every number still pending came over: its configuration, locked in number order.
  const arriving = await tx.$queryRaw<Arriving[]>`
    SELECT c.id, c.organization_id, c.number, c.version, c.status::text AS status
      FROM number_configuration c
      JOIN port_order_number pn ON pn.number_configuration_id = c.id AND pn.organization_id = c.organization_id
     WHERE pn.port_order_id = ${order.id} AND pn.organization_id = ${order.organizationId}
       AND c.status = ANY(${ARRIVING}::number_status[])
     ORDER BY c.number
     FOR UPDATE OF c`;
  if (arriving.length === 0) return { ported: [], failed };

  const product = await portProduct(tx, order.country, order.numberType);
  const day = billingDay(now);
  const ids = arriving.map((row) => row.id);
  const [gate] = await tx.$queryRaw<{ gated: boolean }[]>`
    SELECT sale_documents_gated(${order.organizationId}, ${order.country}, ${order.numberType},
                                ${product?.documents ?? []}::text[], ${day}::date) AS gated`;
  const status = assertNumberTransition(
    "porting",
    gate.gated ? "pending_documents" : "active",
    "port_activation",
  );
  const documentsDue = gate.gated ? documentsDueFor(now) : null;
  const before = new Map(
    (
      await tx.numberConfiguration.findMany({ where: { id: { in: ids } }, include: configurationInclude })
    ).map((row) => [row.id, toNumberConfiguration(row)]),
  );
  await tx.$executeRaw`
    UPDATE number_configuration
       SET status = ${status}::number_status, documents_due = ${documentsDue}, version = version + 1
     WHERE id = ANY(${ids}::text[]) AND status = ANY(${ARRIVING}::number_status[])`;
  await tx.$executeRaw`
    UPDATE port_order_number SET status = 'ported'::port_number_status
     WHERE port_order_id = ${order.id} AND number_configuration_id = ANY(${ids}::text[])`;
  if (product)
    await tx.$executeRaw`
      SELECT sale_charge_numbers(${order.organizationId}, ${product.currency}, ${product.setupMinor}::bigint,
                                 ${product.monthlyMinor}::bigint, ${ids}::text[], NULL::int, ${now}, ${day}::date,
                                 ${defaultCreditLimitMinor()}::bigint)`;

  const rows = await tx.numberConfiguration.findMany({
    where: { id: { in: ids } },
    include: configurationInclude,
    orderBy: { number: "asc" },
  });
  const activated = rows.map((row) => ({ row, after: toNumberConfiguration(row) }));
  // The history keeps the porting version, so "who answers at T" before the FOC says no one.
  await tx.$executeRaw`
    INSERT INTO configuration_change (configuration_id, organization_id, version, kind, changed_at, actor_name, actor_role, before, after)
    SELECT h.id, ${order.organizationId}, h.version, 'activated', ${now}, 'system', 'system', h.before, h.after
      FROM unnest(${activated.map(({ row }) => row.id)}::text[], ${activated.map(({ row }) => row.version)}::int[],
                  ${activated.map(({ row }) => JSON.stringify(before.get(row.id) ?? null))}::jsonb[],
                  ${activated.map(({ after }) => JSON.stringify(after))}::jsonb[]) AS h(id, version, before, after)`;
  await recordEvents(
    tx,
    activated.map(({ after }) => event(order.organizationId, "number.activated", after)),
    now,
  );
  await recordAudits(
    tx,
    activated.map(({ row }) => ({
      actor,
      ip: null,
      action: "number.activated",
      organizationId: order.organizationId,
      resource: { type: "number", id: row.id },
      changes: [
        { field: "status", from: "porting", to: status },
        { field: "documents_due", from: null, to: documentsDue?.toISOString() ?? null },
      ],
      at: now,
    })),
  );
  return { ported: activated.map(({ after }) => after), failed };
}
