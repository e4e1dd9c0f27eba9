import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { auditChanges, recordAudits, systemActor } from "@/lib/audit/record";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import type { Principal, Viewer } from "@/lib/auth/types";
import { ApiError } from "@/lib/errors";
import { assertCountrySellsType, getReferenceData } from "@/lib/reference/lookups";
import {
  statusesAllowing,
  transitionBundle,
  type BundleAction,
  type BundleStatus,
} from "@/lib/compliance/bundle-states";
import { ADDRESS_DOCUMENT_TYPES, getRequirements } from "@/lib/compliance/requirements";
import { newComplianceId } from "@/lib/compliance/records";
import type {
  BundleListQuery,
  BundleView,
  CreateBundleRequest,
  Evaluation,
  RejectBundleRequest,
  UpdateBundleRequest,
} from "@/lib/schemas/compliance";
import { Prisma } from "@/lib/generated/prisma/client";
import { event, recordEvents } from "@/lib/events/record-events";
import { activateCoveredNumbers, type Approver } from "@/lib/compliance/activation";
import {
  bundleApprovedMessage,
  bundleRejectedMessage,
  emailMembersWhoCanAct,
  nameBundle,
} from "@/lib/compliance/notify";

// Bundles (docs/CONTRACT.md §17): an end user's documents for one country and number type, handed
// in for support's review. Every state change asks lib/compliance/bundle-states.ts first and
// then updates only from the state it read, so two racing changes cannot both pass.

const bundleInclude = { documents: { orderBy: { position: "asc" } } } as const;
type BundleRow = Prisma.ComplianceBundleGetPayload<{ include: typeof bundleInclude }>;

/** YYYY-MM-DD of a moment, in UTC. */
const day = (moment: Date) => moment.toISOString().slice(0, 10);

