import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { placeOrder, type Buyer } from "@/lib/orders/place-order";
import { restockInventory } from "@/lib/orders/restock";
import { sweepDocumentDeadlines } from "@/lib/compliance/document-deadlines";
import { freshNumbers, INVENTORY_CSV_HEADER } from "@/tests/inventory-csv";
import { restoreNumber } from "@/lib/numbers/lifecycle";
import type { Writer } from "@/lib/numbers/change-configuration";
import { get } from "@/tests/api-client";

// docs/CONTRACT.md §17 on the worker's clock (injected, never slept): the reminder 3 days before
// documents_due, once; the release at documents_due through the release of docs/CONTRACT.md §16, with
// number.documents_overdue; and numbers that reach a back-order pending like any sale.

const DAY_MS = 24 * 60 * 60 * 1000;
const acme: Buyer = { organizationId: "org_acme", userId: "usr_acme_customer", tokenId: null };
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
const owner: Writer = {
  kind: "session",
  organizationId: "org_acme",
  role: "owner",
  userId: "usr_acme_customer",
  tokenId: null,
};

async function buyPending(count: number, now: Date): Promise<{ id: string; number: string }[]> {
  const prisma = await getPrisma();
  const wanted = await prisma.inventoryNumber.findMany({
    where: { countryId: "FR", status: "available", NOT: { requiredDocumentIds: { isEmpty: true } } },
    orderBy: { numberE164: "asc" },
    take: count,
  });
  expect(wanted).toHaveLength(count);
  const placed = await placeOrder(
    acme,
    { contact_name: "Deadline test", items: wanted.map((number) => ({ number_e164: number.numberE164 })) },
    null,
    now,
  );
  expect(placed.body.data.numbers.map((number) => number.status)).toEqual(
    wanted.map(() => "pending_documents"),
  );
  return prisma.numberConfiguration.findMany({
    where: { number: { in: wanted.map((number) => number.numberE164) } },
    select: { id: true, number: true },
    orderBy: { number: "asc" },
  });
}

