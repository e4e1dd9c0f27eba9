import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { auditChanges } from "@/lib/audit/record";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import type { Principal, Viewer } from "@/lib/auth/types";
import { ApiError } from "@/lib/errors";
import { assertCountrySellsType, getReferenceData } from "@/lib/reference/lookups";
import { transitionBundle } from "@/lib/compliance/bundle-states";
import {
  bundleInclude,
  bundleView,
  day,
  findReadable,
  lockBundle,
  recordStatusChanged,
  statusChange,
  type BundleRow,
} from "@/lib/compliance/bundle-rows";
import { expireDueBundles } from "@/lib/compliance/bundle-expiry";
import { ADDRESS_DOCUMENT_TYPES, getRequirements } from "@/lib/compliance/requirements";
import { newId } from "@/lib/ids";
import type {
  BundleListQuery,
  BundleView,
  CreateBundleRequest,
  Evaluation,
  UpdateBundleRequest,
} from "@/lib/schemas/compliance-bundles";
import { Prisma } from "@/lib/generated/prisma/client";

// Bundles (docs/CONTRACT.md §17): an end user's documents for one country and number type, made,
// edited and handed in by the customer; support's review is lib/compliance/bundle-review.ts and
// the expiry sweep lib/compliance/bundle-expiry.ts. Every state change asks
// lib/compliance/bundle-states.ts first and then updates only from the state it read, so two
// racing changes cannot both pass.

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
    const id = newId("bundle");
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

export async function getBundleOrThrow(
  viewer: Viewer,
  id: string,
  now: Date = new Date(),
): Promise<BundleView> {
  await expireDueBundles(now);
  const prisma = await getPrisma();
  return bundleView(await findReadable(prisma as unknown as Tx, viewer, id));
}
/** Writes reach only the caller's own organization's bundles, support's as well (any member role reads as its own). */
const ownerOnly = (principal: Principal): Viewer => ({
  organizationId: principal.organizationId,
  role: "owner",
});

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
