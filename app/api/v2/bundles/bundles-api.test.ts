import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { expireDueBundles } from "@/lib/compliance/bundle-expiry";
import {
  bad,
  berlin,
  create,
  createBundleParties,
  endUser,
  expiredProof,
  globexProof,
  localBerlin,
  proofBerlin,
  proofParis,
  transition,
  type Bundle,
  type Evaluation,
  type One,
} from "@/app/api/v2/bundles/bundle-fixtures";

// A compliance bundle through the API (docs/CONTRACT.md §17), from draft to approved and expired;
// each test builds on the one before. End users and addresses are in end-users-addresses.test.ts.

beforeAll(createBundleParties);

describe("a bundle from draft to approved", () => {
  let bundle: string;

  it("is created draft; evaluate names every missing document", async () => {
    const created = await create<Bundle>("/bundles", {
      country: "de",
      number_type: "local",
      end_user_id: endUser,
    });
    bundle = created.bundle_id;
    expect(created.status).toBe("draft");
    expect(created.organization_id).toBe("org_acme");
    const evaluation = await api<One<Evaluation>>("POST", `/bundles/${bundle}/evaluate`, {
      token: "acmeAll",
    });
    expect(evaluation.status).toBe(200);
    expect(evaluation.body.data).toEqual({
      compliant: false,
      failures: [
        { requirement: "local_address", reason: "No Address in the area is in the bundle." },
        { requirement: "proof_of_address", reason: "No Proof of address is in the bundle." },
      ],
    });
  });

  it("says an expired document and an address outside the country, and refuses to submit", async () => {
    let response = await api<One<Bundle>>("PATCH", `/bundles/${bundle}`, {
      token: "acmeAll",
      body: { document_ids: [localBerlin, expiredProof] },
    });
    expect(response.status).toBe(200);
    let evaluation = await api<One<Evaluation>>("POST", `/bundles/${bundle}/evaluate`, { token: "acmeAll" });
    expect(evaluation.body.data.failures).toEqual([
      { requirement: "proof_of_address", reason: `Proof of address ${expiredProof} expired on 2020-01-31.` },
    ]);
    response = await api<One<Bundle>>("PATCH", `/bundles/${bundle}`, {
      token: "acmeAll",
      body: { document_ids: [localBerlin, proofParis] },
    });
    expect(response.status).toBe(200);
    evaluation = await api<One<Evaluation>>("POST", `/bundles/${bundle}/evaluate`, { token: "acmeAll" });
    const failure = {
      requirement: "proof_of_address",
      reason: `The address of Proof of address ${proofParis} is in FR; it must be in DE.`,
    };
    expect(evaluation.body.data).toEqual({ compliant: false, failures: [failure] });
    const submit = await api("POST", `/bundles/${bundle}/submit`, { token: "acmeAll" });
    expect(submit.status).toBe(400);
    expect(submit.body).toEqual(
      errorBody(
        "Bad Request",
        "bundle_not_compliant",
        `Bundle ${bundle} does not meet 1 requirement(s): ${failure.reason}`,
        `proof_of_address: ${failure.reason}`,
      ),
    );
    expect((await get<One<Bundle>>(`/bundles/${bundle}`, { token: "acmeAll" })).body.data.status).toBe(
      "draft",
    );
  });

  it("refuses another organization's document in the bundle, changing nothing", async () => {
    const response = await api("PATCH", `/bundles/${bundle}`, {
      token: "acmeAll",
      body: { document_ids: [localBerlin, globexProof] },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      bad(
        `document_ids names documents the organization does not have: ${globexProof}`,
        `body.document_ids=${globexProof}`,
      ),
    );
    const after = await get<One<Bundle>>(`/bundles/${bundle}`, { token: "acmeAll" });
    expect(after.body.data.document_ids).toEqual([localBerlin, proofParis]);
  });

  it("submits a compliant bundle to pending_review, then refuses edits and a second submit", async () => {
    await api("PATCH", `/bundles/${bundle}`, {
      token: "acmeAll",
      body: { document_ids: [localBerlin, proofBerlin] },
    });
    const submit = await api<One<Bundle>>("POST", `/bundles/${bundle}/submit`, { token: "acmeAll" });
    expect(submit.status).toBe(200);
    expect(submit.body.data.status).toBe("pending_review");
    const again = await api("POST", `/bundles/${bundle}/submit`, { token: "acmeAll" });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(transition("pending_review", "submit", "submitted"));
    const edit = await api("PATCH", `/bundles/${bundle}`, { token: "acmeAll", body: { document_ids: [] } });
    expect(edit.status).toBe(400);
    expect(edit.body).toEqual(transition("pending_review", "edit", "edited"));
    const prisma = await getPrisma();
    const audit = await prisma.auditEvent.findMany({
      where: { resourceId: bundle, action: "bundle.submitted" },
      select: { organizationId: true, actorType: true, changes: true },
    });
    expect(audit).toEqual([
      {
        organizationId: "org_acme",
        actorType: "token",
        changes: [{ field: "status", from: "draft", to: "pending_review" }],
      },
    ]);
  });

  it("keeps documents and addresses of a submitted bundle: 409 document_in_use", async () => {
    const remove = await api("DELETE", `/documents/${proofBerlin}`, { token: "acmeAll" });
    expect(remove.status).toBe(409);
    expect(remove.body).toEqual(
      errorBody(
        "Conflict",
        "document_in_use",
        `Document ${proofBerlin} is in bundle ${bundle}, which is pending_review; it cannot be deleted.`,
        `document_id=${proofBerlin}, bundle_id=${bundle}`,
      ),
    );
    const change = await api("PATCH", `/addresses/${berlin}`, {
      token: "acmeAll",
      body: { street: "Pariser Platz 1" },
    });
    expect(change.status).toBe(409);
    expect(change.body).toEqual(
      errorBody(
        "Conflict",
        "document_in_use",
        `Address ${berlin} is used by submitted bundle ${bundle} and cannot change; add a new address instead.`,
        `address_id=${berlin}, bundle_id=${bundle}`,
      ),
    );
    expect(
      (await get<One<{ street: string }>>(`/addresses/${berlin}`, { token: "acmeAll" })).body.data.street,
    ).toBe("Unter den Linden 1");
  });

  it("lets only support approve or reject", async () => {
    for (const action of ["approve", "reject"]) {
      const response = await api("POST", `/bundles/${bundle}/${action}`, {
        token: "acmeAll",
        body: action === "reject" ? { reason: "no" } : undefined,
      });
      expect(response.status).toBe(401);
      expect(response.body).toEqual(
        errorBody("Unauthorized", "role_forbidden", `Only support may ${action} a bundle.`, "role=support"),
      );
    }
  });

  it("puts it in support's queue across organizations, oldest submission first; customers see their own", async () => {
    const globexUser = await get<{ data: { end_user_id: string }[] }>("/end_users", { token: "globexAll" });
    const later = await create<Bundle>(
      "/bundles",
      { country: "US", number_type: "toll_free", end_user_id: globexUser.body.data[0].end_user_id },
      "globexAll",
    );
    // Submitted a minute after acme's (what US toll-free needs is not this test's subject).
    const prisma = await getPrisma();
    const first = await prisma.complianceBundle.findUniqueOrThrow({ where: { id: bundle } });
    await prisma.complianceBundle.update({
      where: { id: later.bundle_id },
      data: { status: "pending_review", submittedAt: new Date(first.submittedAt!.getTime() + 60_000) },
    });
    const queue = await get<{ data: Bundle[] }>("/bundles?status=pending_review", { token: "support" });
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((item) => item.bundle_id)).toEqual([bundle, later.bundle_id]);
    const own = await get<{ data: Bundle[] }>("/bundles?status=pending_review", { token: "globexAll" });
    expect(own.body.data.map((item) => item.bundle_id)).toEqual([later.bundle_id]);
    const filtered = await get("/bundles?organization_id=org_acme", { token: "globexAll" });
    expect(filtered.status).toBe(400);
    expect((await get(`/bundles/${bundle}`, { token: "globexAll" })).status).toBe(404);
  });

  it("rejects with a reason and notes; an edit makes it a draft again", async () => {
    const stranger = await api("POST", `/bundles/${bundle}/reject`, {
      token: "support",
      body: { reason: "Blurred", notes: [{ document_id: proofParis, note: "?" }] },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body).toEqual(
      bad(
        `notes name documents that are not in bundle ${bundle}: ${proofParis}`,
        `body.notes.document_id=${proofParis}`,
      ),
    );
    const rejected = await api<One<Bundle>>("POST", `/bundles/${bundle}/reject`, {
      token: "support",
      body: {
        reason: "The proof of address is unreadable",
        notes: [{ document_id: proofBerlin, note: "Blurred scan" }],
      },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.status).toBe("rejected");
    expect(rejected.body.data.rejection).toEqual({
      reason: "The proof of address is unreadable",
      notes: [{ document_id: proofBerlin, note: "Blurred scan" }],
    });
    const approve = await api("POST", `/bundles/${bundle}/approve`, { token: "support" });
    expect(approve.body).toEqual(transition("rejected", "approve", "approved"));
    const edited = await api<One<Bundle>>("PATCH", `/bundles/${bundle}`, { token: "acmeAll", body: {} });
    expect(edited.body.data.status).toBe("draft");
  });

  it("approves a resubmitted bundle until its earliest document expiry, then it expires", async () => {
    expect((await api("POST", `/bundles/${bundle}/submit`, { token: "acmeAll" })).status).toBe(200);
    const approved = await api<One<Bundle>>("POST", `/bundles/${bundle}/approve`, { token: "support" });
    expect(approved.status).toBe(200);
    expect(approved.body.data.status).toBe("approved");
    expect(approved.body.data.valid_until).toBe("2027-03-31");
    expect(approved.body.data.rejection).toBeNull();
    const twice = await api("POST", `/bundles/${bundle}/approve`, { token: "support" });
    expect(twice.status).toBe(400);
    expect(twice.body).toEqual(transition("approved", "approve", "approved"));
    // The worker's housekeeping, on its injected clock: nothing the last day, then once, even
    // when two passes run at once.
    expect(await expireDueBundles(new Date("2027-03-31T23:59:59Z"))).toBe(0);
    const expiry = new Date("2027-04-01T00:00:00Z");
    const passes = await Promise.all([expireDueBundles(expiry), expireDueBundles(expiry)]);
    expect(passes.sort()).toEqual([0, 1]);
    const prisma = await getPrisma();
    expect((await prisma.complianceBundle.findUniqueOrThrow({ where: { id: bundle } })).status).toBe(
      "expired",
    );
    const changes = await prisma.event.findMany({
      where: { type: "bundle.status_changed", data: { path: ["bundle_id"], equals: bundle } },
      orderBy: { seq: "asc" },
    });
    const last = changes.at(-1)!;
    expect(last.data).toMatchObject({ bundle_id: bundle, status: "expired", valid_until: "2027-03-31" });
    expect(last.createdAt).toEqual(expiry);
    expect(changes.filter((change) => (change.data as { status: string }).status === "expired")).toHaveLength(
      1,
    );
    const audit = await prisma.auditEvent.findMany({
      where: { resourceId: bundle },
      orderBy: { at: "asc" },
      select: { action: true, actorType: true },
    });
    expect(audit.map((entry) => `${entry.action}:${entry.actorType}`)).toEqual([
      "bundle.created:token",
      "bundle.updated:token",
      "bundle.updated:token",
      "bundle.updated:token",
      "bundle.submitted:token",
      "bundle.rejected:support",
      "bundle.updated:token",
      "bundle.submitted:token",
      "bundle.approved:support",
      "bundle.expired:system",
    ]);
  });
});
