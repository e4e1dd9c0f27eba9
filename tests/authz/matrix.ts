// The authorization matrix, generated from the endpoint registry: every route × every state
// of credentials, and every route that reads or writes an organization's data × {own,
// another organization's, support}. A route the registry gains is in the matrix at once; one
// this file cannot classify or give parameters to fails the matrix until it is described here.
import { encode } from "next-auth/jwt";
import {
  endpoints,
  splitKey,
  type EndpointDefinition,
  type EndpointKey,
  type Method,
} from "@/lib/api/registry";
import type { Scope } from "@/lib/schemas/scopes";
import { roleMay } from "@/lib/auth/roles";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName, SIGNED_IN_AT_CLAIM } from "@/lib/auth/session-cookie";
import { getPrisma } from "@/lib/db/client";
import { demoOrganizations, demoUsers } from "@/prisma/seed/fixtures";
import { etagFor } from "@/lib/numbers/preconditions";
import { testTokens, type TestTokenName } from "@/tests/fixtures";

export const ORIGIN = "http://localhost:3000";

export type OrgKey = "acme" | "globex";
export const orgKeys: readonly OrgKey[] = ["acme", "globex"];
export const otherOrg = (org: OrgKey): OrgKey => (org === "acme" ? "globex" : "acme");

/** What the matrix knows of an organization's data in the test database (read in beforeAll). */
export type OrgData = {
  organizationId: string;
  /** An order of the organization. */
  orderReferenceId: string;
  /** A number configuration of the organization, and its E.164 number. */
  numberId: string;
  numberE164: string;
  /** An extension only this organization has. */
  onlyExtension: string;
  /** The extension the current PUT or DELETE cell changes (made for it). */
  writableExtension: string;
  /** A token its own organization revokes in the matrix. */
  victimTokenId: string;
  /** A token other organizations try to revoke: it must stay alive. */
  guardedTokenId: string;
  /** A number the organization holds (docs/CONTRACT.md §12), and one for sale that nobody holds. */
  heldNumberE164: string;
  holdableNumberE164: string;
  /** A webhook endpoint of the organization, one of its deliveries, and the one a DELETE cell removes (made for it). */
  webhookId: string;
  deliveryId: string;
  deletableWebhookId: string;
  /** A bulk job the current cell reads or cancels (made for it). */
  jobId?: string;
  /** Strings that identify the organization's data: none may reach another organization. */
  identifiers: string[];
};

export type MatrixContext = { orgs: Record<OrgKey, OrgData> };

export type Credential =
  | { kind: "none" }
  | { kind: "header"; authorization: string }
  | { kind: "token"; token: TestTokenName }
  | { kind: "session"; user: keyof typeof demoUsers; crossSite?: boolean };

export type Expectation = {
  status: number;
  /** error.code, for an error status. */
  code?: string;
  /** Support may read other organizations' data here: no leak check. */
  mayShowOther?: boolean;
  /** Further checks on a 200's body (ownership of what it lists). */
  check?: (body: unknown, context: MatrixContext, viewer: OrgKey, owner: OrgKey) => void | Promise<void>;
};

export type Cell = {
  name: string;
  key: EndpointKey;
  credential: Credential;
  viewer: OrgKey;
  /** Whose resource the request names. */
  owner: OrgKey;
  /** The request variant: own, another organization's, or what support is asked for. */
  target: "own" | "other" | "support";
  expect: Expectation;
};

// ---------------------------------------------------------------- route classification

/** Scope null, but only a portal session may call them (lib/tokens/manage-tokens.ts). */
export const sessionOnlyRoutes: ReadonlySet<string> = new Set([
  "GET /tokens",
  "POST /tokens",
  "DELETE /tokens/{token_id}",
  "GET /cart",
  "PUT /cart",
  "DELETE /cart",
  "POST /cart/renew",
  "POST /cart/renew/{number_e164}",
  "POST /verification/resend",
]);

/**
 * Account actions for people not signed in (docs/CONTRACT.md §15: sign-up, verification, reset). The
 * matrix sends each an empty body, so getting past the credentials shows as 400
 * invalid_parameter and nothing is made or mailed; what they do is tested in
 * app/api/v2/signup/accounts*.test.ts.
 */
export const accountRoutes: ReadonlySet<string> = new Set([
  "POST /signup",
  "POST /verification",
  "POST /verification/resend",
  "POST /password-reset",
  "POST /password-reset/confirm",
]);

/** Routes that answer the same to every organization: reference data, inventory, products. */
export const sharedDataRoutes: ReadonlySet<string> = new Set([
  "GET /countries",
  "GET /number_types",
  "GET /document_types",
  "GET /regions/{country}",
  "GET /destinations/{country}/{number_type}",
  "GET /inventory/{country}",
  "GET /inventory/{country}/{number_type}",
  "GET /products/{country}",
  "GET /products/{country}/{number_type}",
  "GET /products/{country}/{number_type}/{region}",
  "GET /openapi.json",
]);

/** Session only: the registry says so (`auth: "session"`), or the route checks it itself. */
export function isSessionOnly(key: string): boolean {
  const definition = endpoints[key as EndpointKey] as { auth?: "session" };
  return sessionOnlyRoutes.has(key) || definition.auth === "session";
}