function bundleView(row: BundleRow): BundleView {
  return {
    bundle_id: row.id,
    organization_id: row.organizationId,
    country: row.countryId,
    number_type: row.numberTypeId,
    end_user_id: row.endUserId,
    document_ids: row.documents.map((link) => link.documentId),
    status: row.status,
    valid_until: row.validUntil ? day(row.validUntil) : null,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    rejection:
      row.rejectionReason === null
        ? null
        : {
            reason: row.rejectionReason,
            notes: (row.rejectionNotes ?? []) as { document_id: string; note: string }[],
          },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** What an email needs to name the bundle as the portal does. */
const namesOf = (row: BundleRow) => ({
  countryId: row.countryId.trim(),
  numberTypeId: row.numberTypeId,
  endUserId: row.endUserId,
  documentIds: row.documents.map((link) => link.documentId),
});

function notFound(id: string): ApiError {
  return new ApiError("not_found", `No bundle ${id}.`, `bundle_id=${id}`);
}

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

/** The end user and documents a bundle names must be the organization's own (else 400, leaking nothing). */
async function assertOwnParts(
  tx: Tx,
  organizationId: string,
  endUserId: string,
  documentIds: readonly string[],
) {
  const endUser = await tx.endUser.findFirst({
    where: { id: endUserId, organizationId },
    select: { id: true },
  });
  if (!endUser) {
    throw new ApiError(
      "invalid_parameter",
      `end_user_id names no end user of the organization: ${endUserId}`,
      `body.end_user_id=${endUserId}`,
    );
  }
  if (documentIds.length === 0) return;
  const found = await tx.complianceDocument.findMany({
    where: { id: { in: [...documentIds] }, organizationId },
    select: { id: true },
  });
  const known = new Set(found.map((row) => row.id));
  const missing = documentIds.filter((id) => !known.has(id));
  if (missing.length > 0) {
    throw new ApiError(
      "invalid_parameter",
      `document_ids names documents the organization does not have: ${missing.join(", ")}`,
      `body.document_ids=${missing.join(",")}`,
    );
  }
}

export async function createBundle(organizationId: string, body: CreateBundleRequest): Promise<BundleView> {
  await assertCountrySellsType(body.country, body.number_type);
  return inRetryingTransaction(async (tx) => {
    await assertOwnParts(tx, organizationId, body.end_user_id, body.document_ids);
    const id = newComplianceId("bnd");
    const row = await tx.complianceBundle.create({
      data: {
        id,
        organizationId,
        countryId: body.country,
        numberTypeId: body.number_type,
        endUserId: body.end_user_id,
        documents: { create: body.document_ids.map((documentId, position) => ({ documentId, position })) },
      },
      include: bundleInclude,
    });
    await auditChanges(tx, [
      {
        action: "bundle.created",
        organizationId,
        resource: { type: "bundle", id },
        changes: [
          { field: "country", from: null, to: body.country },
          { field: "number_type", from: null, to: body.number_type },
          { field: "end_user_id", from: null, to: body.end_user_id },
          { field: "document_ids", from: null, to: body.document_ids },
        ],
      },
    ]);
    return bundleView(row);
  });
}

export async function listBundles(viewer: Viewer, query: BundleListQuery, now: Date = new Date()) {
  await expireDueBundles(now);
  const prisma = await getPrisma();
  const where = {
    ...readableOrganizations(viewer, query.organization_id),
    ...(query.status ? { status: query.status } : {}),
  };
  // The review queue is answered oldest submission first; every other list newest first.
  const orderBy: Prisma.ComplianceBundleOrderByWithRelationInput[] =
    query.status === "pending_review"
      ? [{ submittedAt: "asc" }, { id: "asc" }]
      : [{ createdAt: "desc" }, { id: "desc" }];
  const [rows, total] = await Promise.all([
    prisma.complianceBundle.findMany({
      where,
      orderBy,
      include: bundleInclude,
      take: query.limit,
      skip: query.offset,
    }),
    prisma.complianceBundle.count({ where }),
  ]);
  return { items: rows.map(bundleView), total };
}

async function findReadable(db: Tx, viewer: Viewer, id: string): Promise<BundleRow> {
  const row = await db.complianceBundle.findFirst({
    where: { id, ...(viewer.role === "support" ? {} : { organizationId: viewer.organizationId }) },
    include: bundleInclude,
  });
  if (!row) throw notFound(id);
  return row;
}

export async function getBundleOrThrow(
  viewer: Viewer,
  id: string,
  now: Date = new Date(),
): Promise<BundleView> {
  await expireDueBundles(now);
  const prisma = await getPrisma();
  return bundleView(await findReadable(prisma as unknown as Tx, viewer, id));
}

/** Locks the bundle row, then reads it: state changes on one bundle happen one at a time. */
async function lockBundle(tx: Tx, viewer: Viewer, id: string): Promise<BundleRow> {
  const locked =
    viewer.role === "support"
      ? await tx.$queryRaw<{ id: string }[]>`SELECT id FROM compliance_bundle WHERE id = ${id} FOR UPDATE`
      : await tx.$queryRaw<{ id: string }[]>`
          SELECT id FROM compliance_bundle WHERE id = ${id} AND organization_id = ${viewer.organizationId} FOR UPDATE`;
  if (locked.length === 0) throw notFound(id);
  return findReadable(tx, viewer, id);
}

/** Writes reach only the caller's own organization's bundles, support's as well (any member role reads as its own). */
const ownerOnly = (principal: Principal): Viewer => ({
  organizationId: principal.organizationId,
  role: "owner",
});

const auditVerbs: Record<BundleAction, string> = {
  edit: "updated",
  submit: "submitted",
  approve: "approved",
  reject: "rejected",
  expire: "expired",
};

function statusChange(row: BundleRow, action: BundleAction, to: BundleStatus) {
  return {
    action: `bundle.${auditVerbs[action]}`,
    organizationId: row.organizationId,
    resource: { type: "bundle", id: row.id },
    changes: row.status === to ? [] : [{ field: "status", from: row.status, to }],
  };
}

/** bundle.status_changed (docs/CONTRACT.md §14, §17) when a change moved the status, in its transaction. */
async function recordStatusChanged(tx: Tx, fromStatus: BundleStatus, updated: BundleRow, now: Date) {
  if (updated.status === fromStatus) return;
  await recordEvents(tx, [event(updated.organizationId, "bundle.status_changed", bundleView(updated))], now);
}

export async function updateBundle(
  principal: Principal,
  id: string,
  body: UpdateBundleRequest,
): Promise<BundleView> {
  return inRetryingTransaction(async (tx) => {
    const row = await lockBundle(tx, ownerOnly(principal), id);
    const next = transitionBundle(row.status, "edit");
    const endUserId = body.end_user_id ?? row.endUserId;
    const documentIds = body.document_ids ?? row.documents.map((link) => link.documentId);
    await assertOwnParts(tx, row.organizationId, endUserId, documentIds);
    if (body.document_ids) {
      await tx.complianceBundleDocument.deleteMany({ where: { bundleId: id } });
      await tx.complianceBundleDocument.createMany({
        data: documentIds.map((documentId, position) => ({ bundleId: id, documentId, position })),
      });
    }
    const updated = await tx.complianceBundle.update({
      where: { id },
      data: { status: next, endUserId, updatedAt: new Date() },
      include: bundleInclude,
    });
    await recordStatusChanged(tx, row.status, updated, new Date());
    const change = statusChange(row, "edit", next);
    await auditChanges(tx, [
      {
        ...change,
        changes: [
          ...change.changes,
          ...(endUserId === row.endUserId
            ? []
            : [{ field: "end_user_id", from: row.endUserId, to: endUserId }]),
          ...(body.document_ids
            ? [{ field: "document_ids", from: row.documents.map((link) => link.documentId), to: documentIds }]
            : []),
        ],
      },
    ]);
    return bundleView(updated);
  });
}

/** Every document type some number of the country and type requires (read outside any transaction). */
async function requiredDocumentTypes(countryId: string, numberType: string): Promise<string[]> {
  const requirements = await getRequirements(countryId, numberType);
  return [
    ...new Set(requirements.regions.flatMap((region) => region.document_types.map((type) => type.id))),
  ].sort();
}

/** What keeps a bundle from covering its country and number type's numbers, in words. */
async function evaluateRow(
  db: Tx,
  row: BundleRow,
  now: Date,
  required: readonly string[],
): Promise<Evaluation> {
  const names = new Map((await getReferenceData()).documentTypes.map((type) => [type.id, type.name]));
  const documents = await db.complianceDocument.findMany({
    where: { id: { in: row.documents.map((link) => link.documentId) } },
    select: {
      id: true,
      documentTypeId: true,
      endUserId: true,
      expiresOn: true,
      address: { select: { countryId: true } },
    },
    orderBy: { id: "asc" },
  });
  const today = day(now);
  const failures: Evaluation["failures"] = [];
  for (const requirement of required) {
    const name = names.get(requirement) ?? requirement;
    const ofType = documents.filter((document) => document.documentTypeId === requirement);
    if (ofType.length === 0) {
      failures.push({ requirement, reason: `No ${name} is in the bundle.` });
      continue;
    }
    const current = ofType.filter((document) => !document.expiresOn || day(document.expiresOn) >= today);
    if (current.length === 0) {
      for (const document of ofType) {
        failures.push({
          requirement,
          reason: `${name} ${document.id} expired on ${day(document.expiresOn!)}.`,
        });
      }
      continue;
    }
    const theirs = current.filter((document) => document.endUserId === row.endUserId);
    if (theirs.length === 0) {
      failures.push({
        requirement,
        reason: `${name} ${current[0].id} is another end user's, not ${row.endUserId}'s.`,
      });
      continue;
    }
    if (
      ADDRESS_DOCUMENT_TYPES.has(requirement) &&
      !theirs.some((document) => document.address?.countryId === row.countryId)
    ) {
      const document = theirs[0];
      failures.push({
        requirement,
        reason: document.address
          ? `The address of ${name} ${document.id} is in ${document.address.countryId}; it must be in ${row.countryId}.`
          : `${name} ${document.id} names no address; one in ${row.countryId} is needed.`,
      });
    }
  }
  return { compliant: failures.length === 0, failures };
}

export async function evaluateBundle(
  viewer: Viewer,
  id: string,
  now: Date = new Date(),
): Promise<Evaluation> {
  const prisma = await getPrisma();
  const row = await findReadable(prisma as unknown as Tx, viewer, id);
  const required = await requiredDocumentTypes(row.countryId, row.numberTypeId);
  return evaluateRow(prisma as unknown as Tx, row, now, required);
}

export async function submitBundle(
  principal: Principal,
  id: string,
  now: Date = new Date(),
): Promise<BundleView> {
  const prisma = await getPrisma();
  const first = await findReadable(prisma as unknown as Tx, ownerOnly(principal), id);
  // A bundle's country and type never change, so what they require is read before the lock
  // (PGlite has one connection: the transaction must not wait for a query outside it).
  const required = await requiredDocumentTypes(first.countryId, first.numberTypeId);
  return inRetryingTransaction(async (tx) => {
    const row = await lockBundle(tx, ownerOnly(principal), id);
    const next = transitionBundle(row.status, "submit");
    const evaluation = await evaluateRow(tx, row, now, required);
    if (!evaluation.compliant) {
      throw new ApiError(
        "bundle_not_compliant",
        `Bundle ${id} does not meet ${evaluation.failures.length} requirement(s): ${evaluation.failures.map((failure) => failure.reason).join(" ")}`,
        evaluation.failures.map((failure) => `${failure.requirement}: ${failure.reason}`).join("; "),
      );
    }
    const updated = await tx.complianceBundle.update({
      where: { id },
      data: {
        status: next,
        submittedAt: now,
        rejectionReason: null,
        rejectionNotes: Prisma.DbNull,
        updatedAt: now,
      },
      include: bundleInclude,
    });
    await auditChanges(tx, [statusChange(row, "submit", next)]);
    await recordStatusChanged(tx, row.status, updated, now);
    return bundleView(updated);
  });
}

/** The reviewer as the numbers' history names them. */
async function approverOf(tx: Tx, principal: Principal): Promise<Approver> {
  const userId = principal.userId;
  const user =
    userId === null ? null : await tx.user.findUnique({ where: { id: userId }, select: { name: true } });
  const token =
    principal.kind === "token" && principal.tokenId !== null
      ? await tx.apiToken.findUnique({ where: { id: principal.tokenId }, select: { name: true } })
      : null;
  return {
    userId,
    tokenId: principal.kind === "token" ? principal.tokenId : null,
    name: token?.name ?? user?.name ?? "unknown",
    role: principal.role,
  };
}

function assertSupport(principal: Principal, action: string): void {
  if (principal.role !== "support") {
    throw new ApiError("role_forbidden", `Only support may ${action} a bundle.`, "role=support");
  }
}

export async function approveBundle(
  principal: Principal,
  id: string,
  now: Date = new Date(),
): Promise<BundleView> {
  assertSupport(principal, "approve");
  return inRetryingTransaction(async (tx) => {
    const row = await lockBundle(tx, principal, id);
    const next = transitionBundle(row.status, "approve");
    const expiries = await tx.complianceDocument.findMany({
      where: { id: { in: row.documents.map((link) => link.documentId) }, expiresOn: { not: null } },
      select: { expiresOn: true },
      orderBy: { expiresOn: "asc" },
      take: 1,
    });
    const updated = await tx.complianceBundle.update({
      where: { id },
      data: {
        status: next,
        validUntil: expiries[0]?.expiresOn ?? null,
        reviewedAt: now,
        reviewedBy: principal.userId ?? principal.id,
        updatedAt: now,
      },
      include: bundleInclude,
    });
    await auditChanges(tx, [statusChange(row, "approve", next)]);
    await recordStatusChanged(tx, row.status, updated, now);
    // docs/CONTRACT.md §17: every pending number of the organization this bundle covers is active
    // from this commit on, and the members who can act hear of it.
    const bundle = {
      id,
      organizationId: row.organizationId,
      countryId: row.countryId.trim(),
      numberTypeId: row.numberTypeId,
    };
    // A document that expired while the bundle waited for review leaves it covering nothing.
    const valid = updated.validUntil === null || day(updated.validUntil) >= day(now);
    const activated = valid
      ? await activateCoveredNumbers(tx, bundle, await approverOf(tx, principal), now)
      : [];
    const numbers = activated.map((number) => number.number);
    const named = await nameBundle(tx, namesOf(row));
    await emailMembersWhoCanAct(
      tx,
      row.organizationId,
      (to) => bundleApprovedMessage(to, named, numbers),
      now,
    );
    return bundleView(updated);
  });
}

export async function rejectBundle(
  principal: Principal,
  id: string,
  body: RejectBundleRequest,
  now: Date = new Date(),
): Promise<BundleView> {
  assertSupport(principal, "reject");
  return inRetryingTransaction(async (tx) => {
    const row = await lockBundle(tx, principal, id);
    const next = transitionBundle(row.status, "reject");
    const inBundle = new Set(row.documents.map((link) => link.documentId));
    const strangers = body.notes
      .filter((note) => !inBundle.has(note.document_id))
      .map((note) => note.document_id);
    if (strangers.length > 0) {
      throw new ApiError(
        "invalid_parameter",
        `notes name documents that are not in bundle ${id}: ${strangers.join(", ")}`,
        `body.notes.document_id=${strangers.join(",")}`,
      );
    }
    const notes = body.notes.map((note) => ({ document_id: note.document_id, note: note.note }));
    const updated = await tx.complianceBundle.update({
      where: { id },
      data: {
        status: next,
        reviewedAt: now,
        reviewedBy: principal.userId ?? principal.id,
        rejectionReason: body.reason,
        rejectionNotes: notes,
        updatedAt: now,
      },
      include: bundleInclude,
    });
    const change = statusChange(row, "reject", next);
    await auditChanges(tx, [
      { ...change, changes: [...change.changes, { field: "rejection_reason", from: null, to: body.reason }] },
    ]);
    await recordStatusChanged(tx, row.status, updated, now);
    const named = await nameBundle(tx, namesOf(row));
    await emailMembersWhoCanAct(
      tx,
      row.organizationId,
      (to) => bundleRejectedMessage(to, named, body.reason, notes),
      now,
    );
    return bundleView(updated);
  });
}
