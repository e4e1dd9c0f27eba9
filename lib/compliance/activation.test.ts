import { createHash } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";

// docs/CONTRACT.md §17, activation gated by documents, through the API: a sale pending documents, an
// order item naming a bundle (and each way it can be wrong), an approval activating the
// organization's pending numbers, and the words inventory search says about each number.

type One<T> = { data: T };
type Placed = {
  reference_id: string;
  numbers: { number_e164: string; status: string; documents_due: string | null }[];
};
type NumberView = {
  number_id: string;
  number: string;
  status: string;
  documents_due: string | null;
  purchased_at: string;
};
type InventoryNumber = {
  number_e164: string;
  required_documents: { document_type_id: string }[];
  activatable_now: boolean;
  covering_bundle_id: string | null;
  activation_note: string;
};

const COUNTRY = "DE";
const TYPE = "local";
const DAY_MS = 24 * 60 * 60 * 1000;

const invalidBundle = (field: string, bundleId: string, problem: string) =>
  errorBody(
    "Bad Request",
    "invalid_bundle",
    `${field}: bundle ${bundleId} ${problem}. Nothing was ordered.`,
    `${field}=${bundleId}`,
  );

async function create<T>(
  path: string,
  body: unknown,
  token: "acmeAll" | "globexAll" = "acmeAll",
): Promise<T> {
  const response = await api<One<T>>("POST", path, { token, body });
  expect(response.status).toBe(201);
  return response.body.data;
}

async function storeDocument(
  organizationId: string,
  endUserId: string,
  documentTypeId: string,
  addressId: string | null,
): Promise<string> {
  const prisma = await getPrisma();
  const id = newId("document");
  const bytes = Buffer.from(`%PDF-1.4 ${id}`);
  await prisma.complianceDocument.create({
    data: {
      id,
      organizationId,
      documentTypeId,
      endUserId,
      addressId,
      fileName: `${documentTypeId}.pdf`,
      contentType: "application/pdf",
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    },
  });
  return id;
}

/** Acme's bundle for DE local numbers with a document of every type they require, submitted. */
async function submittedBundle(): Promise<string> {
  const requirements = await get<One<{ regions: { document_types: { id: string }[] }[] }>>(
    `/requirements/${COUNTRY}/${TYPE}`,
    { token: "acmeAll" },
  );
  const types = [
    ...new Set(requirements.body.data.regions.flatMap((region) => region.document_types.map((t) => t.id))),
  ];
  const documentIds = [];
  for (const type of types) documentIds.push(await storeDocument("org_acme", endUser, type, berlin));
  const bundle = await create<{ bundle_id: string }>("/bundles", {
    country: COUNTRY,
    number_type: TYPE,
    end_user_id: endUser,
    document_ids: documentIds,
  });
  const submitted = await api("POST", `/bundles/${bundle.bundle_id}/submit`, { token: "acmeAll" });
  expect(submitted.status).toBe(200);
  return bundle.bundle_id;
}

/** A bundle row as another state would leave it, for the order's bundle_id checks. */
async function insertBundle(
  organizationId: string,
  endUserId: string,
  values: { status: "draft" | "approved"; numberTypeId?: string; validUntil?: Date | null },
): Promise<string> {
  const prisma = await getPrisma();
  const id = newId("bundle");
  await prisma.complianceBundle.create({
    data: {
      id,
      organizationId,
      countryId: COUNTRY,
      numberTypeId: values.numberTypeId ?? TYPE,
      endUserId,
      status: values.status,
      validUntil: values.validUntil ?? null,
    },
  });
  return id;
}

/** Available DE local numbers that need documents, lowest first. */
async function numbersNeedingDocuments(count: number, skip = 0): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.inventoryNumber.findMany({
    where: {
      countryId: COUNTRY,
      numberTypeId: TYPE,
      status: "available",
      NOT: { requiredDocumentIds: { isEmpty: true } },
    },
    orderBy: { numberE164: "asc" },
    skip,
    take: count,
    select: { numberE164: true },
  });
  expect(rows).toHaveLength(count);
  return rows.map((row) => row.numberE164);
}

async function order(items: Record<string, unknown>[]) {
  return api<One<Placed>>("POST", "/order", {
    token: "acmeAll",
    body: { contact_name: "Gating test", items },
  });
}