/** A role that may not (docs/CONTRACT.md §15): 401, naming the role needed. */
const roleForbidden: Expectation = { status: 401, code: "role_forbidden" };
const invalidBody: Expectation = { status: 400, code: "invalid_parameter" };
const missing: Expectation = { status: 404, code: "not_found" };

/**
 * Routes the credential matrix covers with what an Acme owner's request past the credentials
 * answers. Writes get an empty body (400) or name nothing that exists (404), so no cell
 * changes a password, a member, an invitation or a compliance record: what they do, and
 * whose data they show, is tested beside each route (app/api/v2/…). They have no
 * organization columns here yet.
 */
export const credentialRoutes: Readonly<Record<string, Expectation>> = {
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
  "GET /organization/sso": missing,
  "PUT /organization/sso": invalidBody,
  "DELETE /organization/sso": missing,
  "POST /organization/sso/domains/{domain}/verify": roleForbidden,
  // Members (docs/CONTRACT.md §15): reading is members:read; changing needs an owner's or admin's session.
  "PATCH /members/{member_id}": invalidBody,
  "DELETE /members/{member_id}": missing,
  "POST /members/invitations": invalidBody,
  "DELETE /members/invitations/{invitation_id}": missing,
  "POST /members/invitations/{invitation_id}/resend": missing,
  "POST /invitations/{token}/accept": invalidBody,
  "GET /invitations/{token}": missing,
  // Compliance (docs/CONTRACT.md §17).
  "GET /requirements/{country}/{number_type}": { status: 200 },
  "GET /end_users": { status: 200 },
  "POST /end_users": invalidBody,
  "GET /end_users/{end_user_id}": missing,
  "PATCH /end_users/{end_user_id}": missing,
  "GET /addresses": { status: 200 },
  "POST /addresses": invalidBody,
  "GET /addresses/{address_id}": missing,
  "PATCH /addresses/{address_id}": missing,
  "GET /documents": { status: 200 },
  "POST /documents": { status: 415, code: "unsupported_media_type" },
  "GET /documents/{document_id}/file": missing,
  "GET /documents/{document_id}": missing,
  "DELETE /documents/{document_id}": missing,
  "GET /bundles": { status: 200 },
  "POST /bundles": invalidBody,
  "GET /bundles/{bundle_id}": missing,
  "PATCH /bundles/{bundle_id}": missing,
  "POST /bundles/{bundle_id}/evaluate": missing,
  "POST /bundles/{bundle_id}/submit": missing,
  // Support only (docs/CONTRACT.md §17); a refused role is 401 role_forbidden (§15).
  "POST /bundles/{bundle_id}/approve": roleForbidden,
  "POST /bundles/{bundle_id}/reject": invalidBody,
  // Invoices (docs/API.md, "Invoices"): no invoice by this id; void, uncollectible and credit
  // notes are support's (an owner is refused before any body is read).
  "GET /invoices/{invoice_id}": missing,
  "GET /invoices/{invoice_id}/pdf": missing,
  "POST /invoices/{invoice_id}/void": roleForbidden,
  "POST /invoices/{invoice_id}/mark_uncollectible": roleForbidden,
  "POST /invoices/{invoice_id}/credit_notes": roleForbidden,
  // Payments and credits are support's (docs/API.md "Payments, credits and dunning").
  "POST /billing/payments": roleForbidden,
  "POST /billing/credits": roleForbidden,
  // A credit limit is support's alone (docs/API.md, "Charges and the ledger"): an owner is refused.
  "PATCH /billing/accounts/{currency}": roleForbidden,
  // The billing profile and alerts (docs/API.md "Billing"): the seed sets no profile and no alert.
  "GET /billing/profile": missing,
  "PUT /billing/profile": invalidBody,
  "GET /billing/alerts": { status: 200 },
  "POST /billing/alerts": invalidBody,
  "DELETE /billing/alerts/{alert_id}": missing,
  // Port-in (docs/API.md "Port-in"): porting:read checks and reads, porting:write (owner, admin,
  // billing) changes. No port order by this id; another organization's order is 404 as one that
  // does not exist (lib/porting/*.test.ts).
  "POST /portability_checks": invalidBody,
  "GET /port_orders": { status: 200 },
  "POST /port_orders": invalidBody,
  "GET /port_orders/{port_order_id}": missing,
  "PATCH /port_orders/{port_order_id}": missing,
  "DELETE /port_orders/{port_order_id}": missing,
  "POST /port_orders/{port_order_id}/actions/submit": missing,
  "POST /port_orders/{port_order_id}/actions/resubmit": missing,
  "POST /port_orders/{port_order_id}/actions/cancel": missing,
  "POST /port_orders/{port_order_id}/foc_change_requests": invalidBody,
  "GET /port_orders/{port_order_id}/comments": missing,
  "POST /port_orders/{port_order_id}/comments": invalidBody,
  "GET /port_orders/{port_order_id}/events": missing,
  // Support's port desk (docs/API.md "The port desk"): a customer is refused before the order is
  // looked up; the desk's own answers are tested in lib/porting/port-desk.test.ts.
  "POST /port_orders/{port_order_id}/carrier_actions": roleForbidden,
  // The LOA of a port order (docs/API.md "LOA"): no order by this id, no link by this token;
  // whose order a letter shows is tested in app/api/v2/loa_signatures/loa-signatures.test.ts.
  "GET /port_orders/{port_order_id}/loa": missing,
  "POST /port_orders/{port_order_id}/loa/signature_requests": invalidBody,
  "GET /loa_signatures/{token}": missing,
  "GET /loa_signatures/{token}/pdf": missing,
  "POST /loa_signatures/{token}": invalidBody,
};

