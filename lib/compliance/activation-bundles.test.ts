import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import {
  create,
  createEndUsers,
  endUser,
  globexEndUser,
  insertBundle,
  numbersNeedingDocuments,
  order,
  storeDocument,
  type NumberView,
  type One,
  type Placed,
} from "@/lib/compliance/activation-fixtures";

// docs/CONTRACT.md §17 through the API: a rejected bundle activates nothing and tells the members
// who can act; a geography item naming an approved bundle may take numbers that need its documents.

beforeAll(createEndUsers);

describe("rejecting a bundle", () => {
  it("emails the members who can act with the reason and notes, activating nothing", async () => {
    const prisma = await getPrisma();
    const [waiting] = await numbersNeedingDocuments(1, 30);
    // Globex's number: Acme's approved bundle covers nothing of Globex's.
    const placed = await api<One<Placed>>("POST", "/order", {
      token: "globexAll",
      body: { contact_name: "Globex", items: [{ number_e164: waiting }] },
    });
    expect(placed.body.data.numbers[0].status).toBe("pending_documents");
    const bundle = await insertBundle("org_globex", globexEndUser, { status: "draft" });
    await prisma.complianceBundle.update({
      where: { id: bundle },
      data: { status: "pending_review", submittedAt: new Date() },
    });
    const rejected = await api("POST", `/bundles/${bundle}/reject`, {
      token: "support",
      body: { reason: "The address is not legible.", notes: [] },
    });
    expect(rejected.status).toBe(200);
    const emails = await prisma.emailMessage.findMany({ where: { kind: "bundle_rejected" } });
    const globexActing = await prisma.user.findMany({
      where: { organizationId: "org_globex", role: { in: ["owner", "admin", "billing"] } },
      select: { email: true },
    });
    expect(emails.map((email) => email.to).sort()).toEqual(globexActing.map((user) => user.email).sort());
    expect(emails[0].subject).toBe("Your DE Local bundle of Hank Scorpio needs changes");
    expect(emails[0].text).toContain("Reason: The address is not legible.");
    const view = await get<One<NumberView[]>>(`/numbers?number=${encodeURIComponent(waiting)}`, {
      token: "globexAll",
    });
    expect(view.body.data[0].status).toBe("pending_documents");
  });
});

describe("a geography item naming a bundle", () => {
  it("may take numbers needing the bundle's documents beyond the product's, active at once", async () => {
    const prisma = await getPrisma();
    // US local products need no document, while some US local numbers need a proof of address.
    const needing = await prisma.inventoryNumber.findFirstOrThrow({
      where: {
        countryId: "US",
        numberTypeId: "local",
        status: "available",
        requiredDocumentIds: { has: "proof_of_address" },
      },
      orderBy: { numberE164: "asc" },
    });
    expect(needing.requiredDocumentIds).toEqual(["proof_of_address"]);
    const free = await prisma.inventoryNumber.count({
      where: { regionId: needing.regionId, status: "available", requiredDocumentIds: { isEmpty: true } },
    });
    const product = await prisma.product.findFirstOrThrow({
      where: { regionId: needing.regionId, requiredDocuments: { none: {} } },
      orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
    });
    const newYork = await create<{ address_id: string }>("/addresses", {
      street: "350 Fifth Avenue",
      city: "New York",
      postal_code: "10118",
      country: "US",
    });
    const proof = await storeDocument("org_acme", endUser, "proof_of_address", newYork.address_id);
    const bundle = newId("bundle");
    await prisma.complianceBundle.create({
      data: {
        id: bundle,
        organizationId: "org_acme",
        countryId: "US",
        numberTypeId: "local",
        endUserId: endUser,
        status: "approved",
        documents: { create: [{ documentId: proof, position: 0 }] },
      },
    });
    const item = { country: "US", number_type: "local", region: needing.regionId, product_id: product.id };

    // Without the bundle the product's numbers are the free ones only: the rest is back-ordered.
    const without = await order([{ ...item, quantity: free + 1 }]);
    expect(without.body.data.numbers.map((number) => number.status)).toEqual(Array(free).fill("active"));
    const withBundle = await order([{ ...item, quantity: 1, bundle_id: bundle }]);
    expect(withBundle.status).toBe(200);
    expect(withBundle.body.data.numbers).toMatchObject([
      { number_e164: needing.numberE164, status: "active", documents_due: null },
    ]);
    const events = await get<One<{ type: string; data: { number: string } }[]>>(
      "/events?type=number.activated&limit=100",
      { token: "acmeAll" },
    );
    expect(events.body.data.filter((entry) => entry.data.number === needing.numberE164)).toHaveLength(1);
  });
});
