import "server-only";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { notFound } from "@/lib/errors";
import type { Principal, Viewer } from "@/lib/auth/types";
import { ownOrganizationUnlessSupport, readableOrganizations } from "@/lib/auth/organization-filter";
import { addTimelineEntry, lockPortOrder, moverOf } from "@/lib/porting/move";
import type { PortOrderTimelineEntry } from "@/lib/schemas/porting";

// An order's timeline (GET /port_orders/{id}/events): every move, exception, FOC change, the
// carrier's notes, the LOA's signature and the comments, oldest first, each with who wrote it
// by name. Comments (GET/POST …/comments) are its entries of kind comment.

type EntryRow = {
  id: string;
  kind: PortOrderTimelineEntry["kind"];
  fromStatus: PortOrderTimelineEntry["from_status"];
  toStatus: PortOrderTimelineEntry["to_status"];
  actorKind: PortOrderTimelineEntry["actor"]["kind"];
  actorId: string | null;
  body: string | null;
  details: unknown;
  createdAt: Date;
};

/** What the port desk is called on the timeline, whoever in support wrote the entry. */
const SUPPORT_NAME = "Support";

/** The signer an loa_signed entry's details name (lib/porting/loa-signatures.ts), or null. */
function signerOf(details: unknown): string | null {
  if (typeof details !== "object" || details === null || !("signer" in details)) return null;
  const signer = details.signer;
  return typeof signer === "object" && signer !== null && "name" in signer && typeof signer.name === "string"
    ? signer.name
    : null;
}

/**
 * The names the entries' actors go by now, read in two queries for a page: a member's name (or
 * email when blank), a token's name; null for one that no longer exists. Support is the desk,
 * whoever wrote it; the system is the losing carrier, or the LOA's signer on loa_signed.
 */
async function actorNames(
  db: Pick<Tx, "user" | "apiToken">,
  rows: readonly EntryRow[],
  losingCarrier: string,
): Promise<(string | null)[]> {
  const idsOf = (kind: EntryRow["actorKind"]) => [
    ...new Set(rows.filter((row) => row.actorKind === kind && row.actorId).map((row) => row.actorId!)),
  ];
  const [users, tokens] = await Promise.all([
    db.user.findMany({
      where: { id: { in: idsOf("member") } },
      select: { id: true, name: true, email: true },
    }),
    db.apiToken.findMany({ where: { id: { in: idsOf("token") } }, select: { id: true, name: true } }),
  ]);
  const members = new Map(users.map((user) => [user.id, user.name.trim() || user.email]));
  const tokenNames = new Map(tokens.map((token) => [token.id, token.name]));
  return rows.map((row) => {
    switch (row.actorKind) {
      case "member":
        return members.get(row.actorId ?? "") ?? null;
      case "token":
        return tokenNames.get(row.actorId ?? "") ?? null;
      case "support":
        return SUPPORT_NAME;
      case "system":
        return row.kind === "loa_signed" ? signerOf(row.details) : losingCarrier;
    }
  });
}

function entryView(row: EntryRow, name: string | null): PortOrderTimelineEntry {
  return {
    event_id: row.id,
    kind: row.kind,
    from_status: row.fromStatus,
    to_status: row.toStatus,
    actor: { kind: row.actorKind, id: row.actorId, name },
    body: row.body,
    details: row.details ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The order's entries (comments only, when asked), oldest first, a page at a time. */
export async function listTimeline(
  viewer: Viewer,
  id: string,
  page: { limit: number; offset: number },
  only?: "comment",
) {
  const prisma = await getPrisma();
  const order = await prisma.portOrder.findFirst({
    where: { id, ...readableOrganizations(viewer, undefined) },
    select: { id: true, losingCarrier: true },
  });
  if (!order) throw notFound("port order", id);
  const where = { portOrderId: id, ...(only ? { kind: only } : {}) };
  const [rows, total] = await Promise.all([
    prisma.portOrderEvent.findMany({
      where,
      orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
      take: page.limit,
      skip: page.offset,
    }),
    prisma.portOrderEvent.count({ where }),
  ]);
  const names = await actorNames(prisma, rows, order.losingCarrier);
  return { items: rows.map((row, index) => entryView(row, names[index])), total };
}

/**
 * POST /port_orders/{id}/comments: words on the timeline, in any status: a member's or token's on
 * their organization's order, support's on any organization's (the endpoint lets support in).
 */
export async function addComment(
  principal: Principal,
  id: string,
  body: string,
  now: Date = new Date(),
): Promise<PortOrderTimelineEntry> {
  return inRetryingTransaction(async (tx) => {
    const order = await lockPortOrder(tx, id, ownOrganizationUnlessSupport(principal).organizationId);
    const row = await addTimelineEntry(tx, {
      orderId: order.id,
      organizationId: order.organizationId,
      kind: "comment",
      actor: moverOf(principal, "customer"),
      body,
      now,
    });
    const [name] = await actorNames(tx, [row], order.losingCarrier);
    return entryView(row, name);
  });
}