/** Bodies of the credential-only routes: empty, so nothing is changed. */
const emptyBodyRoutes: ReadonlySet<string> = new Set(
  Object.entries(credentialRoutes)
    .filter(([key]) => {
      const definition = endpoints[key as EndpointKey];
      return "body" in definition && Boolean(definition.body);
    })
    .map(([key]) => key),
);

type Listed = { data: Array<Record<string, unknown>> };
const list = (body: unknown) => (body as Listed).data;

function allOf(organizationId: string, field = "organization_id") {
  return (items: Array<Record<string, unknown>>, what: string) => {
    const strangers = items.filter((item) => item[field] !== organizationId);
    if (strangers.length > 0)
      throw new Error(`${what}: ${strangers.length} item(s) of another organization than ${organizationId}`);
  };
}

function nonEmpty(items: unknown[], what: string) {
  if (items.length === 0) throw new Error(`${what}: expected at least one item`);
}

const listsOnly =
  (who: "viewer" | "owner"): Expectation["check"] =>
  (body, context, viewer, owner) => {
    const items = list(body);
    nonEmpty(items, "list");
    allOf(context.orgs[who === "viewer" ? viewer : owner].organizationId)(items, "list");
  };

/** As listsOnly, for a list that may still be empty when the cell runs (the audit log). */
const listsOnlyIfAny =
  (who: "viewer" | "owner"): Expectation["check"] =>
  (body, context, viewer, owner) =>
    allOf(context.orgs[who === "viewer" ? viewer : owner].organizationId)(list(body), "list");

const listsNothing: Expectation["check"] = (body) => {
  if (list(body).length !== 0) throw new Error(`expected an empty list, got ${list(body).length} item(s)`);
};

/** A CSV export's data lines (after the header); its rows carry no organization column. */
const csvRows = (body: unknown) => String(body).trim().split("\r\n").slice(1);
const csvListsSome: Expectation["check"] = (body) => nonEmpty(csvRows(body), "csv");
const csvListsNothing: Expectation["check"] = (body) => {
  if (csvRows(body).length !== 0) throw new Error(`expected no CSV row, got ${csvRows(body).length}`);
};

const isOf =
  (who: "viewer" | "owner"): Expectation["check"] =>
  (body, context, viewer, owner) => {
    const item = (body as { data: Record<string, unknown> }).data;
    const expected = context.orgs[who === "viewer" ? viewer : owner].organizationId;
    if ("organization_id" in item && item.organization_id !== expected)
      throw new Error(`expected ${expected}'s, got ${String(item.organization_id)}'s`);
  };

const notFound: Expectation = { status: 404, code: "not_found" };

const emptyCart: Expectation["check"] = (body) => {
  const lines = (body as { data: { lines: unknown[] } }).data.lines;
  if (lines.length !== 0)
    throw new Error(`expected the caller's own empty cart, got ${lines.length} line(s)`);
};

/** Every hold listed is the viewer's organization's, as the database says. */
const holdsOfViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const numbers = list(body).map((item) => String(item.number_e164));
  nonEmpty(numbers, "holds");
  const rows = await prisma.numberHold.findMany({ where: { numberE164: { in: numbers } } });
  const strangers = rows.filter((row) => row.organizationId !== context.orgs[viewer].organizationId);
  if (strangers.length > 0 || rows.length !== numbers.length)
    throw new Error(`holds listed that are not ${viewer}'s: ${numbers.join(",")}`);
};

/** The hold was the viewer's; held again so the next cell finds it (the matrix shares one database). */
const releasedOwnHold: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const number = (body as { data: { number_e164: string } }).data.number_e164;
  if (number !== context.orgs[viewer].heldNumberE164)
    throw new Error(`released ${number}, not ${viewer}'s hold`);
  if ((await prisma.numberHold.count({ where: { numberE164: number } })) !== 0)
    throw new Error(`${number} is still held`);
  await prisma.numberHold.create({
    data: {
      numberE164: number,
      organizationId: context.orgs[viewer].organizationId,
      heldUntil: new Date(Date.now() + 86_400_000),
    },
  });
};

/** A refused release or hold left the owner's hold as it was. */
const ownerStillHolds: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const row = await prisma.numberHold.findUnique({
    where: { numberE164: context.orgs[owner].heldNumberE164 },
  });
  if (row?.organizationId !== context.orgs[owner].organizationId)
    throw new Error(`${owner}'s hold was taken or released by another organization`);
};

/** A 200 hold is the viewer's organization's. */
const heldForViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const held = (body as { data: { held: Array<{ number_e164: string }> } }).data.held.map(
    (entry) => entry.number_e164,
  );
  const rows = await prisma.numberHold.findMany({ where: { numberE164: { in: held } } });
  if (held.length !== 1 || rows.some((row) => row.organizationId !== context.orgs[viewer].organizationId))
    throw new Error(`hold not made for ${viewer}`);
};

/** The order a 200 placed belongs to the buyer's organization, whoever the buyer is. */
const orderedForViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const referenceId = (body as { data: { reference_id: string } }).data.reference_id;
  const order = await prisma.order.findUniqueOrThrow({ where: { referenceId } });
  if (order.organizationId !== context.orgs[viewer].organizationId)
    throw new Error(`order ${referenceId} was placed for ${order.organizationId}`);
};

