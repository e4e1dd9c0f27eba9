import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { sessionHeaders } from "@/tests/session";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { acceptInvitation, INVITATION_LIFETIME_MS } from "@/lib/members/invitations";
import { hashLinkToken } from "@/lib/accounts/links";
import { ApiError } from "@/lib/errors";

// docs/CONTRACT.md §15: members and invitations. One database per file; the cases that change the
// team run in order and leave Acme with its demo people.

type Listed<T> = { data: T[] };
type Member = { id: string; email: string; role: string };
type Invitation = { id: string; email: string; role: string; status: string };

async function invite(user: Parameters<typeof sessionHeaders>[0], email: string, role: string) {
  return api<{ data: Invitation }>("POST", "/members/invitations", {
    headers: await sessionHeaders(user),
    body: { email, role },
  });
}

/** The link's secret from the newest invitation email to `to`. */
async function linkTokenFor(to: string): Promise<string> {
  const prisma = await getPrisma();
  const message = await prisma.emailMessage.findFirstOrThrow({
    where: { to, kind: "invitation" },
    orderBy: { createdAt: "desc" },
  });
  return /\/invitations\/([A-Za-z0-9_-]+)/.exec(message.text)![1];
}

const accept = (token: string, body: unknown = { name: "New Person", password: "a long new passphrase 7" }) =>
  api<{ data: unknown }>("POST", `/invitations/${token}/accept`, { body });

describe("GET /members", () => {
  it("lists the organization's members to any member, a viewer's token too", async () => {
    const response = await get<Listed<Member>>("/members", { token: "acmeViewerAll" });
    expect(response.status).toBe(200);
    expect(response.body.data.map((member) => [member.email, member.role])).toEqual([
      ["customer@acme.example", "owner"],
      ["developer@acme.example", "developer"],
      ["billing@acme.example", "billing"],
      ["admin@acme.example", "admin"],
      ["viewer@acme.example", "viewer"],
    ]);
  });

  it("lets support read one organization's members, and refuses organization_id to customers", async () => {
    const support = await get<Listed<Member>>("/members?organization_id=org_globex", { token: "support" });
    expect(support.body.data.map((member) => member.email)).toEqual(["customer@globex.example"]);
    const customer = await get("/members?organization_id=org_globex", { token: "acmeAll" });
    expect(customer.body).toEqual(
      errorBody(
        "Bad Request",
        "invalid_parameter",
        "organization_id is for support users",
        "query.organization_id=org_globex",
      ),
    );
    const unnamed = await get("/members", { token: "support" });
    expect(unnamed.status).toBe(400);
  });

  it("pages with limit and offset like every list, with X-Total-Count and Link", async () => {
    const first = await get<Listed<Member>>("/members?limit=2", { token: "acmeAll" });
    expect(first.status).toBe(200);
    expect(first.body.data.map((member) => member.email)).toEqual([
      "customer@acme.example",
      "developer@acme.example",
    ]);
    expect(first.headers.get("x-total-count")).toBe("5");
    expect(first.headers.get("link")).toBe(
      '<http://localhost:3000/api/v2/members?limit=2&offset=2>; rel="next"',
    );
    const last = await get<Listed<Member>>("/members?limit=2&offset=4", { token: "acmeAll" });
    expect(last.body.data.map((member) => member.email)).toEqual(["viewer@acme.example"]);
    expect(last.headers.get("x-total-count")).toBe("5");
    expect(last.headers.get("link")).toBe(
      '<http://localhost:3000/api/v2/members?limit=2&offset=2>; rel="prev"',
    );
  });

  it.each([
    ["limit=0", "limit must be an integer between 1 and 100", "query.limit=0"],
    ["limit=101", "limit must be an integer between 1 and 100", "query.limit=101"],
    ["offset=-1", "offset must be an integer between 0 and 100000", "query.offset=-1"],
  ])("refuses %s with 400 naming it", async (query, message, details) => {
    const response = await get(`/members?${query}`, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errorBody("Bad Request", "invalid_parameter", message, details));
  });
});

