import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { sweepDocumentDeadlines } from "@/lib/compliance/document-deadlines";
import { driveCarrier } from "@/lib/porting/driver";
import { makeEndUserAndAddress } from "@/lib/porting/test-orders";
import { submittedOrder } from "@/lib/porting/test-ports";

// A ported number waiting for documents (docs/CONTRACT.md §17 and §20) is treated as a sold one:
// what it requires is its destination product's documents (number_documents), so approving a
// bundle of its country and number type that holds them activates it, with the history entry,
// number.activated event and audit entry a sold number gets; a bundle of another destination
// does not; and at documents_due the worker's sweep releases it. IE local numbers need
// documents; the simulated carrier answers a business day after submission and the FOC is
// 10:00 UTC of the requested date.

const at = (iso: string) => new Date(iso);

/** The document types IE local's cheapest product requires: what a ported IE number needs. */
let irishDocuments: string[];
beforeAll(async () => {
  const prisma = await getPrisma();
  const [product] = await prisma.$queryRaw<Array<{ documents: string[] }>>`
    SELECT documents FROM port_product('IE', 'local')`;
  irishDocuments = product.documents;
  expect(irishDocuments.length).toBeGreaterThan(0);
  await prisma.organization.create({ data: { id: "org_ported_late", name: "Ported Late Ltd" } });
});

/**
 * Ports `number` in as an IE local number: submitted on the Monday `monday` (its day of February
 * 2027), ported on the Wednesday after.
 */
async function portIn(number: string, organizationId: string, monday: number) {
  const day = (offset: number) => `2027-02-${String(monday + offset).padStart(2, "0")}`;
  await submittedOrder({
    numbers: [number],
    at: at(`${day(0)}T09:00:00Z`),
    requestedFocDate: day(2),
    organizationId,
    country: "IE",
  });
  await driveCarrier(at(`${day(1)}T09:00:00Z`));
  expect(await driveCarrier(at(`${day(2)}T10:00:00Z`))).toMatchObject({ completed: 1 });
  const prisma = await getPrisma();
  const ported = await prisma.numberConfiguration.findFirstOrThrow({ where: { number } });
  expect(ported).toMatchObject({ status: "pending_documents", inventoryNumberId: null });
  expect(ported.documentsDue).not.toBeNull();
  return ported;
}

/** A bundle of org_acme for `country` local, pending review, holding a document of each type. */
async function submittedBundle(country: string, documentTypes: readonly string[]) {
  const prisma = await getPrisma();
  const { endUserId } = await makeEndUserAndAddress("org_acme");
  const bundleId = newId("bundle");
  await prisma.complianceBundle.create({
    data: {
      id: bundleId,
      organizationId: "org_acme",
      countryId: country,
      numberTypeId: "local",
      endUserId,
      status: "pending_review",
    },
  });
  for (const [position, documentTypeId] of documentTypes.entries()) {
    const documentId = newId("document");
    await prisma.complianceDocument.create({
      data: {
        id: documentId,
        organizationId: "org_acme",
        documentTypeId,
        endUserId,
        contentType: "application/pdf",
        size: 1,
        sha256: "0".repeat(64),
      },
    });
    await prisma.complianceBundleDocument.create({ data: { bundleId, documentId, position } });
  }
  return bundleId;
}

async function approve(bundleId: string) {
  const approved = await api<{ data: { status: string } }>("POST", `/bundles/${bundleId}/approve`, {
    token: "support",
  });
  expect(approved.status).toBe(200);
  expect(approved.body.data.status).toBe("approved");
}

