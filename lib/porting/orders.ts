import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { ApiError, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Principal, Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { auditChanges } from "@/lib/audit/record";
import { claimKey, requestHash, storeAnswer } from "@/lib/http/idempotency";
import { assertIfMatch, etagFor } from "@/lib/numbers/preconditions";
import { encryptAccountPin } from "@/lib/porting/account-pin";
import { checkRequestedFocDate, parseDay } from "@/lib/porting/business-days";
import { assertBillDocument } from "@/lib/porting/bill";
import { assertInitialConfiguration } from "@/lib/porting/initial-configuration";
import { lockPortOrder, movePortOrder, moverOf } from "@/lib/porting/move";
import { checkPortability } from "@/lib/porting/portability";
import { portOrderInclude, portOrderView } from "@/lib/porting/port-order-view";
import type { Prisma } from "@/lib/generated/prisma/client";
import type {
  CreatePortOrderRequest,
  PortOrderListQuery,
  PortOrderView,
  Portability,
  UpdatePortOrderRequest,
} from "@/lib/schemas/porting";

// Port orders (docs/CONTRACT.md §20): created as drafts, one per losing carrier, country and
// number type; read, changed (a draft, or an order in exception before resubmitting) and
// deleted (a draft only). Every status change is lib/porting/move.ts's.

/** 400 foc_date_not_allowed naming the rule broken and the field, or nothing. */
export function assertFocDate(requested: string, now: Date, field = "body.requested_foc_date"): void {
  const violation = checkRequestedFocDate(requested, now);
  if (violation)
    throw new ApiError(
      "foc_date_not_allowed",
      violation.message,
      `${field}=${requested}, rule=${violation.rule}, earliest=${violation.earliest}, latest=${violation.latest}`,
    );
}

/** 409 when a number cannot be ported: already_here or port_in_progress when all say so, else not_portable. */
export function assertAllPortable(answers: readonly Portability[]): void {
  const refused = answers.filter((answer) => !answer.portable);
  if (refused.length === 0) return;
  const reasons = new Set(refused.map((answer) => answer.not_portable_reason));
  const [only] = reasons;
  const code =
    reasons.size === 1 && (only === "already_here" || only === "port_in_progress") ? only : "not_portable";
  const words = refused.map((answer) => `${answer.number} (${answer.not_portable_reason})`).join(", ");
  throw new ApiError(
    code,
    `${refused.length === 1 ? "This number cannot" : "These numbers cannot"} be ported in: ${words}. Nothing was created.`,
    refused.map((answer) => `body.numbers=${answer.number}: ${answer.not_portable_reason}`).join("; "),
  );
}

/** 404 unless the end user and the address are the organization's. */
async function assertOwnParties(organizationId: string, endUserId?: string, addressId?: string) {
  const prisma = await getPrisma();
  if (endUserId !== undefined) {
    const endUser = await prisma.endUser.findFirst({
      where: { id: endUserId, organizationId },
      select: { id: true },
    });
    if (!endUser) throw notFound("end user", endUserId);
  }
  if (addressId !== undefined) {
    const address = await prisma.complianceAddress.findFirst({
      where: { id: addressId, organizationId },
      select: { id: true },
    });
    if (!address) throw notFound("address", addressId);
  }
}

type Created = { body: { data: PortOrderView[] }; replayed: boolean };

/** POST /port_orders: drafts, one per losing carrier, country and number type (201). */
export async function createPortOrders(
  principal: Principal,
  request: CreatePortOrderRequest,
  idempotencyKey: string | undefined,
  now: Date = new Date(),
): Promise<Created> {
  const organizationId = principal.organizationId;
  const key = idempotencyKey === undefined ? undefined : `port_order:${idempotencyKey}`;
  assertFocDate(request.requested_foc_date, now);
  await assertOwnParties(organizationId, request.end_user_id, request.address_id);
  const answers = await checkPortability(request.numbers, now);
  assertAllPortable(answers);
  // One order per losing carrier, country and number type, in the order the numbers came.
  const groups = new Map<string, Portability[]>();
  for (const answer of answers) {
    const group = `${answer.losing_carrier}\u0000${answer.country}\u0000${answer.number_type}`;
    groups.set(group, [...(groups.get(group) ?? []), answer]);
  }
  for (const numbers of groups.values())
    await assertInitialConfiguration(request.configuration, {
      organizationId,
      country: numbers[0].country!,
      numberType: numbers[0].number_type!,
      numberE164: numbers[0].number,
    });
  return inRetryingTransaction(async (tx) => {
    if (key !== undefined) {
      const earlier = await claimKey<Created["body"]>(tx, organizationId, key, requestHash(request));
      if (earlier) return earlier;
    }
    if (request.bill_document_id !== undefined)
      await assertBillDocument(tx, organizationId, request.bill_document_id);
    const orders: PortOrderView[] = [];
    for (const numbers of groups.values())
      orders.push(await insertDraft(tx, principal, request, numbers, now));
    const body = { data: orders };
    if (key !== undefined) await storeAnswer(tx, organizationId, key, { body, replayed: false });
    return { body, replayed: false };
  });
}

async function insertDraft(
  tx: Tx,
  principal: Principal,
  request: CreatePortOrderRequest,
  numbers: readonly Portability[],
  now: Date,
): Promise<PortOrderView> {
  const id = newId("portOrder");
  const row = await tx.portOrder.create({
    data: {
      id,
      organizationId: principal.organizationId,
      country: numbers[0].country!,
      losingCarrier: numbers[0].losing_carrier!,
      numberType: numbers[0].number_type!,
      endUserId: request.end_user_id,
      addressId: request.address_id,
      accountNumber: request.losing_carrier.account_number,
      pinCiphertext: encryptAccountPin(request.losing_carrier.pin, id),
      authorizedPerson: request.losing_carrier.authorized_person,
      requestedFocDate: parseDay(request.requested_foc_date)!,
      configuration: (request.configuration ?? undefined) as Prisma.InputJsonValue | undefined,
      billDocumentId: request.bill_document_id,
      createdBy: principal.userId ?? principal.tokenId ?? principal.id,
      createdAt: now,
      updatedAt: now,
      numbers: {
        create: numbers.map((number) => ({
          id: newId("portOrderNumber"),
          organizationId: principal.organizationId,
          numberE164: number.number,
          status: "draft" as const,
        })),
      },
    },
    include: portOrderInclude,
  });
  const mover = moverOf(principal, "customer");
  await tx.portOrderEvent.create({
    data: {
      id: newId("portOrderEvent"),
      portOrderId: id,
      organizationId: principal.organizationId,
      kind: "status_changed",
      toStatus: "draft",
      actorKind: mover.kind,
      actorId: mover.id,
      createdAt: now,
    },
  });
  await auditChanges(tx, [
    {
      action: "port_order.created",
      organizationId: principal.organizationId,
      resource: { type: "port_order", id },
      changes: [
        { field: "numbers", from: null, to: numbers.map((number) => number.number) },
        { field: "losing_carrier.pin", from: null, to: "set" },
      ],
      at: now,
    },
  ]);
  return portOrderView(row);
}

/** GET /port_orders: newest first; support reads every organization's. */
export async function listPortOrders(viewer: Viewer, query: PortOrderListQuery) {
  const prisma = await getPrisma();
  const where = {
    ...readableOrganizations(viewer, query.organization_id),
    ...(query.status ? { status: query.status } : {}),
  };
  const [rows, total] = await Promise.all([
    prisma.portOrder.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      include: portOrderInclude,
      take: query.limit,
      skip: query.offset,
    }),
    prisma.portOrder.count({ where }),
  ]);
  return { items: rows.map(portOrderView), total };
}