async function numberView(e164: string): Promise<NumberView> {
  const response = await get<One<NumberView[]>>(`/numbers?number=${encodeURIComponent(e164)}`, {
    token: "acmeAll",
  });
  expect(response.body.data).toHaveLength(1);
  return response.body.data[0];
}

let endUser: string;
let berlin: string;
let globexEndUser: string;

beforeAll(async () => {
  endUser = (
    await create<{ end_user_id: string }>("/end_users", {
      type: "business",
      name: "Erika Mustermann",
      business_name: "Acme GmbH",
      registration_number: "HRB 12345",
      email: "erika@acme.example",
    })
  ).end_user_id;
  berlin = (
    await create<{ address_id: string }>("/addresses", {
      street: "Unter den Linden 1",
      city: "Berlin",
      postal_code: "10117",
      country: COUNTRY,
    })
  ).address_id;
  globexEndUser = (
    await create<{ end_user_id: string }>(
      "/end_users",
      { type: "individual", name: "Hank Scorpio" },
      "globexAll",
    )
  ).end_user_id;
});

describe("a sale needing documents no approved bundle covers", () => {
  it("is pending_documents until documents_due, configurable, routing no call", async () => {
    const [needing] = await numbersNeedingDocuments(1);
    const prisma = await getPrisma();
    const free = await prisma.inventoryNumber.findFirstOrThrow({
      where: { status: "available", requiredDocumentIds: { isEmpty: true } },
      orderBy: { numberE164: "asc" },
    });
    const placed = await order([{ number_e164: needing }, { number_e164: free.numberE164 }]);
    expect(placed.status).toBe(200);
    const [first, second] = placed.body.data.numbers;
    expect(first).toMatchObject({ number_e164: needing, status: "pending_documents" });
    expect(second).toMatchObject({ number_e164: free.numberE164, status: "active", documents_due: null });

    const pending = await numberView(needing);
    expect(pending.status).toBe("pending_documents");
    expect(pending.documents_due).toBe(first.documents_due);
    // DOCUMENTS_DUE_DAYS (14) after the sale, the sale being this request.
    const after = Date.parse(pending.documents_due ?? "") - Date.parse(pending.purchased_at);
    expect(Math.abs(after - 14 * DAY_MS)).toBeLessThan(5_000);
    expect((await numberView(free.numberE164)).status).toBe("active");

    // Configurable: a rule can be set while it waits.
    const read = await get(`/numbers/${pending.number_id}`, { token: "acmeAll" });
    const put = await api("PUT", `/numbers/${pending.number_id}`, {
      token: "acmeAll",
      headers: { "If-Match": read.headers.get("ETag") ?? "" },
      body: { name: "Berlin office", rules: [{ name: "Hang up", priority: 1, action: { type: "hangup" } }] },
    });
    expect(put.status).toBe(200);
    const rule = await get<One<{ rule: unknown; reason: string }>>(
      `/numbers/${pending.number_id}/active_rule`,
      {
        token: "acmeAll",
      },
    );
    expect(rule.body.data.rule).toBeNull();
    expect(rule.body.data.reason).toBe(
      `No rule applies: the number is pending documents, so no call to it is routed until an approved compliance bundle covers the documents it requires; if none covers it by ${pending.documents_due}, the number is released.`,
    );
  });
});

describe("bundle_id on an order item", () => {
  it("answers 400 invalid_bundle for each wrong bundle, ordering nothing", async () => {
    const prisma = await getPrisma();
    const [wanted] = await numbersNeedingDocuments(1, 5);
    const draft = await insertBundle("org_acme", endUser, { status: "draft" });
    const expired = await insertBundle("org_acme", endUser, {
      status: "approved",
      validUntil: new Date("2020-01-31T00:00:00Z"),
    });
    const mobile = await insertBundle("org_acme", endUser, { status: "approved", numberTypeId: "mobile" });
    const globex = await insertBundle("org_globex", globexEndUser, { status: "approved" });
    const field = "items.0.bundle_id";
    const cases: Array<[string, ReturnType<typeof invalidBundle>]> = [
      ["bnd_doesnotexist", invalidBundle(field, "bnd_doesnotexist", "names no bundle of your organization")],
      [globex, invalidBundle(field, globex, "names no bundle of your organization")],
      [draft, invalidBundle(field, draft, "is draft, not approved")],
      [expired, invalidBundle(field, expired, "expired on 2020-01-31")],
      [mobile, invalidBundle(field, mobile, "is for DE mobile numbers, not DE local")],
    ];
    const orders = await prisma.order.count();
    for (const [bundleId, body] of cases) {
      const response = await order([{ number_e164: wanted, bundle_id: bundleId }]);
      expect({ bundleId, status: response.status, body: response.body }).toEqual({
        bundleId,
        status: 400,
        body,
      });
    }
    const geography = await order([
      { country: COUNTRY, number_type: TYPE, region: "DE-BE-BERLIN-30", quantity: 1, bundle_id: draft },
    ]);
    expect(geography.body).toEqual(invalidBundle(field, draft, "is draft, not approved"));
    expect(await prisma.order.count()).toBe(orders);
    expect((await prisma.inventoryNumber.findUniqueOrThrow({ where: { numberE164: wanted } })).status).toBe(
      "available",
    );
    const malformed = await order([{ number_e164: wanted, bundle_id: "nope" }]);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ error: { code: "invalid_parameter" } });
  });
});