/** A token support made is the operator's, never a customer's. */
const tokenOfOperator: Expectation["check"] = async (body) => {
  const prisma = await getPrisma();
  const id = (body as { data: { id: string } }).data.id;
  const token = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
  if (token.organizationId !== demoOrganizations.operator.id)
    throw new Error(`support's token ${id} was made for ${token.organizationId}`);
};

/** A webhook support made is the operator's; removed again like the viewer's. */
const webhookOfOperator: Expectation["check"] = async (body) => {
  const prisma = await getPrisma();
  const id = (body as { data: { webhook_id: string } }).data.webhook_id;
  const row = await prisma.webhook.findUniqueOrThrow({ where: { id } });
  if (row.organizationId !== demoOrganizations.operator.id)
    throw new Error(`support's webhook ${id} was made for ${row.organizationId}`);
  await prisma.webhook.delete({ where: { id } });
};

const tokenOfViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const id = (body as { data: { id: string } }).data.id;
  const token = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
  if (token.organizationId !== context.orgs[viewer].organizationId)
    throw new Error(`token ${id} was made for ${token.organizationId}`);
};

const historyOfOwn: Expectation["check"] = async (body, context, viewer) => {
  const changes = (body as { data: Array<{ number_id: string; changed_by: { role: string; name: string } }> })
    .data;
  const numberId = context.orgs[viewer].numberId;
  for (const change of changes) {
    if (change.number_id !== numberId)
      throw new Error(`history of ${numberId} lists a change of ${change.number_id}`);
    const stranger = context.orgs[otherOrg(viewer)].identifiers.includes(change.changed_by.name);
    if (stranger && change.changed_by.role !== "support")
      throw new Error(`history names ${change.changed_by.name}, a customer of another organization`);
  }
};

/** A refused change left the other organization's configurations alone: no change of theirs was made by a customer of another. */
/** A released number made active again, so the cells after this one find it as they expect. */
/** A refused release or restore left the owner's number active. */
const ownerStillActive: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findUniqueOrThrow({
    where: { id: context.orgs[owner].numberId },
  });
  if (row.status !== "active") throw new Error(`${owner}'s number is ${row.status}, not active`);
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

const activeAgain: Expectation["check"] = async (body) => {
  const prisma = await getPrisma();
  const { number_id: id } = (body as { data: { number_id: string } }).data;
  await prisma.numberConfiguration.update({
    where: { id },
    data: { status: "active", restorableUntil: null },
  });
};

function unchangedBy(role: "customer"): Expectation["check"] {
  return async (_body, context, _viewer, owner) => {
    const prisma = await getPrisma();
    const organizationId = context.orgs[owner].organizationId;
    const changes = await prisma.configurationChange.findMany({
      where: { organizationId, actorRole: role, actorUserId: { not: null } },
      select: { actorUserId: true },
    });
    const users = await prisma.user.findMany({
      where: { id: { in: changes.map((change) => change.actorUserId as string) } },
      select: { organizationId: true },
    });
    if (users.some((user) => user.organizationId !== organizationId))
      throw new Error(`${owner}'s configurations were changed by a ${role} of another organization`);
  };
}

/** Support's list of organizations names both, each by its name. */
const listsEveryOrganization: Expectation["check"] = async (body, context) => {
  const ids = list(body).map((entry) => entry.organization_id);
  for (const org of Object.values(context.orgs))
    if (!ids.includes(org.organizationId)) throw new Error(`organizations lacks ${org.organizationId}`);
};

/** A refused revocation left the other organization's token alive. */
const victimAlive: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const token = await prisma.apiToken.findUniqueOrThrow({
    where: { id: context.orgs[owner].guardedTokenId },
  });
  if (token.revokedAt !== null) throw new Error(`${owner}'s token was revoked by another organization`);
};

/** The endpoint a 201 made is the viewer's; removed again so the next cells stay under the limit of 10. */
const webhookOfViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const id = (body as { data: { webhook_id: string } }).data.webhook_id;
  const row = await prisma.webhook.findUniqueOrThrow({ where: { id } });
  if (row.organizationId !== context.orgs[viewer].organizationId)
    throw new Error(`webhook ${id} was made for ${row.organizationId}`);
  await prisma.webhook.delete({ where: { id } });
};

/** A refused DELETE left the owner's endpoint in place (then tidied, as the cell made it). */
const webhookStillThere: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const id = context.orgs[owner].deletableWebhookId;
  if ((await prisma.webhook.count({ where: { id } })) !== 1)
    throw new Error(`${owner}'s webhook ${id} was deleted by another organization`);
  await prisma.webhook.delete({ where: { id } });
};

/** A refused test or re-send queued nothing for the owner's endpoint. */
const nothingQueued: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const pending = await prisma.webhookDelivery.count({
    where: { webhookId: context.orgs[owner].webhookId, status: "pending" },
  });
  if (pending !== 0)
    throw new Error(`${pending} delivery(ies) queued for ${owner}'s endpoint by another organization`);
};

/**
 * Routes with an organization's data: what each column answers. `own` is the viewer's own
 * resource, `other` another organization's named by a customer, `support` another
 * organization's asked for by a support user of the viewer's organization.
 */
export const organizationDataRoutes: Readonly<
  Record<string, { own: Expectation; other?: Expectation; support: Expectation }>