/** GET /port_orders/{id} with its ETag; another organization's order is 404. */
export async function getPortOrder(viewer: Viewer, id: string) {
  const prisma = await getPrisma();
  const row = await prisma.portOrder.findFirst({
    where: { id, ...readableOrganizations(viewer, undefined) },
    include: portOrderInclude,
  });
  if (!row) throw notFound("port order", id);
  return { order: portOrderView(row), etag: etagFor(row) };
}

/** The LOA names these: changing one makes a signed LOA no longer the order's. */
const LOA_FIELDS = [
  "endUserId",
  "addressId",
  "accountNumber",
  "authorizedPerson",
  "requestedFocDate",
] as const;

/** PATCH /port_orders/{id}: a draft, or an order in exception; If-Match required. */
export async function updatePortOrder(
  principal: Principal,
  id: string,
  ifMatch: string | undefined,
  request: UpdatePortOrderRequest,
  now: Date = new Date(),
) {
  if (request.requested_foc_date !== undefined) assertFocDate(request.requested_foc_date, now);
  await assertOwnParties(principal.organizationId, request.end_user_id, request.address_id);
  const row = await inRetryingTransaction(async (tx) => {
    const before = await lockPortOrder(tx, id, principal.organizationId);
    if (request.configuration !== undefined)
      await assertInitialConfiguration(request.configuration, {
        organizationId: before.organizationId,
        country: before.country.trim(),
        numberType: before.numberType,
        numberE164: before.numbers[0]?.numberE164 ?? "",
      });
    if (request.bill_document_id)
      await assertBillDocument(tx, before.organizationId, request.bill_document_id);
    const fields = {
      ...(request.end_user_id === undefined ? {} : { endUserId: request.end_user_id }),
      ...(request.address_id === undefined ? {} : { addressId: request.address_id }),
      ...(request.losing_carrier?.account_number === undefined
        ? {}
        : { accountNumber: request.losing_carrier.account_number }),
      ...(request.losing_carrier?.authorized_person === undefined
        ? {}
        : { authorizedPerson: request.losing_carrier.authorized_person }),
      ...(request.losing_carrier?.pin === undefined
        ? {}
        : { pinCiphertext: encryptAccountPin(request.losing_carrier.pin, id) }),
      ...(request.requested_foc_date === undefined
        ? {}
        : { requestedFocDate: parseDay(request.requested_foc_date)! }),
      ...(request.configuration === undefined
        ? {}
        : { configuration: (request.configuration ?? null) as Prisma.InputJsonValue }),
      ...(request.bill_document_id === undefined ? {} : { billDocumentId: request.bill_document_id }),
    } satisfies Prisma.PortOrderUncheckedUpdateManyInput;
    const loaChanged = LOA_FIELDS.some(
      (field) => field in fields && String(fields[field as keyof typeof fields]) !== String(before[field]),
    );
    return movePortOrder(tx, {
      orderId: id,
      organizationId: principal.organizationId,
      action: "edit",
      actor: moverOf(principal, "customer"),
      ifMatch: ifMatch ?? "",
      fields: loaChanged ? { ...fields, loaDocumentId: null } : fields,
      now,
    });
  });
  return { order: portOrderView(row), etag: etagFor(row) };
}

/** DELETE /port_orders/{id}: a draft only (an order the carrier has is cancelled instead). */
export async function deletePortOrder(
  principal: Principal,
  id: string,
  ifMatch: string | undefined,
  now: Date = new Date(),
): Promise<void> {
  await inRetryingTransaction(async (tx) => {
    const row = await lockPortOrder(tx, id, principal.organizationId);
    if (ifMatch !== undefined) assertIfMatch(ifMatch, etagFor(row));
    if (row.status !== "draft")
      throw new ApiError(
        "invalid_transition",
        `A port order that is ${row.status} cannot be deleted; only a draft can. Cancel it instead (POST /port_orders/${id}/actions/cancel).`,
        `status=${row.status}, action=delete, allowed=draft`,
      );
    await tx.portOrder.delete({ where: { id } });
    await auditChanges(tx, [
      {
        action: "port_order.deleted",
        organizationId: row.organizationId,
        resource: { type: "port_order", id },
        changes: [{ field: "numbers", from: row.numbers.map((number) => number.numberE164), to: null }],
        at: now,
      },
    ]);
  });
}