describe("a ported number pending documents", () => {
  it("is activated by approving a bundle of its destination holding its product's documents, not another's", async () => {
    const ported = await portIn("+442079470311", "org_acme", 8);
    const prisma = await getPrisma();

    // The same documents, for another country: the number stays pending.
    await approve(await submittedBundle("DE", irishDocuments));
    expect(await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: ported.id } })).toMatchObject({
      status: "pending_documents",
      documentsDue: ported.documentsDue,
    });

    const bundleId = await submittedBundle("IE", irishDocuments);
    await approve(bundleId);
    const view = await get<{ data: { status: string; documents_due: string | null } }>(
      `/numbers/${ported.id}`,
      { token: "acmeAll" },
    );
    expect(view.body.data).toMatchObject({ status: "active", documents_due: null });

    const events = await get<{ data: { type: string; data: { number_id?: string; status: string } }[] }>(
      "/events?limit=100",
      { token: "acmeAll" },
    );
    const activated = events.body.data.filter(
      (entry) => entry.type === "number.activated" && entry.data.number_id === ported.id,
    );
    // Newest first: the approval's, then the FOC's (the port's own activation, still pending).
    expect(activated.map((entry) => entry.data.status)).toEqual(["active", "pending_documents"]);

    const audits = await prisma.auditEvent.findMany({
      where: { action: "number.activated", resourceId: ported.id, actorType: "support" },
    });
    // The approval's one entry (the FOC wrote its own, by the system).
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: "usr_numbers_support" });
    expect(audits[0].changes).toEqual([
      { field: "status", from: "pending_documents", to: "active" },
      { field: "documents_due", from: ported.documentsDue?.toISOString(), to: null },
      { field: "bundle_id", from: null, to: bundleId },
    ]);
    const history = await prisma.configurationChange.findMany({
      where: { configurationId: ported.id, kind: "activated", actorRole: "support" },
    });
    // The approval's one entry, after the FOC's.
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ actorName: "test support", actorRole: "support" });
    expect(history[0].before).toMatchObject({ status: "pending_documents" });
    expect(history[0].after).toMatchObject({ status: "active", documents_due: null });
  });

  it("is released by the deadline sweep at documents_due when no bundle covers it", async () => {
    // Ported a week before the other test's number, so its deadline comes first.
    const ported = await portIn("+442079470312", "org_ported_late", 1);
    const due = ported.documentsDue as Date;
    const prisma = await getPrisma();

    // A moment before the deadline it is only reminded of; at the deadline it is released.
    expect((await sweepDocumentDeadlines(new Date(due.getTime() - 1000))).released).toBe(0);
    expect((await sweepDocumentDeadlines(due)).released).toBe(1);
    const released = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: ported.id } });
    expect(released.status).toBe("aging");
    const overdue = await prisma.event.findMany({
      where: { organizationId: "org_ported_late", type: "number.documents_overdue" },
    });
    expect(overdue).toHaveLength(1);
    const audits = await prisma.auditEvent.findMany({
      where: { action: "number.documents_overdue", resourceId: ported.id },
    });
    expect(audits[0].changes).toEqual([{ field: "documents_due", from: due.toISOString(), to: null }]);
    // Never active: the monthly part the FOC charged is given back, the setup fee is not.
    const ledger = await prisma.ledgerEntry.findMany({
      where: { numberId: ported.id, kind: { in: ["prorated_fee", "credit"] } },
      orderBy: { createdAt: "asc" },
    });
    expect(ledger.map((entry) => [entry.kind, entry.amountMinor])).toEqual([
      ["prorated_fee", ledger[0].amountMinor],
      ["credit", -ledger[0].amountMinor],
    ]);
    expect(ledger[0].amountMinor).toBeLessThan(0n); // a charge takes from the balance
  });

  it("needs documents GET /requirements lists for its country and type, as every number of a region", async () => {
    const requirements = await get<{
      data: { regions: { document_types: { id: string; applies_to: string }[] }[] };
    }>("/requirements/IE/local", { token: "acmeAll" });
    const everyNumber = requirements.body.data.regions.map((region) =>
      region.document_types.filter((type) => type.applies_to === "every_number").map((type) => type.id),
    );
    expect(everyNumber.some((types) => irishDocuments.every((id) => types.includes(id)))).toBe(true);
  });
});