describe("invitations", () => {
  it("are refused to roles that cannot manage members, to tokens, and to admins inviting owners", async () => {
    const prisma = await getPrisma();
    const developer = await invite("acmeDeveloper", "x@example.com", "viewer");
    expect(developer.body).toEqual(
      errorBody(
        "Unauthorized",
        "role_forbidden",
        "The developer role cannot invite, remove and change members; that needs the owner or admin role.",
        "role=developer required_role=owner|admin",
      ),
    );
    const token = await api("POST", "/members/invitations", {
      token: "acmeAll",
      body: { email: "x@example.com", role: "viewer" },
    });
    expect(token.status).toBe(401);
    const admin = await invite("acmeAdmin", "boss@example.com", "owner");
    expect(admin.body).toEqual(
      errorBody(
        "Unauthorized",
        "role_forbidden",
        "The admin role cannot invite an owner; that needs the owner role.",
        "body.role=owner",
      ),
    );
    expect(await prisma.memberInvitation.count()).toBe(0);
  });

  it("refuses an email that already belongs to a person (409 email_in_use)", async () => {
    const response = await invite("acmeCustomer", "Customer@Globex.example", "viewer");
    expect(response.body).toEqual(
      errorBody(
        "Conflict",
        "email_in_use",
        "customer@globex.example already belongs to a person with an account; one person belongs to one organization.",
        "body.email=customer@globex.example",
      ),
    );
  });

  it("work once, for 7 days, stored only as a hash, and make the person a member with the role", async () => {
    const prisma = await getPrisma();
    const created = await invite("acmeAdmin", "new.dev@example.com", "developer");
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      email: "new.dev@example.com",
      role: "developer",
      status: "pending",
    });
    const pending = await get<Listed<Invitation>>("/members/invitations", { token: "acmeViewerAll" });
    expect(pending.body.data.map((row) => row.email)).toEqual(["new.dev@example.com"]);

    const token = await linkTokenFor("new.dev@example.com");
    expect(Buffer.from(token, "base64url").length).toBe(32);
    const row = await prisma.memberInvitation.findUniqueOrThrow({ where: { id: created.body.data.id } });
    expect(row.tokenHash).toBe(hashLinkToken(token));
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(INVITATION_LIFETIME_MS);

    const short = await accept(token, { name: "New Person", password: "short" });
    expect(short.status).toBe(400);
    const first = await accept(token);
    expect([first.status, first.body]).toEqual([
      201,
      { data: { email: "new.dev@example.com", organization_name: "Acme Telecom Ltd", role: "developer" } },
    ]);
    const user = await prisma.user.findUniqueOrThrow({ where: { email: "new.dev@example.com" } });
    expect([user.organizationId, user.role, user.emailVerifiedAt !== null]).toEqual([
      "org_acme",
      "developer",
      true,
    ]);
    const again = await accept(token);
    expect(again.body).toEqual(
      errorBody(
        "Conflict",
        "invitation_used",
        "This invitation has been accepted already; sign in instead.",
        `invitation_id=${row.id}`,
      ),
    );
    await prisma.user.delete({ where: { id: user.id } });
  });

  it("expire after 7 days", async () => {
    await invite("acmeCustomer", "late@example.com", "viewer");
    const token = await linkTokenFor("late@example.com");
    const later = new Date(Date.now() + INVITATION_LIFETIME_MS + 60_000);
    const refused = await acceptInvitation(
      token,
      { name: "Late", password: "a long new passphrase 7" },
      later,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe("invalid_parameter");
    await expect((await getPrisma()).user.count({ where: { email: "late@example.com" } })).resolves.toBe(0);
  });

  it("stop working when revoked, and a resend replaces the link", async () => {
    const created = await invite("acmeCustomer", "maybe@example.com", "billing");
    const oldToken = await linkTokenFor("maybe@example.com");
    const resent = await api<{ data: Invitation }>(
      "POST",
      `/members/invitations/${created.body.data.id}/resend`,
      {
        headers: await sessionHeaders("acmeAdmin"),
      },
    );
    expect(resent.status).toBe(200);
    const newToken = await linkTokenFor("maybe@example.com");
    expect(newToken).not.toBe(oldToken);
    expect((await accept(oldToken)).status).toBe(404);
    const revoked = await api<{ data: Invitation }>(
      "DELETE",
      `/members/invitations/${created.body.data.id}`,
      {
        headers: await sessionHeaders("acmeAdmin"),
      },
    );
    expect(revoked.body.data.status).toBe("revoked");
    expect((await accept(newToken)).status).toBe(404);
  });
});

