import "server-only";
import { ApiError, notFound } from "@/lib/errors";
import { getEnv } from "@/lib/env";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { event, recordEvents } from "@/lib/events/record-events";
import { auditSource, recordAudits, systemActor } from "@/lib/audit/record";
import { ownOrganizationUnlessSupport } from "@/lib/auth/organization-filter";
import type { SystemWriter } from "@/lib/auth/types";
import { restoredStatus } from "@/lib/coverage/coverage";
import { chargeRestore } from "@/lib/billing/number-charges";
import { assertIfMatch, etagFor } from "@/lib/numbers/preconditions";
import { assertNumberTransition, heldStatesLeavingBy, numberStateFacts } from "@/lib/schemas/number-states";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { recordChanges } from "@/lib/numbers/record-changes";
import { assertMayRelease, assertNotPortingIn, findReferencingRules } from "@/lib/numbers/release-refusals";
import {
  claimVersion,
  writableBy,
  type AlsoInTransaction,
  type Stored,
  type Writer,
  type Written,
} from "@/lib/numbers/change-configuration";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { metrics } from "@/lib/observability/metrics";

// Releasing and restoring a number (docs/CONTRACT.md §16). A release keeps the configuration and its
// rules, marks it aging until restorable_until, and from that moment no call is routed
// (active_rule says why); a restore within the window makes it active again as it was. When the
// window ends the worker gives the number back to inventory (lib/orders/return-released.ts).
// Which states may be released or restored, and to what, is lib/schemas/number-states.ts's.

const DAY_MS = 24 * 60 * 60 * 1000;

async function findNumber(writer: Writer, numberId: string): Promise<Stored> {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findFirst({
    where: { AND: [writableBy(writer), { id: numberId, kind: "number" }] },
    include: configurationInclude,
  });
  if (!row) throw notFound("number", numberId);
  return row;
}

export type ReleaseOptions = {
  force: boolean;
  now?: Date;
  also?: AlsoInTransaction;
  /**
   * The system's reason (lib/schemas/number-states.ts): its documents overdue (the default) or
   * its organization's billing account suspended past the grace (non_payment). A person's
   * release is always `release`.
   */
  systemCause?: "documents_overdue" | "non_payment";
};

/**
 * DELETE /numbers/{number_id}. A number being ported in is 409 port_in_progress. A number that
 * is not releasable (aging: released already) answers as it is (200, nothing changes, and no
 * If-Match is needed: a retry after a lost answer carries the ETag from before). Otherwise
 * 428/412, then 409 number_locked, then 409 number_referenced unless forced.
 */
export async function releaseNumber(
  writer: Writer,
  numberId: string,
  ifMatch: string | undefined,
  options: ReleaseOptions,
): Promise<Written> {
  const row = await findNumber(writer, numberId);
  assertNotPortingIn(row);
  if (!numberStateFacts[row.status].releasable)
    return { configuration: toNumberConfiguration(row), etag: etagFor(row) };
  assertIfMatch(ifMatch, etagFor(row));
  return releaseStored(writer, row, options);
}

/**
 * The release itself, for the endpoint and for a release job alike (If-Match already checked),
 * and for the system's own release (docs/CONTRACT.md §17: documents overdue), which a lock does
 * not stop and whose history and audit entry name the system, not a person.
 */
export async function releaseStored(
  writer: Writer | SystemWriter,
  row: Stored,
  options: ReleaseOptions,
): Promise<Written> {
  await assertMayRelease(writer, row, async () => {
    if (options.force) return [];
    const referencing = await findReferencingRules(await getPrisma(), row.organizationId, [row]);
    return referencing.get(row.id) ?? [];
  });
  const now = options.now ?? new Date();
  const restorableUntil = releaseWindowEnd(now);
  const cause = releaseCause(writer, options);
  const released = await inRetryingTransaction(async (tx) => {
    const before = await claimVersion(tx, row);
    if (!heldStatesLeavingBy(cause).includes(before.status)) throw alreadyChanged(row);
    const after = await tx.numberConfiguration.update({
      where: { id: row.id, status: { in: heldStatesLeavingBy(cause) } },
      data: { status: assertNumberTransition(before.status, "aging", cause), restorableUntil },
      include: configurationInclude,
    });
    const [written] = await recordLifecycles(tx, writer, [{ row, before, after }], "released", now);
    if (options.also) await options.also(tx);
    return written;
  });
  // Counted once committed: a rolled-back release sold nothing back.
  metrics().numbersReleased.inc();
  return released;
}

/** When a release made at `now` can no longer be restored: RELEASE_AGING_DAYS later. */
export function releaseWindowEnd(now: Date): Date {
  return new Date(now.getTime() + getEnv().RELEASE_AGING_DAYS * DAY_MS);
}

/**
 * Why the number moves: the system's release is the documents deadline's (docs/CONTRACT.md §17)
 * or non-payment's (lib/dunning/dunning.ts); any other is a person's.
 */
export function releaseCause(
  writer: Writer | SystemWriter,
  options: Pick<ReleaseOptions, "systemCause">,
): "release" | "documents_overdue" | "non_payment" {
  return writer.kind === "system" ? (options.systemCause ?? "documents_overdue") : "release";
}