describe("the worker's document deadlines", () => {
  it("reminds the members who can act 3 days before documents_due, once, then releases at it", async () => {
    const prisma = await getPrisma();
    const soldAt = new Date();
    const [plain, locked] = await buyPending(2, soldAt);
    await prisma.numberConfiguration.update({ where: { id: locked.id }, data: { locked: true } });
    const due = at(soldAt, 14 * DAY_MS);
    expect(
      (await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: plain.id } })).documentsDue,
    ).toEqual(due);
    const reminders = () =>
      prisma.emailMessage.findMany({ where: { kind: "documents_due" }, orderBy: { to: "asc" } });

    // More than 3 days before: nothing.
    expect(await sweepDocumentDeadlines(at(due, -3 * DAY_MS - 60_000))).toEqual({ reminded: 0, released: 0 });
    expect(await reminders()).toEqual([]);

    // 3 days before: one email per member who can act, listing both numbers.
    expect(await sweepDocumentDeadlines(at(due, -3 * DAY_MS))).toEqual({ reminded: 2, released: 0 });
    const acting = await prisma.user.findMany({
      where: { organizationId: "org_acme", role: { in: ["owner", "admin", "billing"] } },
      select: { email: true },
      orderBy: { email: "asc" },
    });
    const sent = await reminders();
    expect(sent.map((email) => email.to)).toEqual(acting.map((user) => user.email));
    // The deadline in words (a day and a time, in UTC), as the portal says it, not ISO text.
    const dueWords = `${new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(due)} UTC`;
    expect(sent[0].subject).toBe(`Documents due by ${dueWords} or 2 numbers are released`);
    expect(sent[0].text).toContain(`- ${plain.number}: released on ${dueWords}`);
    expect(sent[0].text).toContain(`- ${locked.number}: released on ${dueWords}`);

    // Once: a later sweep before the deadline sends nothing more.
    expect(await sweepDocumentDeadlines(at(due, -DAY_MS))).toEqual({ reminded: 0, released: 0 });
    expect(await sweepDocumentDeadlines(at(due, -1))).toEqual({ reminded: 0, released: 0 });
    expect(await reminders()).toHaveLength(acting.length);

    // At documents_due: released as docs/CONTRACT.md §16 releases, the lock notwithstanding.
    expect(await sweepDocumentDeadlines(due)).toEqual({ reminded: 0, released: 2 });
    for (const number of [plain, locked]) {
      const row = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: number.id } });
      expect({ id: row.id, status: row.status, restorableUntil: row.restorableUntil }).toEqual({
        id: number.id,
        status: "aging",
        restorableUntil: at(due, 14 * DAY_MS),
      });
      const events = await prisma.event.findMany({
        where: { organizationId: "org_acme", type: { in: ["number.released", "number.documents_overdue"] } },
        orderBy: { seq: "asc" },
      });
      const mine = events.filter((entry) => (entry.data as { number_id: string }).number_id === number.id);
      expect(mine.map((entry) => [entry.type, (entry.data as { status: string }).status])).toEqual([
        ["number.released", "aging"],
        ["number.documents_overdue", "aging"],
      ]);
      const audits = await prisma.auditEvent.findMany({
        where: { resourceId: number.id, action: { in: ["number.released", "number.documents_overdue"] } },
        orderBy: { action: "asc" },
      });
      expect(audits.map((entry) => [entry.action, entry.actorType])).toEqual([
        ["number.documents_overdue", "system"],
        ["number.released", "system"],
      ]);
    }
    // The history says the platform released it, not a person or a token.
    const history = await get<{ data: { kind: string; changed_by: unknown }[] }>(
      `/numbers/${plain.id}/history`,
      { token: "acmeAll" },
    );
    expect(history.status).toBe(200);
    expect(history.body.data[0]).toMatchObject({
      kind: "released",
      changed_by: { type: "system", name: "system", role: "system" },
    });
    // Nothing is left to do.
    expect(await sweepDocumentDeadlines(at(due, DAY_MS))).toEqual({ reminded: 0, released: 0 });

    // Restored with no bundle covering it, it waits again with its old deadline, which the
    // next sweep enforces: a restore does not buy time.
    const restored = await restoreNumber(owner, plain.id, at(due, 2 * DAY_MS));
    expect(restored.configuration).toMatchObject({
      status: "pending_documents",
      documents_due: due.toISOString(),
    });
    expect(await sweepDocumentDeadlines(at(due, 2 * DAY_MS + 60_000))).toEqual({ reminded: 0, released: 1 });
    expect((await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: plain.id } })).status).toBe(
      "aging",
    );
  });

  it("leaves a number alone once a bundle made it active", async () => {
    const prisma = await getPrisma();
    const soldAt = new Date();
    const [number] = await buyPending(1, soldAt);
    await prisma.numberConfiguration.update({
      where: { id: number.id },
      data: { status: "active", documentsDue: null, version: { increment: 1 } },
    });
    expect(await sweepDocumentDeadlines(at(soldAt, 15 * DAY_MS))).toEqual({ reminded: 0, released: 0 });
    expect((await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: number.id } })).status).toBe(
      "active",
    );
  });
});

describe("back-order fill", () => {
  it("gives a waiting item numbers pending documents when no bundle covers them", async () => {
    const prisma = await getPrisma();
    const region = await prisma.region.findFirstOrThrow({
      where: { countryId: "DE", numberTypeId: "local" },
      orderBy: { id: "asc" },
    });
    const product = await prisma.product.findFirstOrThrow({
      where: { regionId: region.id },
      include: { requiredDocuments: true },
      orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
    });
    const documents = product.requiredDocuments.map((row) => row.documentTypeId).sort();
    expect(documents.length).toBeGreaterThan(0);
    const stock = await prisma.inventoryNumber.count({ where: { regionId: region.id, status: "available" } });
    const placed = await placeOrder(
      acme,
      {
        contact_name: "Back-order",
        items: [{ country: "DE", number_type: "local", region: region.id, quantity: stock + 1 }],
      },
      null,
    );
    const fresh = await freshNumbers(region.id, 1);
    const report = await restockInventory(
      [INVENTORY_CSV_HEADER, `${fresh[0]},${region.id},false,true,${documents.join(";")}`].join("\n"),
    );
    expect(report.backorders.assignedNumbers).toBe(1);
    const filled = await prisma.numberConfiguration.findFirstOrThrow({ where: { number: fresh[0] } });
    expect(filled.status).toBe("pending_documents");
    expect(filled.documentsDue).not.toBeNull();
    const waitedFor = Math.abs((filled.documentsDue?.getTime() ?? 0) - Date.now() - 14 * DAY_MS);
    expect(waitedFor).toBeLessThan(60_000);
    const filledOrder = await prisma.order.findUniqueOrThrow({
      where: { referenceId: placed.body.data.reference_id },
    });
    expect(filledOrder.status).toBe("completed");
  });
});