describe("changing and removing members", () => {
  const patch = async (user: Parameters<typeof sessionHeaders>[0], id: string, role: string) =>
    api("PATCH", `/members/${id}`, { headers: await sessionHeaders(user), body: { role } });
  const remove = async (user: Parameters<typeof sessionHeaders>[0], id: string) =>
    api("DELETE", `/members/${id}`, { headers: await sessionHeaders(user) });

  it("keeps admins away from owners", async () => {
    expect((await patch("acmeAdmin", "usr_acme_customer", "viewer")).body).toEqual(
      errorBody(
        "Unauthorized",
        "role_forbidden",
        "The admin role cannot change an owner; that needs the owner role.",
        "member.role=owner",
      ),
    );
    expect((await patch("acmeAdmin", "usr_acme_viewer", "owner")).status).toBe(401);
    expect((await remove("acmeAdmin", "usr_acme_customer")).status).toBe(401);
  });

  it("never demotes or removes the last owner (409 last_owner)", async () => {
    const demoted = await patch("acmeCustomer", "usr_acme_customer", "admin");
    expect(demoted.body).toEqual(
      errorBody(
        "Conflict",
        "last_owner",
        "This is the organization's last owner and cannot be demoted; make another member an owner first.",
        "member_id=usr_acme_customer",
      ),
    );
    expect((await remove("acmeCustomer", "usr_acme_customer")).status).toBe(409);
    const prisma = await getPrisma();
    expect((await prisma.user.findUniqueOrThrow({ where: { id: "usr_acme_customer" } })).role).toBe("owner");
  });

  it("answers 404 for another organization's member", async () => {
    expect((await patch("acmeCustomer", "usr_globex_customer", "viewer")).status).toBe(404);
    expect((await remove("acmeCustomer", "usr_globex_customer")).status).toBe(404);
  });

  it("changes a role, capping the member's tokens at once", async () => {
    const changed = await patch("acmeAdmin", "usr_acme_billing", "viewer");
    expect(changed.status).toBe(200);
    const order = await api<{ error: { code: string } }>("POST", "/order", {
      token: "acmeBillingAll",
      body: {},
    });
    expect([order.status, order.body.error.code]).toEqual([401, "role_forbidden"]);
    expect((await patch("acmeAdmin", "usr_acme_billing", "billing")).status).toBe(200);
  });

  it("removes a member: tokens revoked, sessions ended, the person gone", async () => {
    const prisma = await getPrisma();
    expect((await get("/numbers", { token: "acmeDeveloperAll" })).status).toBe(200);
    const removed = await remove("acmeAdmin", "usr_acme_developer");
    expect(removed.status).toBe(200);
    const refused = await get<{ error: { code: string; message: string } }>("/numbers", {
      token: "acmeDeveloperAll",
    });
    expect([refused.status, refused.body.error.message]).toEqual([401, "The token has been revoked."]);
    expect(await prisma.user.count({ where: { id: "usr_acme_developer" } })).toBe(0);
    expect((await get("/members", { headers: await sessionHeaders("acmeDeveloper") })).status).toBe(401);
  });
});
