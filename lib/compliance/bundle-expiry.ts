import "server-only";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { recordAudits, systemActor } from "@/lib/audit/record";
import { statusesAllowing, transitionBundle } from "@/lib/compliance/bundle-states";
import { bundleInclude, bundleView, day } from "@/lib/compliance/bundle-rows";
import { event, recordEvents } from "@/lib/events/record-events";

/**
 * Approved bundles whose earliest document has expired become expired (system, audited, with
 * bundle.status_changed): the worker's housekeeping, and every read of bundles so that none
 * shows approved past its date between two passes. Two at once expire a bundle once: the
 * second UPDATE waits for the first's row lock, then finds the status changed.
 */
export async function expireDueBundles(now: Date = new Date()): Promise<number> {
  const from = statusesAllowing("expire");
  const to = transitionBundle("approved", "expire");
  return inRetryingTransaction(async (tx) => {
    const expired = await tx.$queryRaw<{ id: string; organization_id: string }[]>`
      UPDATE compliance_bundle SET status = ${to}::bundle_status, updated_at = ${now}
      WHERE status::text = ANY(${from}::text[]) AND valid_until < ${day(now)}::date
      RETURNING id, organization_id`;
    if (expired.length > 0) {
      const rows = await tx.complianceBundle.findMany({
        where: { id: { in: expired.map((row) => row.id) } },
        include: bundleInclude,
        orderBy: { id: "asc" },
      });
      await recordEvents(
        tx,
        rows.map((row) => event(row.organizationId, "bundle.status_changed", bundleView(row))),
        now,
      );
    }
    await recordAudits(
      tx,
      expired.map((row) => ({
        actor: systemActor,
        ip: null,
        action: "bundle.expired",
        organizationId: row.organization_id,
        resource: { type: "bundle", id: row.id },
        changes: [{ field: "status", from: "approved", to }],
        at: now,
      })),
    );
    return expired.length;
  });
}
