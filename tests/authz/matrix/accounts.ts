import { getPrisma } from "@/lib/db/client";
import {
  invalidBody,
  list,
  listsOnlyIfAny,
  nonEmpty,
  notFound,
  roleForbidden,
} from "@/tests/authz/matrix/checks";
import type { DataColumns, Expectation } from "@/tests/authz/matrix/types";

// A person's account, their organization's settings and single sign-on, its members and its
// audit log.

/**
 * What an Acme owner's request past the credentials answers (credential rows only): a body
 * that changes nothing (400) or names nothing that exists (404).
 */
export const accountCredentialRoutes: Readonly<Record<string, Expectation>> = {
  // A person's own security (docs/CONTRACT.md §15): portal session only.
  "POST /sessions/end-all": { status: 204 },
  "POST /password": invalidBody,
  "GET /two-factor": { status: 200 },
  "POST /two-factor/enrolment": { status: 200 },
  "POST /two-factor/enrolment/confirm": invalidBody,
  "POST /two-factor/disable": invalidBody,
  "POST /two-factor/recovery-codes": invalidBody,
  "GET /organization/settings": { status: 200 },
  "PATCH /organization/settings": invalidBody,
  // Single sign-on: the owner's (no connection here: 404), and support's verification.
  "GET /organization/sso": notFound,
  "PUT /organization/sso": invalidBody,
  "DELETE /organization/sso": notFound,
  "POST /organization/sso/domains/{domain}/verify": roleForbidden,
  // Members (docs/CONTRACT.md §15): reading is members:read; changing needs an owner's or admin's session.
  "PATCH /members/{member_id}": invalidBody,
  "DELETE /members/{member_id}": notFound,
  "POST /members/invitations": invalidBody,
  "DELETE /members/invitations/{invitation_id}": notFound,
  "POST /members/invitations/{invitation_id}/resend": notFound,
  "POST /invitations/{token}/accept": invalidBody,
  "GET /invitations/{token}": notFound,
};

/** Every member listed is a person of the owner's (or viewer's) organization, as the database says. */
const membersOf =
  (who: "viewer" | "owner"): Expectation["check"] =>
  async (body, context, viewer, owner) => {
    const prisma = await getPrisma();
    const ids = list(body).map((item) => String(item.id));
    nonEmpty(ids, "members");
    const organizationId = context.orgs[who === "viewer" ? viewer : owner].organizationId;
    const users = await prisma.user.findMany({
      where: { id: { in: ids } },
      select: { organizationId: true },
    });
    if (users.length !== ids.length || users.some((user) => user.organizationId !== organizationId))
      throw new Error(`members listed that are not of ${organizationId}: ${ids.join(",")}`);
  };

/** The columns of the members and the audit log (organization data). */
export const accountDataRoutes: Readonly<Record<string, DataColumns>> = {
  // Members (docs/CONTRACT.md §15): any member reads their own organization's; support names whose.
  "GET /members": {
    own: { status: 200, check: membersOf("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: membersOf("owner") },
  },
  "GET /members/invitations": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
  // The audit log (docs/CONTRACT.md §15): one organization's; support names it, a customer may not.
  "GET /audit-events": {
    own: { status: 200, check: listsOnlyIfAny("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: listsOnlyIfAny("owner") },
  },
  "GET /audit-events/export": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
};
