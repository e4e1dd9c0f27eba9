import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { recordAudits, systemActor, type AuditActor } from "@/lib/audit/record";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { assertNumberTransition, heldStatesLeavingBy, type HeldState } from "@/lib/schemas/number-states";

// A number that will not come here after all (docs/CONTRACT.md §20): the carrier failed it at
// cut-over (a partial port), or its order was cancelled. Its configuration, made at submission
// with status porting, is deleted (`port_withdrawn`: porting → elsewhere); the number's history
// (configuration_change) and the audit log keep what it was. The order's row for the number
// says why (failed with the carrier's reason, or cancelled). In the caller's transaction.

/** The states a configuration is withdrawn from (porting). */
const WITHDRAWN_FROM = heldStatesLeavingBy("port_withdrawn");
/** port_order_number.status of a number still on its way. */
const OPEN = "pending";

export type Withdrawal = {
  portOrderId: string;
  organizationId: string;
  /** failed: the carrier did not release it at cut-over; cancelled: its order was cancelled. */
  outcome: "failed" | "cancelled";
  /** The numbers (E.164) to withdraw, each with the carrier's reason when failed; all still pending when absent. */
  numbers?: ReadonlyArray<{ numberE164: string; reason: string | null }>;
  /** Who did it: the system (the carrier driver) or support at the port desk. */
  actor?: AuditActor;
  now: Date;
};

type Pending = {
  id: string;
  number_e164: string;
  configuration_id: string | null;
  status: HeldState | null;
  version: number | null;
};

/** Withdraws the order's pending numbers named (or all of them); answers the numbers withdrawn. */
export async function withdrawPortNumbers(tx: Tx, withdrawal: Withdrawal): Promise<string[]> {
  const { portOrderId, organizationId, outcome, now } = withdrawal;
  const reasons = new Map(withdrawal.numbers?.map((entry) => [entry.numberE164, entry.reason]));
  // The configurations locked in number order, as every writer of several numbers locks them.
  const pending = await tx.$queryRaw<Pending[]>`
    SELECT pn.id, pn.number_e164, c.id AS configuration_id, c.status::text AS status, c.version
      FROM port_order_number pn
      LEFT JOIN number_configuration c ON c.id = pn.number_configuration_id AND c.organization_id = pn.organization_id
     WHERE pn.port_order_id = ${portOrderId} AND pn.organization_id = ${organizationId}
       AND pn.status = ${OPEN}::port_number_status
     ORDER BY pn.number_e164
     FOR UPDATE OF pn`;
  const chosen = withdrawal.numbers ? pending.filter((row) => reasons.has(row.number_e164)) : pending;
  if (chosen.length === 0) return [];

  const configured = chosen.filter((row) => row.configuration_id !== null && row.status !== null);
  for (const row of configured)
    assertNumberTransition(row.status as HeldState, "elsewhere", "port_withdrawn");
  const configurationIds = configured.map((row) => row.configuration_id as string);
  if (configurationIds.length > 0) {
    await tx.$queryRaw`
      SELECT id FROM number_configuration WHERE id = ANY(${configurationIds}::text[]) ORDER BY number FOR UPDATE`;
    const rows = await tx.numberConfiguration.findMany({
      where: { id: { in: configurationIds }, organizationId },
      include: configurationInclude,
      orderBy: { number: "asc" },
    });
    // The history's last entry is the deletion, as a DELETE /numbers/{id} of a configuration writes it.
    await tx.$executeRaw`
      INSERT INTO configuration_change (configuration_id, organization_id, version, kind, changed_at, actor_name, actor_role, before, after)
      SELECT h.id, ${organizationId}, h.version + 1, 'deleted', ${now}, 'system', 'system', h.before, NULL
        FROM unnest(${rows.map((row) => row.id)}::text[], ${rows.map((row) => row.version)}::int[],
                    ${rows.map((row) => JSON.stringify(toNumberConfiguration(row)))}::jsonb[]) AS h(id, version, before)`;
    await tx.$executeRaw`
      DELETE FROM number_configuration
       WHERE id = ANY(${configurationIds}::text[]) AND status = ANY(${WITHDRAWN_FROM}::number_status[])`;
  }
  await tx.$executeRaw`
    UPDATE port_order_number AS pn
       SET status = ${outcome}::port_number_status, failure_reason = w.reason, number_configuration_id = NULL
      FROM unnest(${chosen.map((row) => row.id)}::text[], ${chosen.map((row) => reasons.get(row.number_e164) ?? null)}::text[])
           AS w(id, reason)
     WHERE pn.id = w.id`;
  await recordAudits(
    tx,
    configured.map((row) => ({
      actor: withdrawal.actor ?? systemActor,
      ip: null,
      action: "number.port_withdrawn",
      organizationId,
      resource: { type: "number", id: row.configuration_id },
      changes: [
        { field: "status", from: row.status, to: null },
        { field: "port_order_id", from: portOrderId, to: null },
        ...(outcome === "failed"
          ? [{ field: "failure_reason", from: null, to: reasons.get(row.number_e164) ?? null }]
          : []),
      ],
      at: now,
    })),
  );
  return chosen.map((row) => row.number_e164);
}