// Another request released or restored it between the read and the claim: the ETag moved.
function alreadyChanged(row: Stored): ApiError {
  return new ApiError(
    "precondition_failed",
    "The number was changed since you read it; read it again and retry.",
    `number_id=${row.id}`,
  );
}

/**
 * POST /numbers/{number_id}/restore: an aging number within its window becomes active with its
 * configuration; an active one answers as it is. After the window, 409 restore_window_over,
 * also once the worker has given the number back (its history says it was released).
 */
export async function restoreNumber(writer: Writer, numberId: string, now = new Date()): Promise<Written> {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findFirst({
    where: { AND: [writableBy(writer), { id: numberId, kind: "number" }] },
    include: configurationInclude,
  });
  if (!row) {
    const returned = await prisma.configurationChange.findFirst({
      where: { configurationId: numberId, kind: "returned", ...ownOrganizationUnlessSupport(writer) },
      orderBy: { id: "desc" },
    });
    if (returned) throw windowOver(numberId, returned.changedAt, portedIn(returned.before));
    throw notFound("number", numberId);
  }
  assertNotPortingIn(row);
  if (!numberStateFacts[row.status].restorable)
    return { configuration: toNumberConfiguration(row), etag: etagFor(row) };
  if (row.restorableUntil !== null && row.restorableUntil.getTime() <= now.getTime())
    throw windowOver(numberId, row.restorableUntil);
  return inRetryingTransaction(async (tx) => {
    const before = await claimVersion(tx, row);
    if (!heldStatesLeavingBy("restore").includes(before.status)) throw alreadyChanged(row);
    // docs/CONTRACT.md §17: a number released while it waited for documents comes back pending (with
    // its old deadline) unless an approved bundle now covers it.
    const status = assertNumberTransition(before.status, await restoredStatus(tx, row.id, now), "restore");
    const after = await tx.numberConfiguration.update({
      where: { id: row.id, status: { in: heldStatesLeavingBy("restore") } },
      data: {
        status,
        restorableUntil: null,
        ...(status === "active" ? { documentsDue: null, documentsRemindedAt: null } : {}),
      },
      include: configurationInclude,
    });
    // A restore in a later month than the release pays for the rest of this one. The release's
    // moment is its clock's: the window it opened, RELEASE_AGING_DAYS long, ends at restorable_until.
    if (row.restorableUntil !== null)
      await chargeRestore(
        tx,
        { organizationId: row.organizationId, configurationId: row.id, number: row.number },
        new Date(row.restorableUntil.getTime() - getEnv().RELEASE_AGING_DAYS * DAY_MS),
        now,
      );
    const [written] = await recordLifecycles(tx, writer, [{ row, before, after }], "restored", now);
    return written;
  });
}

/** Whether a configuration's last snapshot names the port order that brought it here. */
function portedIn(snapshot: unknown): boolean {
  return typeof snapshot === "object" && snapshot !== null && "port_order_id" in snapshot
    ? typeof snapshot.port_order_id === "string"
    : false;
}

function windowOver(numberId: string, until: Date, portedInNumber = false): ApiError {
  // A ported-in number went back to its carrier (lib/orders/return-released.ts), not to sale.
  const gone = portedInNumber
    ? "it has gone back to the carrier it was ported in from, and can only be ported in again"
    : "it has gone back to inventory and can only be bought again, if still for sale";
  return new ApiError(
    "restore_window_over",
    `The number could be restored until ${until.toISOString()}; ${gone}.`,
    `number_id=${numberId}; restorable_until=${until.toISOString()}`,
  );
}

/** A number released or restored: as read before the change, its state before, its row after. */
export type LifecycleChange = { row: Stored; before: NumberConfiguration; after: Stored };

/**
 * History, event and audit entry of each release or restore, in their transaction: one
 * statement each for however many numbers (a release job's batch), in the order given.
 */
export async function recordLifecycles(
  tx: Tx,
  writer: Writer | SystemWriter,
  changes: readonly LifecycleChange[],
  change: "released" | "restored",
  now: Date,
): Promise<Written[]> {
  if (changes.length === 0) return [];
  const written = changes.map(({ after }) => ({
    configuration: toNumberConfiguration(after),
    etag: etagFor(after),
  }));
  await recordChanges(
    tx,
    writer,
    changes.map(({ row, before, after }, index) => ({
      id: row.id,
      organizationId: row.organizationId,
      version: after.version,
      kind: change,
      target: "number",
      before,
      after: written[index].configuration,
    })),
  );
  await recordEvents(
    tx,
    changes.map(({ row }, index) =>
      event(row.organizationId, `number.${change}`, written[index].configuration),
    ),
    now,
  );
  const source =
    writer.kind === "system"
      ? { actor: systemActor, ip: null }
      : await auditSource(tx, { ...writer, id: writer.userId ?? writer.tokenId ?? "" });
  await recordAudits(
    tx,
    changes.map(({ row, before }, index) => ({
      ...source,
      action: `number.${change}`,
      organizationId: row.organizationId,
      resource: { type: "number", id: row.id },
      changes: [
        { field: "status", from: before.status, to: written[index].configuration.status },
        {
          field: "restorable_until",
          from: before.restorable_until,
          to: written[index].configuration.restorable_until,
        },
      ],
      at: now,
    })),
  );
  return written;
}
