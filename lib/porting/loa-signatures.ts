import "server-only";
import { randomBytes } from "node:crypto";
import { hashLinkToken, siteUrl } from "@/lib/accounts/links";
import { auditChanges, currentClientAddress, recordAudit } from "@/lib/audit/record";
import { getAttemptThrottle } from "@/lib/auth/attempt-throttle";
import type { Principal } from "@/lib/auth/types";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { queueEmail, type QueuedEmail } from "@/lib/email/queue";
import { ApiError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { authorizationWording } from "@/lib/porting/loa-pdf";
import {
  loaInputOf,
  loaOrderInclude,
  renderUnsignedLoa,
  storeSignedLoa,
  type LoaFile,
} from "@/lib/porting/loa-document";
import { addTimelineEntry, lockPortOrder } from "@/lib/porting/move";
import { transitionPortOrder } from "@/lib/porting/port-order-states";
import type { PortOrderStatus } from "@/lib/schemas/porting";
import type {
  LoaSign,
  LoaSignatureRequest,
  LoaSignatureRequestSent,
  LoaSigned,
  LoaSigningView,
} from "@/lib/schemas/loa";

// Signing the letter of authorization (docs/CONTRACT.md §20, docs/API.md "LOA"). A member asks the
// authorized person to sign: they get a link by email, /loa/sign/<token>, that works once and for
// 7 days; only the token's SHA-256 is kept (loa_signature.token_hash). A new request makes the
// order's earlier links expire. Whoever holds the link reads the order and the letter and signs
// by typing the name the request gave: the signed PDF goes into the documents store (a
// signed_loa, with its SHA-256, the time and the signer's address) and the order points at it.
// A link is used once (a conditional update on used_at), expires, and stops working when its
// order has left draft and exception (a submitted order's letter is settled).

export const LOA_LINK_LIFETIME_MS = 7 * 24 * 60 * 60_000;

/** The states an order can be signed for: the ones it can be edited in. */
const assertSignable = (status: PortOrderStatus) => transitionPortOrder(status, "edit");

/** POST /port_orders/{id}/loa/signature_requests (porting:write): emails a fresh signing link. */
export async function requestLoaSignature(
  principal: Principal,
  orderId: string,
  request: LoaSignatureRequest,
  now: Date,
): Promise<LoaSignatureRequestSent> {
  return inRetryingTransaction(async (tx) => {
    assertSignable((await lockPortOrder(tx, orderId, principal.organizationId)).status);
    // Only the newest link works: the earlier ones expire now (and say they were replaced).
    await tx.loaSignature.updateMany({
      where: { portOrderId: orderId, usedAt: null, expiresAt: { gt: now } },
      data: { expiresAt: now },
    });
    const token = randomBytes(32).toString("base64url");
    const row = await tx.loaSignature.create({
      data: {
        id: newId("loaSignature"),
        portOrderId: orderId,
        tokenHash: hashLinkToken(token),
        name: request.name,
        email: request.email,
        expiresAt: new Date(now.getTime() + LOA_LINK_LIFETIME_MS),
        createdAt: now,
      },
    });
    const organization = await tx.organization.findUniqueOrThrow({
      where: { id: principal.organizationId },
      select: { name: true },
    });
    await queueEmail(tx, loaSignatureMessage(request, organization.name, token), now);
    await auditChanges(tx, [
      {
        action: "port_order.loa_signature_requested",
        organizationId: principal.organizationId,
        resource: { type: "port_order", id: orderId },
        changes: [
          { field: "loa_signer_name", from: null, to: request.name },
          { field: "loa_signer_email", from: null, to: request.email },
        ],
        at: now,
      },
    ]);
    return {
      id: row.id,
      port_order_id: orderId,
      name: row.name,
      email: row.email,
      expires_at: row.expiresAt.toISOString(),
    };
  });
}

function loaSignatureMessage(
  request: LoaSignatureRequest,
  organizationName: string,
  token: string,
): QueuedEmail {
  return {
    to: request.email,
    kind: "loa_signature",
    subject: `Please sign the letter of authorization for ${organizationName}`,
    text: [
      `Hello ${request.name},`,
      "",
      `${organizationName} asks you to authorize moving telephone numbers to them from their current`,
      "provider. Read the letter of authorization and sign it by typing your name:",
      "",
      siteUrl(`/loa/sign/${token}`),
      "",
      "The link works once, for 7 days. If you did not expect it, ignore this email: nothing is",
      "signed without you.",
    ].join("\n"),
  };
}

// ---------------------------------------------------------------- the public link

const linkInclude = { portOrder: { include: loaOrderInclude } } as const;

type Db = Tx | Awaited<ReturnType<typeof getPrisma>>;

async function findLink(db: Db, token: string) {
  return db.loaSignature.findUnique({ where: { tokenHash: hashLinkToken(token) }, include: linkInclude });
}
type Link = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/**
 * The link of `token` while it can still sign, or the error that says why not: 404 for a link
 * that never was (or whose draft was deleted), 410 loa_link_used once signed, 410
 * loa_link_expired past its 7 days, when replaced by a newer link, or when the order has left
 * draft and exception.
 */
async function usableLink(db: Db, token: string, now: Date) {
  const link = await findLink(db, token);
  if (!link) throw unknownLink();
  assertUsable(link, now);
  return link;
}

/** Each try of a link counts against the client address's budget, as the account links' do. */
async function takeLinkAttempt(): Promise<void> {
  await (await getAttemptThrottle()).take(["link_address", currentClientAddress()]);
}

const unknownLink = () =>
  new ApiError(
    "not_found",
    "This signing link is not valid: it may have been mistyped or cut short. Copy the whole link from the email.",
    "path.token=(not shown)",
  );

function assertUsable(link: Link, now: Date): void {
  if (link.usedAt)
    throw new ApiError(
      "loa_link_used",
      `This letter of authorization was signed with this link on ${link.usedAt.toISOString()}; a link works once.`,
      `signed_at=${link.usedAt.toISOString()}`,
    );
  const status = link.portOrder.status;
  if (status !== "draft" && status !== "exception")
    throw new ApiError(
      "loa_link_expired",
      `This port order is ${status.replace("_", " ")} and its letter can no longer be signed through this link.`,
      `status=${status}`,
    );
  if (link.expiresAt <= now) {
    const replaced = link.expiresAt.getTime() < link.createdAt.getTime() + LOA_LINK_LIFETIME_MS;
    throw new ApiError(
      "loa_link_expired",
      replaced
        ? "This signing link was replaced by a newer one: use the link in the latest email."
        : `This signing link expired at ${link.expiresAt.toISOString()}; ask the organization that sent it for a new one.`,
      `expires_at=${link.expiresAt.toISOString()}`,
    );
  }
}

/** GET /loa_signatures/{token} (no credentials): what the signing page shows. */
export async function viewLoaSignature(token: string, now: Date): Promise<LoaSigningView> {
  await takeLinkAttempt();
  const link = await usableLink(await getPrisma(), token, now);
  const input = loaInputOf(link.portOrder);
  const order = link.portOrder;
  const address = input.serviceAddress;
  return {
    port_order_id: order.id,
    organization_name: input.organizationName,
    signer: { name: link.name, email: link.email },
    expires_at: link.expiresAt.toISOString(),
    customer: { name: order.endUser.name, business_name: order.endUser.businessName },
    service_address: [address.street, address.postal_code, address.city, address.region, address.country]
      .filter(Boolean)
      .join(", "),
    losing_carrier: {
      name: order.losingCarrier,
      account_number: order.accountNumber,
      authorized_person: order.authorizedPerson,
    },
    country: order.country,
    number_type: order.numberType,
    requested_foc_date: input.requestedFocDate,
    numbers: input.numbers,
    authorization: authorizationWording(input),
  };
}

/** GET /loa_signatures/{token}/pdf (no credentials): the unsigned letter the link is for. */
export async function readLoaPdfByLink(token: string, now: Date): Promise<LoaFile> {
  await takeLinkAttempt();
  const link = await usableLink(await getPrisma(), token, now);
  return renderUnsignedLoa(link.portOrder);
}

/** Names compared as people type them: case and runs of spaces do not matter. */
const comparable = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ").toLowerCase();
const sameName = (a: string, b: string) => comparable(a) === comparable(b);

/**
 * POST /loa_signatures/{token} (no credentials): signs the letter. The link is used in the same
 * transaction that stores the signed PDF and points the order at it, so of two signatures with
 * one link exactly one is kept.
 */
export async function signLoa(token: string, body: LoaSign, now: Date): Promise<LoaSigned> {
  await takeLinkAttempt();
  const ip = currentClientAddress();
  const typedName = body.typed_name.replace(/\s+/g, " ");
  return inRetryingTransaction(async (tx) => {
    const found = await usableLink(tx, token, now);
    if (!sameName(typedName, found.name))
      throw new ApiError(
        "invalid_parameter",
        `typed_name must be the name this letter was sent to be signed by: ${found.name}.`,
        `body.typed_name=${body.typed_name}`,
      );
    // The order is locked, then the link used and read again with it: an edit, a submission or
    // a second signature cannot slip in between.
    await lockPortOrder(tx, found.portOrderId, found.portOrder.organizationId);
    const claimed = await tx.loaSignature.updateMany({
      where: { id: found.id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now, signedAt: now, signerAddress: ip },
    });
    const link = await findLink(tx, token);
    if (!link) throw unknownLink();
    assertUsable(claimed.count === 1 ? { ...link, usedAt: null } : link, now);
    const order = link.portOrder;
    const signer = { name: typedName, email: link.email, signedAt: now, ipAddress: ip ?? "unknown" };
    const { documentId, sha256 } = await storeSignedLoa(tx, order, signer);
    await tx.loaSignature.update({ where: { id: link.id }, data: { documentId } });
    await tx.portOrder.update({
      where: { id: order.id },
      data: { loaDocumentId: documentId, version: { increment: 1 }, updatedAt: now },
    });
    await addTimelineEntry(tx, {
      orderId: order.id,
      organizationId: order.organizationId,
      kind: "loa_signed",
      actor: { as: "customer", kind: "system", id: null },
      body: `Letter of authorization signed by ${typedName} (${link.email}).`,
      details: {
        document_id: documentId,
        sha256,
        signer_address: ip,
        signer: { name: typedName, email: link.email },
      },
      now,
    });
    await recordAudit(tx, {
      actor: { type: "system", id: null, name: `${typedName} (LOA signer, ${link.email})` },
      ip,
      action: "port_order.loa_signed",
      organizationId: order.organizationId,
      resource: { type: "port_order", id: order.id },
      changes: [{ field: "loa_document_id", from: order.loaDocumentId, to: documentId }],
      at: now,
    });
    return { port_order_id: order.id, document_id: documentId, sha256, signed_at: now.toISOString() };
  });
}
