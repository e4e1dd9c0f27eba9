import "server-only";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { getPrisma } from "@/lib/db/client";
import { ApiError } from "@/lib/errors";
import { recordAudit, systemActor } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { releaseStored } from "@/lib/numbers/lifecycle";
import { creditOverdueCharges } from "@/lib/billing/number-charges";
import { systemWriter } from "@/lib/auth/types";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { heldStatesLeavingBy } from "@/lib/schemas/number-states";
import { documentsDueMessage, emailMembersWhoCanAct } from "@/lib/compliance/notify";

// The worker's sweep of numbers pending documents (docs/CONTRACT.md §17), with its clock injected:
// 3 days before documents_due the members who can act are emailed once (one message per
// member per organization, listing its numbers); at documents_due a number still pending is
// released as in docs/CONTRACT.md §16, through the same domain function as DELETE /numbers/{id}, with
// number.documents_overdue recorded in the release's own transaction.

const REMINDER_LEAD_MS = 3 * 24 * 60 * 60 * 1000;
const BATCH = 100;
/** The states a number can be released from at documents_due: those the reminder is about too. */
const WAITING = heldStatesLeavingBy("documents_overdue");

type Due = { id: string; organization_id: string; number: string; documents_due: Date };

/** Reminds of numbers due within 3 days (not yet reminded, not yet due); answers how many numbers. */
async function remindDocumentsDue(now: Date): Promise<number> {
  return inRetryingTransaction(async (tx) => {
    // SKIP LOCKED: two workers remind of different numbers, and never of one twice.
    const due = await tx.$queryRaw<Due[]>`
      WITH due AS (
        SELECT id FROM number_configuration
         WHERE status = ANY(${WAITING}::number_status[]) AND documents_reminded_at IS NULL
           AND documents_due <= ${new Date(now.getTime() + REMINDER_LEAD_MS)} AND documents_due > ${now}
         ORDER BY documents_due, id
         LIMIT ${BATCH}
         FOR UPDATE SKIP LOCKED
      )
      UPDATE number_configuration c SET documents_reminded_at = ${now}
        FROM due WHERE c.id = due.id
      RETURNING c.id, c.organization_id, c.number, c.documents_due`;
    const byOrganization = new Map<string, Due[]>();
    for (const row of due)
      byOrganization.set(row.organization_id, [...(byOrganization.get(row.organization_id) ?? []), row]);
    for (const [organizationId, rows] of byOrganization) {
      const numbers = rows
        .map((row) => ({ number: row.number, documentsDue: row.documents_due }))
        .sort(
          (a, b) => a.documentsDue.getTime() - b.documentsDue.getTime() || (a.number < b.number ? -1 : 1),
        );
      await emailMembersWhoCanAct(tx, organizationId, (to) => documentsDueMessage(to, numbers), now);
    }
    return due.length;
  });
}

/** Releases up to one batch of numbers still pending at documents_due; answers how many. */
async function releaseOverdueNumbers(now: Date): Promise<number> {
  const prisma = await getPrisma();
  const overdue = await prisma.numberConfiguration.findMany({
    where: { status: { in: WAITING }, documentsDue: { lte: now } },
    include: configurationInclude,
    orderBy: [{ documentsDue: "asc" }, { id: "asc" }],
    take: BATCH,
  });
  let released = 0;
  for (const row of overdue) {
    try {
      await releaseStored(systemWriter(row.organizationId), row, {
        force: true,
        now,
        also: async (tx) => {
          const after = await tx.numberConfiguration.findUniqueOrThrow({
            where: { id: row.id },
            include: configurationInclude,
          });
          const data = toNumberConfiguration(after);
          // Never active, so never of use: its monthly charges are given back (not the setup fee).
          await creditOverdueCharges(
            tx,
            { organizationId: row.organizationId, configurationId: row.id, number: row.number },
            now,
          );
          await recordEvents(tx, [event(row.organizationId, "number.documents_overdue", data)], now);
          await recordAudit(tx, {
            actor: systemActor,
            ip: null,
            action: "number.documents_overdue",
            organizationId: row.organizationId,
            resource: { type: "number", id: row.id },
            changes: [{ field: "documents_due", from: row.documentsDue?.toISOString() ?? null, to: null }],
            at: now,
          });
        },
      });
      released++;
    } catch (error) {
      // Activated, released or changed since it was read (its version moved): the next sweep
      // reads it again, and finds it no longer pending or releases it then.
      if (error instanceof ApiError && error.code === "precondition_failed") continue;
      throw error;
    }
  }
  return released;
}

/** Both parts of the sweep, for the worker's housekeeping. */
export async function sweepDocumentDeadlines(now: Date): Promise<{ reminded: number; released: number }> {
  const reminded = await remindDocumentsDue(now);
  const released = await releaseOverdueNumbers(now);
  return { reminded, released };
}