> = {
  // Support only: a customer is answered 404, so other customers' names do not leak.
  "GET /organizations": {
    own: { status: 404, code: "not_found" },
    other: { status: 404, code: "not_found" },
    support: { status: 200, mayShowOther: true, check: listsEveryOrganization },
  },
  // organization_id is support's filter: a customer who sends it is refused (docs/CONTRACT.md §2).
  "GET /orders": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  "GET /orders/{reference_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // Support may not buy at all (docs/CONTRACT.md §15: they stand outside every customer).
  "POST /order": {
    own: { status: 200, check: orderedForViewer },
    other: { status: 409, code: "number_unavailable" },
    support: roleForbidden,
  },
  "GET /numbers": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 200, check: listsNothing },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  // The CSV of GET /numbers, with the same filters (a customer's number_id of another organization finds nothing).
  "GET /numbers/export": {
    own: { status: 200, check: csvListsSome },
    other: { status: 200, check: csvListsNothing },
    support: { status: 200, mayShowOther: true, check: csvListsSome },
  },
  "GET /numbers/{number_id}/active_rule": {
    own: { status: 200 },
    other: notFound,
    support: { status: 200, mayShowOther: true },
  },
  "GET /extension/{extension}": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 200, check: listsNothing },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  "GET /numbers/{number_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // Support may change any organization's configuration (docs/CONTRACT.md §2); a customer only their own.
  "PUT /numbers/{number_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: { ...notFound, check: unchangedBy("customer") },
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // The history names who changed a configuration, and that may be a support person of the
  // service, whoever's organization they sit in (docs/CONTRACT.md §2, §11): only support actors
  // may be strangers.
  // Release (docs/CONTRACT.md §16): each cell releases the owner's number, and puts it back after.
  // Release and restore are the owner's and admin's (the table of docs/CONTRACT.md §15, and
  // §16): support may not.
  "DELETE /numbers/{number_id}": {
    own: { status: 200, check: activeAgain },
    other: { ...notFound, check: ownerStillActive },
    support: { ...roleForbidden, check: ownerStillActive },
  },
  "POST /numbers/{number_id}/restore": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: roleForbidden,
  },
  // Port-out requests (docs/CONTRACT.md §20) are support's to log, for any organization's number;
  // a customer is refused before the number is looked up. The cell's PIN is wrong: refused, logged.
  "POST /numbers/{number_id}/port_out_requests": {
    own: roleForbidden,
    other: roleForbidden,
    support: { status: 201, mayShowOther: true, check: isOf("owner") },
  },
  // Bulk jobs (docs/CONTRACT.md §16): only the organization's own numbers; support reads any job.
  "POST /jobs": {
    own: { status: 202, check: isOf("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 400, code: "invalid_parameter" },
  },
  "GET /jobs": { own: { status: 200 }, support: { status: 200, mayShowOther: true } },
  "GET /jobs/{job_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  "POST /jobs/{job_id}/cancel": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  "GET /numbers/{number_id}/history": {
    own: { status: 200, mayShowOther: true, check: historyOfOwn },
    other: notFound,
    support: { status: 200, mayShowOther: true },
  },
  "POST /extensions": {
    own: { status: 200, check: isOf("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  "PUT /extension/{extension}": {
    own: { status: 200, check: isOf("viewer") },
    other: { ...notFound, check: unchangedBy("customer") },
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  "DELETE /extension/{extension}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // Tokens are the organization's: support people manage only the operator's.
  "GET /tokens": { own: { status: 200 }, support: { status: 200 } },
  "POST /tokens": {
    own: { status: 200, check: tokenOfViewer },
    support: { status: 200, check: tokenOfOperator },
  },
  "DELETE /tokens/{token_id}": {
    own: { status: 200 },
    other: { ...notFound, check: victimAlive },
    support: { ...notFound, check: victimAlive },
  },
  // A cart is its person's own (docs/CONTRACT.md §12): nobody's request names another's, and the
  // matrix never fills one, so every answer is the caller's own empty cart. Support may not
  // fill one (docs/CONTRACT.md §15: they cannot buy).
  "GET /cart": { own: { status: 200, check: emptyCart }, support: { status: 200, check: emptyCart } },
  "PUT /cart": { own: { status: 200, check: emptyCart }, support: roleForbidden },
  "DELETE /cart": { own: { status: 200, check: emptyCart }, support: { status: 200, check: emptyCart } },
  "POST /cart/renew": { own: { status: 200, check: emptyCart }, support: roleForbidden },
  // A held number that is no line of the caller's own cart, whoever holds it: nothing is renewed.
  "POST /cart/renew/{number_e164}": { own: missing, other: missing, support: roleForbidden },
  // Holds are the organization's (docs/CONTRACT.md §12); support cannot hold (§15).
  "POST /reservations": {
    own: { status: 200, check: heldForViewer },
    other: { status: 409, code: "number_unavailable", check: ownerStillHolds },
    support: { ...roleForbidden, check: ownerStillHolds },
  },
  "GET /reservations": {
    own: { status: 200, check: holdsOfViewer },
    support: roleForbidden,
  },
  "DELETE /reservations/{number_e164}": {
    own: { status: 200, check: releasedOwnHold },
    other: { ...notFound, check: ownerStillHolds },
    support: { ...roleForbidden, check: ownerStillHolds },
  },
  // Events and webhooks (docs/CONTRACT.md §14): support reads every organization's, like orders, and
  // changes only its own organization's endpoints.
  "GET /events": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  "POST /webhooks": {
    own: { status: 201, check: webhookOfViewer },
    support: { status: 201, check: webhookOfOperator },
  },
  "GET /webhooks": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  "GET /webhooks/{webhook_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  "DELETE /webhooks/{webhook_id}": {
    own: { status: 204 },
    other: { ...notFound, check: webhookStillThere },
    support: { ...notFound, check: webhookStillThere },
  },
  "GET /webhooks/{webhook_id}/deliveries": {
    own: { status: 200 },
    other: notFound,
    support: { status: 200, mayShowOther: true },
  },
  "POST /webhooks/{webhook_id}/test": {
    own: { status: 202 },
    other: { ...notFound, check: nothingQueued },
    support: { ...notFound, check: nothingQueued },
  },
  "POST /webhooks/{webhook_id}/deliveries/{delivery_id}/retry": {
    own: { status: 202 },
    other: { ...notFound, check: nothingQueued },
    support: { ...notFound, check: nothingQueued },
  },
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
  // Invoices and the upcoming preview: the organization's billing readers; support names whose.
  "GET /invoices": {
    own: { status: 200, check: listsOnlyIfAny("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: listsOnlyIfAny("owner") },
  },
  "GET /invoices/export": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
  "GET /billing/upcoming": {
    own: { status: 200, check: isOf("viewer") },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // Billing accounts and the ledger: the organization's billing readers; support names whose.
  "GET /billing/accounts": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
  "GET /billing/ledger": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
  "GET /billing/ledger/export": {
    own: { status: 200 },
    other: { status: 400, code: "invalid_parameter" },
    support: { status: 200, mayShowOther: true },
  },
};

// ---------------------------------------------------------------- requests

function paramValue(name: string, key: string, owner: OrgData, target: Cell["target"]): string {
  switch (name) {
    case "country":
      return "GB";
    case "number_type":
      return "local";
    case "region":
      return "GB-ENG-LONDON-20";
    case "reference_id":
      return owner.orderReferenceId;
    case "number_id":
      return owner.numberId;
    case "extension":
      return key.startsWith("GET ") ? owner.onlyExtension : owner.writableExtension;
    case "token_id":
      return target === "own" ? owner.victimTokenId : owner.guardedTokenId;
    case "number_e164":
      return owner.heldNumberE164;
    case "webhook_id":
      return key.startsWith("DELETE ") ? owner.deletableWebhookId : owner.webhookId;
    case "delivery_id":
      return owner.deliveryId;
    case "job_id":
      return owner.jobId ?? "job_none";
    // Nothing of these exists: the credential cells stop at 404 (or at the body's 400).
    case "member_id":
      return "usr_matrix_none";
    case "invitation_id":
      return "inv_matrix_none";
    case "token":
      return "matrix-no-such-invitation";
    case "end_user_id":
      return "eu_matrix_none";
    case "address_id":
      return "addr_matrix_none";
    case "document_id":
      return "doc_matrix_none";
    case "bundle_id":
      return "bnd_matrix_none";
    case "domain":
      return "matrix-none.example";
    case "invoice_id":
      return "in_matrixnone";
    case "currency":
      return "GBP";
    case "alert_id":
      return "bal_matrix_none";
    case "port_order_id":
      return "po_matrix_none";
    default:
      throw new Error(
        `authz matrix: no sample for the path parameter {${name}} of ${key}; add one to paramValue in tests/authz/matrix.ts`,
      );
  }
}

/** The query string that asks for the owner's data where the path names none. */
function queryFor(key: string, target: Cell["target"], owner: OrgData): string {
  if (key === "GET /billing/upcoming")
    return target === "own" ? "?currency=GBP" : `?currency=GBP&organization_id=${owner.organizationId}`;
  if (target === "own") return "";
  if (
    key === "GET /orders" ||
    key === "GET /events" ||
    key === "GET /webhooks" ||
    key === "GET /audit-events" ||
    key === "GET /audit-events/export" ||
    key === "GET /invoices" ||
    key === "GET /invoices/export" ||
    key === "GET /billing/accounts" ||
    key === "GET /billing/ledger" ||
    key === "GET /billing/ledger/export" ||
    key === "GET /members" ||
    key === "GET /members/invitations"
  )
    return `?organization_id=${owner.organizationId}`;
  // Release even when one of the organization's rules dials the number.
  if (key === "DELETE /numbers/{number_id}") return "?force=true";
  if (key === "GET /numbers" || key === "GET /numbers/export")
    return target === "support" ? `?organization_id=${owner.organizationId}` : `?number_id=${owner.numberId}`;
  if (
    key === "POST /extensions" ||
    key === "PUT /extension/{extension}" ||
    key === "DELETE /extension/{extension}"
  ) {
    // A customer naming another organization is refused (400) or finds nothing (404); support may.
    return target === "support" || key === "POST /extensions"
      ? `?organization_id=${owner.organizationId}`
      : "";
  }
  return "";
}

function bodyFor(key: string, target: Cell["target"], owner: OrgData): unknown {
  if (key === "POST /order") {
    return target === "other"
      ? { contact_name: "Matrix buyer", items: [{ number_e164: owner.numberE164 }] }
      : { contact_name: "Matrix buyer", items: [{ country: "GB", number_type: "mobile", quantity: 1 }] };
  }
  if (key === "POST /tokens") return { name: "matrix token", scopes: ["reference:read"] };
  if (key === "POST /webhooks") return { url: "https://93.184.216.34/matrix", events: ["order.created"] };
  if (key === "PUT /cart") return { lines: [] };
  if (accountRoutes.has(key) || emptyBodyRoutes.has(key)) return {};
  if (key === "POST /jobs")
    return { type: "set_tags", number_ids: [owner.numberId], params: { add: ["matrix"] } };
  if (key === "PUT /numbers/{number_id}" || key === "PUT /extension/{extension}")
    return { name: "Matrix configuration", rules: [] };
  if (key === "POST /numbers/{number_id}/port_out_requests") return { pin: "0000" };
  if (key === "POST /extensions")
    return { extension: String(10_000 + extensionCounter++), name: "Matrix extension", rules: [] };
  if (key === "POST /reservations")
    return { numbers: [target === "own" ? owner.holdableNumberE164 : owner.heldNumberE164] };
  const definition = endpoints[key as EndpointKey];
  if ("body" in definition && definition.body)
    throw new Error(`authz matrix: no sample body for ${key}; add one to bodyFor in tests/authz/matrix.ts`);
  return undefined;
}

let extensionCounter = 0;

/**
 * Writes need the current ETag; each DELETE or PUT of an extension gets a fresh one of the owner's, so the cells
 * do not depend on each other's order.
 */
async function preconditionHeaders(key: string, owner: OrgData): Promise<Record<string, string>> {
  const prisma = await getPrisma();
  if (key === "PUT /numbers/{number_id}" || key === "DELETE /numbers/{number_id}") {
    const row = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: owner.numberId } });
    return { "if-match": etagFor(row) };
  }
  if (key === "PUT /extension/{extension}" || key === "DELETE /extension/{extension}") {
    owner.writableExtension = String(20_000 + extensionCounter++);
    const row = await prisma.numberConfiguration.create({
      data: {
        id: `num_matrix_${owner.writableExtension}`,
        organizationId: owner.organizationId,
        kind: "extension",
        number: owner.writableExtension,
        name: "Matrix extension",
      },
    });
    return { "if-match": etagFor(row) };
  }
  if (key === "GET /jobs/{job_id}" || key === "POST /jobs/{job_id}/cancel") {
    owner.jobId = `job_matrix_${extensionCounter++}`;
    await prisma.job.create({
      data: {
        id: owner.jobId,
        organizationId: owner.organizationId,
        type: "lock",
        actorKind: "token",
        actorScopes: [],
        items: { create: [{ position: 0, numberId: owner.numberId }] },
      },
    });
  }
  if (key === "DELETE /webhooks/{webhook_id}") {
    owner.deletableWebhookId = `wh_matrix_${extensionCounter++}`;
    await prisma.webhook.create({
      data: {
        id: owner.deletableWebhookId,
        organizationId: owner.organizationId,
        url: "https://93.184.216.34/matrix",
        events: ["order.created"],
        secret: "whsec_bWF0cml4",
      },
    });
  }
  // Test and re-send cells start from an endpoint with nothing pending (a re-send needs a finished delivery).
  if (key.startsWith("POST /webhooks/{webhook_id}/"))
    await prisma.webhookDelivery.updateMany({
      where: { webhookId: owner.webhookId },
      data: { status: "failed", nextAttemptAt: null },
    });
  return {};
}

export type BuiltRequest = {
  method: Method;
  path: string;
  body: unknown;
  headers: Record<string, string>;
  token?: TestTokenName;
};

export async function buildRequest(cell: Cell, context: MatrixContext): Promise<BuiltRequest> {
  const { method, path: template } = splitKey(cell.key);
  const owner = context.orgs[cell.owner];
  const headers: Record<string, string> = await preconditionHeaders(cell.key, owner);
  const path =
    template.replace(/\{([^}]+)\}/g, (_, name: string) =>
      encodeURIComponent(paramValue(name, cell.key, owner, cell.target)),
    ) + queryFor(cell.key, cell.target, owner);
  let token: TestTokenName | undefined;
  const credential = cell.credential;
  if (credential.kind === "header") headers.authorization = credential.authorization;
  if (credential.kind === "token") token = credential.token;
  if (credential.kind === "session") {
    const { id, email, name, role, organizationId } = demoUsers[credential.user];
    // Session-ending cells (POST /sessions/end-all, POST /password) end the person's sessions:
    // each cell signs in afresh, after any earlier cell's end (lib/auth/end-sessions.ts).
    const prisma = await getPrisma();
    await prisma.user.update({ where: { id }, data: { sessionsValidAfter: null } });
    const value = await encode({
      token: { sub: id, email, name, role, organizationId, [SIGNED_IN_AT_CLAIM]: Date.now() - 60_000 },
      secret: getSessionSecret(),
    });
    headers.cookie = `${sessionCookieName(false)}=${value}`;
    if (method !== "GET") headers.origin = credential.crossSite ? "https://evil.example" : ORIGIN;
  }
  return { method, path, body: bodyFor(cell.key, cell.target, owner), headers, token };
}

// ---------------------------------------------------------------- cells

const customerToken: Record<OrgKey, TestTokenName> = { acme: "acmeAll", globex: "globexAll" };
// Support staff are the operator's (docs/CONTRACT.md §15): one person, outside both organizations.
const supportToken: Record<OrgKey, TestTokenName> = { acme: "support", globex: "support" };
const customerUser = { acme: "acmeCustomer", globex: "globexCustomer" } as const;
const supportUser = { acme: "support", globex: "support" } as const;

/** The fixture token holding every scope but `scope`. */
export function tokenLacking(scope: Scope): TestTokenName {
  const found = (Object.keys(testTokens) as TestTokenName[]).find((name) => {
    const token = testTokens[name];
    const granted: readonly string[] = token.scopes;
    return (
      token.organizationId === "org_acme" &&
      !("expiresAt" in token) &&
      !("revoked" in token) &&
      !granted.includes(scope) &&
      granted.length > 0
    );
  });
  if (!found) throw new Error(`authz matrix: tests/fixtures.ts has no token lacking only ${scope}; add one`);
  return found;
}

const unauthorized: Expectation = { status: 401, code: "unauthorized" };

/** Every route × every state of credentials, all asking for the viewer's (Acme's) own data. */
export function credentialCells(): Cell[] {
  const cells: Cell[] = [];
  for (const key of Object.keys(endpoints) as EndpointKey[]) {
    const definition: EndpointDefinition = endpoints[key];
    const { method } = splitKey(key);
    const scope = definition.scope as Scope | null;
    const sessionOnly = isSessionOnly(key);
    const publicRoute = scope === null && !sessionOnly;
    const success: Expectation =
      credentialRoutes[key] ??
      (accountRoutes.has(key)
        ? { status: 400, code: "invalid_parameter" }
        : (organizationDataRoutes[key]?.own ?? { status: 200 }));
    const add = (name: string, credential: Credential, expect: Expectation) =>
      cells.push({
        name: `${key} · ${name}`,
        key,
        credential,
        viewer: "acme",
        owner: "acme",
        target: "own",
        expect,
      });

    add("no credentials", { kind: "none" }, publicRoute ? success : unauthorized);
    add("malformed Authorization", { kind: "header", authorization: "Bearer not a token!" }, unauthorized);
    add(
      "Authorization of another scheme",
      { kind: "header", authorization: "Basic YWNtZTpwYXNzd29yZA==" },
      unauthorized,
    );
    add("unknown token", { kind: "header", authorization: `Bearer npk_${"u".repeat(43)}` }, unauthorized);
    add("expired token", { kind: "token", token: "acmeExpired" }, unauthorized);
    add("revoked token", { kind: "token", token: "acmeRevoked" }, unauthorized);
    // The role is asked before the token's scopes: a power the owner lacks (support's) refuses first.
    const ownerRefused =
      "permission" in definition &&
      definition.permission !== undefined &&
      !roleMay("owner", definition.permission);
    if (scope !== null)
      add(
        `token lacking ${scope}`,
        { kind: "token", token: tokenLacking(scope) },
        // No token may call a session-only route, whatever its scopes.
        sessionOnly
          ? unauthorized
          : ownerRefused
            ? roleForbidden
            : { status: 401, code: "insufficient_scope" },
      );
    else
      add(
        "token with no scopes",
        { kind: "token", token: "acmeNoScopes" },
        sessionOnly ? unauthorized : success,
      );
    add("valid token", { kind: "token", token: "acmeAll" }, sessionOnly ? unauthorized : success);
    add("signed-in session", { kind: "session", user: "acmeCustomer" }, success);
    if (method !== "GET")
      add(
        "session write from another site",
        { kind: "session", user: "acmeCustomer", crossSite: true },
        unauthorized,
      );
  }
  return cells;
}

/** Routes with organization data × {own, other, support} × {token, session} × both directions. */
export function organizationCells(): Cell[] {
  const cells: Cell[] = [];
  for (const [described, columns] of Object.entries(organizationDataRoutes)) {
    if (!(described in endpoints))
      throw new Error(`authz matrix: ${described} is described but not in the registry`);
    const key = described as EndpointKey;
    const bearer = !isSessionOnly(key);
    for (const viewer of orgKeys) {
      const other = otherOrg(viewer);
      const principals: Array<{ label: string; customer: Credential; support: Credential }> = [
        {
          label: "session",
          customer: { kind: "session", user: customerUser[viewer] },
          support: { kind: "session", user: supportUser[viewer] },
        },
      ];
      if (bearer)
        principals.unshift({
          label: "token",
          customer: { kind: "token", token: customerToken[viewer] },
          support: { kind: "token", token: supportToken[viewer] },
        });
      for (const { label, customer, support } of principals) {
        const add = (target: Cell["target"], owner: OrgKey, credential: Credential, expect: Expectation) =>
          cells.push({
            name: `${key} · ${viewer} ${label} · ${target === "own" ? "own" : target === "other" ? `${other}'s` : `support, ${other}'s`}`,
            key,
            credential,
            viewer,
            owner,
            target,
            expect,
          });
        add("own", viewer, customer, columns.own);
        if (columns.other) add("other", other, customer, columns.other);
        add("support", other, support, columns.support);
      }
    }
  }
  return cells;
}

/** Every registry route must be classified, so a new one cannot slip past the org columns. */
export function unclassifiedRoutes(): string[] {
  return Object.keys(endpoints).filter(
    (key) =>
      !sharedDataRoutes.has(key) &&
      !accountRoutes.has(key) &&
      !(key in organizationDataRoutes) &&
      !(key in credentialRoutes),
  );
}
