import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { ApiError } from "@/lib/errors";
import { addTimelineEntry, carrierMover, movePortOrder, type PortMover } from "@/lib/porting/move";
import { makePortOrder, traces } from "@/lib/porting/test-orders";
import type { PortExceptionDetail } from "@/lib/schemas/porting";

// movePortOrder (docs/CONTRACT.md §20): a move leaves exactly one timeline entry, one audit
// entry, one event and one email per member who can act, in the caller's transaction; a refused
// move leaves nothing and says which moves are allowed.

const customer: PortMover = { as: "customer", kind: "member", id: "usr_acme_owner" };
const now = new Date("2027-01-20T09:00:00Z");

async function actingMembers(organizationId: string) {
  const prisma = await getPrisma();
  return prisma.user.count({ where: { organizationId, role: { in: ["owner", "admin", "billing"] } } });
}

describe("movePortOrder", () => {
  it("submits a draft: status, version, one timeline entry, audit entry, event and email each", async () => {
    const order = await makePortOrder("org_acme");
    const moved = await inRetryingTransaction((tx) =>
      movePortOrder(tx, {
        orderId: order.id,
        organizationId: "org_acme",
        action: "submit",
        actor: customer,
        now,
      }),
    );
    expect(moved).toMatchObject({ status: "submitted", version: 2, submittedAt: now, updatedAt: now });
    const members = await actingMembers("org_acme");
    expect(members).toBeGreaterThan(0);
    expect(await traces(order.id)).toEqual({ timeline: 1, audit: 1, events: 1, emails: members });
    const prisma = await getPrisma();
    const entry = await prisma.portOrderEvent.findFirstOrThrow({ where: { portOrderId: order.id } });
    expect(entry).toMatchObject({
      kind: "status_changed",
      fromStatus: "draft",
      toStatus: "submitted",
      actorKind: "member",
      actorId: "usr_acme_owner",
      createdAt: now,
    });
    const audit = await prisma.auditEvent.findFirstOrThrow({ where: { resourceId: order.id } });
    expect(audit).toMatchObject({ action: "port_order.submitted", organizationId: "org_acme" });
    expect(audit.changes).toEqual([{ field: "status", from: "draft", to: "submitted" }]);
    const event = await prisma.event.findFirstOrThrow({ where: { type: "port_order.status_changed" } });
    expect(event.data).toMatchObject({ port_order_id: order.id, status: "submitted", version: 2 });
    expect(JSON.stringify(event.data)).not.toContain("4321");
    const email = await prisma.emailMessage.findFirstOrThrow({ where: { text: { contains: order.id } } });
    expect(email).toMatchObject({ kind: "port_order_status_changed" });
    expect(email.subject).toBe("Your port of 1 GB Local number is submitted");
  });

  it("refuses a move the table does not allow: 400 invalid_transition naming the states, nothing written", async () => {
    const order = await makePortOrder("org_acme");
    const refused = inRetryingTransaction((tx) =>
      movePortOrder(tx, { orderId: order.id, action: "request_cancel", actor: customer, now }),
    );
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({
      code: "invalid_transition",
      details: "status=draft, action=request_cancel, allowed=submitted|exception|foc_confirmed",
    });
    const prisma = await getPrisma();
    expect(await prisma.portOrder.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({
      status: "draft",
      version: 1,
    });
    expect(await traces(order.id)).toEqual({ timeline: 0, audit: 0, events: 0, emails: 0 });
  });

  it("answers 404 for another organization's order, and changes nothing", async () => {
    const order = await makePortOrder("org_globex");
    await expect(
      inRetryingTransaction((tx) =>
        movePortOrder(tx, {
          orderId: order.id,
          organizationId: "org_acme",
          action: "submit",
          actor: customer,
          now,
        }),
      ),
    ).rejects.toMatchObject({ code: "not_found", details: `port_order_id=${order.id}` });
    expect(await traces(order.id)).toEqual({ timeline: 0, audit: 0, events: 0, emails: 0 });
  });

  it("keeps an exception's details on the order and the timeline; a resubmission clears them", async () => {
    const order = await makePortOrder("org_acme", { status: "submitted" });
    const details: PortExceptionDetail[] = [
      { code: "pin_mismatch", field: "losing_carrier.pin", message: "The PIN is wrong." },
    ];
    const raised = await inRetryingTransaction((tx) =>
      movePortOrder(tx, { orderId: order.id, action: "raise_exception", actor: carrierMover, details, now }),
    );
    expect(raised).toMatchObject({ status: "exception", exceptionDetails: details });
    const prisma = await getPrisma();
    expect(await prisma.portOrderEvent.findFirstOrThrow({ where: { portOrderId: order.id } })).toMatchObject({
      kind: "exception",
      actorKind: "system",
      details,
    });
    const again = await inRetryingTransaction((tx) =>
      movePortOrder(tx, { orderId: order.id, action: "resubmit", actor: customer, now }),
    );
    expect(again).toMatchObject({ status: "submitted", exceptionDetails: null, version: 3 });
  });

  it("moves a confirmed FOC as foc_changed (entry with from/to, event port_order.foc_changed)", async () => {
    const focAt = new Date("2027-02-03T10:00:00Z");
    const order = await makePortOrder("org_acme", { status: "foc_confirmed", focAt });
    const later = new Date("2027-02-05T10:00:00Z");
    await inRetryingTransaction((tx) =>
      movePortOrder(tx, { orderId: order.id, action: "change_foc", actor: carrierMover, focAt: later, now }),
    );
    const prisma = await getPrisma();
    expect(await prisma.portOrderEvent.findFirstOrThrow({ where: { portOrderId: order.id } })).toMatchObject({
      kind: "foc_changed",
      details: { field: "foc_at", from: focAt.toISOString(), to: later.toISOString() },
    });
    expect(await prisma.event.count({ where: { type: "port_order.foc_changed" } })).toBe(1);
    expect((await traces(order.id)).timeline).toBe(1);
  });

  it("refuses an actor the action is not for (a bug of the caller, not a client error)", async () => {
    const order = await makePortOrder("org_acme", { status: "submitted" });
    await expect(
      inRetryingTransaction((tx) =>
        movePortOrder(tx, { orderId: order.id, action: "confirm_foc", actor: customer, focAt: now, now }),
      ),
    ).rejects.toThrow(/not taken by customer/);
    expect(await traces(order.id)).toEqual({ timeline: 0, audit: 0, events: 0, emails: 0 });
  });

  it("adds a comment to the timeline only", async () => {
    const order = await makePortOrder("org_acme");
    await inRetryingTransaction((tx) =>
      addTimelineEntry(tx, {
        orderId: order.id,
        organizationId: "org_acme",
        kind: "comment",
        actor: customer,
        body: "Please port before the move.",
        now,
      }),
    );
    expect(await traces(order.id)).toEqual({ timeline: 1, audit: 0, events: 0, emails: 0 });
  });
});
