import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import {
  COUNTRY,
  TYPE,
  createEndUsers,
  endUser,
  globexEndUser,
  insertBundle,
  numberView,
  numbersNeedingDocuments,
  order,
  submittedBundle,
  type One,
} from "@/lib/compliance/activation-fixtures";

// docs/CONTRACT.md §17, activation gated by documents, through the API: a sale pending documents, an
// order item naming a bundle (and each way it can be wrong), an approval activating the
// organization's pending numbers, and the words inventory search says about each number. These
// tests build on each other (the approval activates the first test's number too); a rejected
// bundle and a geography item naming a bundle are in activation-bundles.test.ts.

type InventoryNumber = {
  number_e164: string;
  required_documents: { document_type_id: string }[];
  activatable_now: boolean;
  covering_bundle_id: string | null;
  activation_note: string;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const invalidBundle = (field: string, bundleId: string, problem: string) =>
  errorBody(
    "Bad Request",
    "invalid_bundle",
    `${field}: bundle ${bundleId} ${problem}. Nothing was ordered.`,
    `${field}=${bundleId}`,
  );

beforeAll(createEndUsers);

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