describe("approving a covering bundle", () => {
  let bundleId: string;
  let pendingNumbers: string[];

  it("activates every pending number of the organization it covers, in its transaction", async () => {
    pendingNumbers = await numbersNeedingDocuments(3, 10);
    const placed = await order(pendingNumbers.map((number_e164) => ({ number_e164 })));
    expect(placed.body.data.numbers.map((number) => number.status)).toEqual([
      "pending_documents",
      "pending_documents",
      "pending_documents",
    ]);
    bundleId = await submittedBundle();
    const prisma = await getPrisma();
    const pendingBefore = await prisma.numberConfiguration.findMany({
      where: { organizationId: "org_acme", status: "pending_documents" },
      select: { id: true, number: true },
      orderBy: { number: "asc" },
    });
    // The first test's number is pending too: approval activates it as well.
    expect(pendingBefore.length).toBe(4);

    const approved = await api<One<{ status: string }>>("POST", `/bundles/${bundleId}/approve`, {
      token: "support",
    });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe("approved");
    for (const number of pendingBefore) {
      const view = await numberView(number.number);
      expect({ number: number.number, status: view.status, due: view.documents_due }).toEqual({
        number: number.number,
        status: "active",
        due: null,
      });
    }

    const events = await get<
      One<{ type: string; data: { number_id?: string; bundle_id?: string; status: string } }[]>
    >("/events?limit=100", { token: "acmeAll" });
    const activated = events.body.data.filter((entry) => entry.type === "number.activated");
    expect(activated.map((entry) => entry.data.number_id).sort()).toEqual(
      pendingBefore.map((row) => row.id).sort(),
    );
    expect(activated.every((entry) => entry.data.status === "active")).toBe(true);
    const statusChanges = events.body.data
      .filter((entry) => entry.type === "bundle.status_changed" && entry.data.bundle_id === bundleId)
      .map((entry) => entry.data.status);
    // Newest first: submitted, then approved.
    expect(statusChanges).toEqual(["approved", "pending_review"]);

    const audits = await prisma.auditEvent.findMany({
      where: { action: "number.activated", organizationId: "org_acme" },
      orderBy: { resourceId: "asc" },
    });
    expect(audits.map((entry) => entry.resourceId)).toEqual(pendingBefore.map((row) => row.id).sort());
    expect(audits[0]).toMatchObject({ actorType: "support", actorId: "usr_numbers_support" });
    expect(audits[0].changes).toEqual([
      { field: "status", from: "pending_documents", to: "active" },
      { field: "documents_due", from: expect.any(String), to: null },
      { field: "bundle_id", from: null, to: bundleId },
    ]);

    // The history keeps the pending version: active_rule before the approval says why.
    const history = await prisma.configurationChange.findMany({
      where: { configurationId: pendingBefore[0].id, kind: "activated" },
    });
    expect(history).toHaveLength(1);
    // Approved with support's token: the history names the token, as for any change by token.
    expect(history[0]).toMatchObject({ actorName: "test support", actorRole: "support" });
    // And GET /numbers/{id}/history reads it as an activation (it answered 500 before the
    // response schema knew the kind).
    const listed = await get<One<{ kind: string; changed_by: { name: string } }[]>>(
      `/numbers/${pendingBefore[0].id}/history`,
      { token: "acmeAll" },
    );
    expect(listed.status).toBe(200);
    expect(listed.body.data[0]).toMatchObject({ kind: "activated", changed_by: { name: "test support" } });

    // The members who can act (owner, admin, billing) are emailed, one message each.
    const acting = await prisma.user.findMany({
      where: { organizationId: "org_acme", role: { in: ["owner", "admin", "billing"] } },
      select: { email: true },
      orderBy: { email: "asc" },
    });
    const emails = await prisma.emailMessage.findMany({
      where: { kind: "bundle_approved" },
      orderBy: { to: "asc" },
    });
    expect(emails.map((email) => email.to)).toEqual(acting.map((user) => user.email));
    // Named as the portal names it: country, type and end user, never the bundle's id.
    expect(emails[0].subject).toBe("Your DE Local bundle of Erika Mustermann is approved");
    expect(emails[0].text).not.toContain(bundleId);
    expect(emails[0].text).toContain(
      `4 numbers are now active and routing calls: ${pendingBefore.map((row) => row.number).join(", ")}.`,
    );
  });

  it("lets an order item name the approved bundle: its numbers are active at once", async () => {
    const [named] = await numbersNeedingDocuments(1, 20);
    const placed = await order([{ number_e164: named, bundle_id: bundleId }]);
    expect(placed.status).toBe(200);
    expect(placed.body.data.numbers[0]).toMatchObject({ status: "active", documents_due: null });
    const view = await numberView(named);
    expect(view.status).toBe("active");
    const events = await get<One<{ type: string; data: { number: string } }[]>>(
      "/events?type=number.activated&limit=100",
      { token: "acmeAll" },
    );
    expect(events.body.data.filter((entry) => entry.data.number === named)).toHaveLength(1);
    const detail = await get<One<{ items: { bundle_id: string | null }[] }>>(
      `/orders/${placed.body.data.reference_id}`,
      { token: "acmeAll" },
    );
    expect(detail.body.data.items[0].bundle_id).toBe(bundleId);
  });

  it("says in inventory search what each number needs and whether the bundle covers it", async () => {
    const covered = await get<InventoryNumber[]>(
      `/inventory/${COUNTRY}/${TYPE}?activatable_now=true&limit=1000`,
      {
        token: "acmeAll",
      },
    );
    expect(covered.status).toBe(200);
    expect(covered.body.length).toBeGreaterThan(0);
    expect(covered.body.every((number) => number.activatable_now)).toBe(true);
    const withDocuments = covered.body.find((number) => number.required_documents.length > 0);
    expect(withDocuments?.covering_bundle_id).toBe(bundleId);
    expect(withDocuments?.activation_note).toMatch(
      new RegExp(
        `^Needs .+; your approved bundle ${bundleId} covers them: active as soon as it is bought\\.$`,
      ),
    );

    // Globex's only approved DE local bundle (from the bundle_id test) holds no document.
    const globex = await get<InventoryNumber[]>(`/inventory/${COUNTRY}/${TYPE}?limit=1000`, {
      token: "globexAll",
    });
    const needing = globex.body.filter((number) => number.required_documents.length > 0);
    expect(needing.length).toBeGreaterThan(0);
    expect(needing[0]).toMatchObject({ activatable_now: false, covering_bundle_id: null });
    expect(needing[0].activation_note).toMatch(
      /^Needs .+; your approved bundles lack .+: bought now, it would wait pending documents until a bundle that covers them is approved\.$/,
    );
    const free = globex.body.filter((number) => number.required_documents.length === 0);
    for (const number of free)
      expect(number).toMatchObject({
        activatable_now: true,
        covering_bundle_id: null,
        activation_note: "Needs no documents: active as soon as it is bought.",
      });
    const globexActivatable = await get<InventoryNumber[]>(
      `/inventory/${COUNTRY}/${TYPE}?activatable_now=true&limit=1000`,
      { token: "globexAll" },
    );
    expect(globexActivatable.body.map((number) => number.number_e164)).toEqual(
      free.map((number) => number.number_e164),
    );
    const globexNot = await get<InventoryNumber[]>(
      `/inventory/${COUNTRY}/${TYPE}?activatable_now=false&limit=1000`,
      {
        token: "globexAll",
      },
    );
    expect(globexNot.body.map((number) => number.number_e164)).toEqual(
      needing.map((number) => number.number_e164),
    );
    expect(Number(globexNot.headers.get("X-Total-Count"))).toBe(needing.length);
  });
});

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
