// The authorization matrix, generated from the endpoint registry: every route × every state
// of credentials, and every route that reads or writes an organization's data × {own,
// another organization's, support}. A route the registry gains is in the matrix at once; one
// this file cannot classify or give parameters to fails the matrix until it is described here.
import { encode } from "next-auth/jwt";
import { endpoints, splitKey, type EndpointKey, type Method } from "@/lib/api/registry";
import type { Scope } from "@/lib/auth/scopes";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { getPrisma } from "@/lib/db/client";
import { demoUsers } from "@/prisma/seed/fixtures";
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
  /** A token its own organization revokes in the matrix. */
  victimTokenId: string;
  /** A token other organizations try to revoke: it must stay alive. */
  guardedTokenId: string;
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
export const sessionOnlyRoutes: ReadonlySet<string> = new Set(["GET /tokens", "POST /tokens", "DELETE /tokens/{token_id}"]);

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

type Listed = { data: Array<Record<string, unknown>> };
const list = (body: unknown) => (body as Listed).data;

function allOf(organizationId: string, field = "organization_id") {
  return (items: Array<Record<string, unknown>>, what: string) => {
    const strangers = items.filter((item) => item[field] !== organizationId);
    if (strangers.length > 0) throw new Error(`${what}: ${strangers.length} item(s) of another organization than ${organizationId}`);
  };
}

function nonEmpty(items: unknown[], what: string) {
  if (items.length === 0) throw new Error(`${what}: expected at least one item`);
}

const listsOnly = (who: "viewer" | "owner"): Expectation["check"] => (body, context, viewer, owner) => {
  const items = list(body);
  nonEmpty(items, "list");
  allOf(context.orgs[who === "viewer" ? viewer : owner].organizationId)(items, "list");
};

const listsNothing: Expectation["check"] = (body) => {
  if (list(body).length !== 0) throw new Error(`expected an empty list, got ${list(body).length} item(s)`);
};

const isOf = (who: "viewer" | "owner"): Expectation["check"] => (body, context, viewer, owner) => {
  const item = (body as { data: Record<string, unknown> }).data;
  const expected = context.orgs[who === "viewer" ? viewer : owner].organizationId;
  if ("organization_id" in item && item.organization_id !== expected) throw new Error(`expected ${expected}'s, got ${String(item.organization_id)}'s`);
};

const notFound: Expectation = { status: 404, code: "not_found" };

/** The order a 200 placed belongs to the buyer's organization, whoever the buyer is. */
const orderedForViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const referenceId = (body as { data: { reference_id: string } }).data.reference_id;
  const order = await prisma.order.findUniqueOrThrow({ where: { referenceId } });
  if (order.organizationId !== context.orgs[viewer].organizationId) throw new Error(`order ${referenceId} was placed for ${order.organizationId}`);
};

const tokenOfViewer: Expectation["check"] = async (body, context, viewer) => {
  const prisma = await getPrisma();
  const id = (body as { data: { id: string } }).data.id;
  const token = await prisma.apiToken.findUniqueOrThrow({ where: { id } });
  if (token.organizationId !== context.orgs[viewer].organizationId) throw new Error(`token ${id} was made for ${token.organizationId}`);
};

/** A refused revocation left the other organization's token alive. */
const victimAlive: Expectation["check"] = async (_body, context, _viewer, owner) => {
  const prisma = await getPrisma();
  const token = await prisma.apiToken.findUniqueOrThrow({ where: { id: context.orgs[owner].guardedTokenId } });
  if (token.revokedAt !== null) throw new Error(`${owner}'s token was revoked by another organization`);
};

/**
 * Routes with an organization's data: what each column answers. `own` is the viewer's own
 * resource, `other` another organization's named by a customer, `support` another
 * organization's asked for by a support user of the viewer's organization.
 */
export const organizationDataRoutes: Readonly<Record<string, { own: Expectation; other?: Expectation; support: Expectation }>> = {
  "GET /orders": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 200, check: listsNothing },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
  },
  "GET /orders/{reference_id}": {
    own: { status: 200, check: isOf("viewer") },
    other: notFound,
    support: { status: 200, mayShowOther: true, check: isOf("owner") },
  },
  // Support may not buy for another organization: the order is always the buyer's own.
  "POST /order": {
    own: { status: 200, check: orderedForViewer },
    other: { status: 409, code: "number_unavailable" },
    support: { status: 200, check: orderedForViewer },
  },
  "GET /numbers": {
    own: { status: 200, check: listsOnly("viewer") },
    other: { status: 200, check: listsNothing },
    support: { status: 200, mayShowOther: true, check: listsOnly("owner") },
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
  // Tokens are the organization's: support people manage only their own organization's.
  "GET /tokens": { own: { status: 200 }, support: { status: 200 } },
  "POST /tokens": { own: { status: 200, check: tokenOfViewer }, support: { status: 200, check: tokenOfViewer } },
  "DELETE /tokens/{token_id}": { own: { status: 200 }, other: { ...notFound, check: victimAlive }, support: { ...notFound, check: victimAlive } },
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
      return owner.onlyExtension;
    case "token_id":
      return target === "own" ? owner.victimTokenId : owner.guardedTokenId;
    default:
      throw new Error(`authz matrix: no sample for the path parameter {${name}} of ${key}; add one to paramValue in tests/authz/matrix.ts`);
  }
}

/** The query string that asks for the owner's data where the path names none. */
function queryFor(key: string, target: Cell["target"], owner: OrgData): string {
  if (target === "own") return "";
  if (key === "GET /orders") return `?organization_id=${owner.organizationId}`;
  if (key === "GET /numbers") return target === "support" ? `?organization_id=${owner.organizationId}` : `?number_id=${owner.numberId}`;
  return "";
}

function bodyFor(key: string, target: Cell["target"], owner: OrgData): unknown {
  if (key === "POST /order") {
    return target === "other"
      ? { contact_name: "Matrix buyer", items: [{ number_e164: owner.numberE164 }] }
      : { contact_name: "Matrix buyer", items: [{ country: "GB", number_type: "mobile", quantity: 1 }] };
  }
  if (key === "POST /tokens") return { name: "matrix token", scopes: ["reference:read"] };
  const definition = endpoints[key as EndpointKey];
  if ("body" in definition && definition.body) throw new Error(`authz matrix: no sample body for ${key}; add one to bodyFor in tests/authz/matrix.ts`);
  return undefined;
}

export type BuiltRequest = { method: Method; path: string; body: unknown; headers: Record<string, string>; token?: TestTokenName };

export async function buildRequest(cell: Cell, context: MatrixContext): Promise<BuiltRequest> {
  const { method, path: template } = splitKey(cell.key);
  const owner = context.orgs[cell.owner];
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(paramValue(name, cell.key, owner, cell.target))) + queryFor(cell.key, cell.target, owner);
  const headers: Record<string, string> = {};
  let token: TestTokenName | undefined;
  const credential = cell.credential;
  if (credential.kind === "header") headers.authorization = credential.authorization;
  if (credential.kind === "token") token = credential.token;
  if (credential.kind === "session") {
    const { id, email, name, role, organizationId } = demoUsers[credential.user];
    const value = await encode({ token: { sub: id, email, name, role, organizationId }, secret: getSessionSecret() });
    headers.cookie = `${sessionCookieName(false)}=${value}`;
    if (method !== "GET") headers.origin = credential.crossSite ? "https://evil.example" : ORIGIN;
  }
  return { method, path, body: bodyFor(cell.key, cell.target, owner), headers, token };
}

// ---------------------------------------------------------------- cells

const customerToken: Record<OrgKey, TestTokenName> = { acme: "acmeAll", globex: "globexAll" };
const supportToken: Record<OrgKey, TestTokenName> = { acme: "acmeSupport", globex: "globexSupport" };
const customerUser = { acme: "acmeCustomer", globex: "globexCustomer" } as const;
const supportUser = { acme: "acmeSupport", globex: "globexSupport" } as const;

/** The fixture token holding every scope but `scope`. */
export function tokenLacking(scope: Scope): TestTokenName {
  const found = (Object.keys(testTokens) as TestTokenName[]).find((name) => {
    const token = testTokens[name];
    const granted: readonly string[] = token.scopes;
    return token.organizationId === "org_acme" && !("expiresAt" in token) && !("revoked" in token) && !granted.includes(scope) && granted.length > 0;
  });
  if (!found) throw new Error(`authz matrix: tests/fixtures.ts has no token lacking only ${scope}; add one`);
  return found;
}

const unauthorized: Expectation = { status: 401, code: "unauthorized" };

/** Every route × every state of credentials, all asking for the viewer's (Acme's) own data. */
export function credentialCells(): Cell[] {
  const cells: Cell[] = [];
  for (const key of Object.keys(endpoints) as EndpointKey[]) {
    const definition = endpoints[key];
    const { method } = splitKey(key);
    const scope = definition.scope as Scope | null;
    const sessionOnly = sessionOnlyRoutes.has(key);
    const publicRoute = scope === null && !sessionOnly;
    const success: Expectation = organizationDataRoutes[key]?.own ?? { status: 200 };
    const add = (name: string, credential: Credential, expect: Expectation) =>
      cells.push({ name: `${key} · ${name}`, key, credential, viewer: "acme", owner: "acme", target: "own", expect });

    add("no credentials", { kind: "none" }, publicRoute ? success : unauthorized);
    add("malformed Authorization", { kind: "header", authorization: "Bearer not a token!" }, unauthorized);
    add("Authorization of another scheme", { kind: "header", authorization: "Basic YWNtZTpwYXNzd29yZA==" }, unauthorized);
    add("unknown token", { kind: "header", authorization: `Bearer npk_${"u".repeat(43)}` }, unauthorized);
    add("expired token", { kind: "token", token: "acmeExpired" }, unauthorized);
    add("revoked token", { kind: "token", token: "acmeRevoked" }, unauthorized);
    if (scope !== null) add(`token lacking ${scope}`, { kind: "token", token: tokenLacking(scope) }, { status: 401, code: "insufficient_scope" });
    else add("token with no scopes", { kind: "token", token: "acmeNoScopes" }, sessionOnly ? unauthorized : success);
    add("valid token", { kind: "token", token: "acmeAll" }, sessionOnly ? unauthorized : success);
    add("signed-in session", { kind: "session", user: "acmeCustomer" }, success);
    if (method !== "GET") add("session write from another site", { kind: "session", user: "acmeCustomer", crossSite: true }, unauthorized);
  }
  return cells;
}

/** Routes with organization data × {own, other, support} × {token, session} × both directions. */
export function organizationCells(): Cell[] {
  const cells: Cell[] = [];
  for (const [described, columns] of Object.entries(organizationDataRoutes)) {
    if (!(described in endpoints)) throw new Error(`authz matrix: ${described} is described but not in the registry`);
    const key = described as EndpointKey;
    const bearer = !sessionOnlyRoutes.has(key);
    for (const viewer of orgKeys) {
      const other = otherOrg(viewer);
      const principals: Array<{ label: string; customer: Credential; support: Credential }> = [
        { label: "session", customer: { kind: "session", user: customerUser[viewer] }, support: { kind: "session", user: supportUser[viewer] } },
      ];
      if (bearer) principals.unshift({ label: "token", customer: { kind: "token", token: customerToken[viewer] }, support: { kind: "token", token: supportToken[viewer] } });
      for (const { label, customer, support } of principals) {
        const add = (target: Cell["target"], owner: OrgKey, credential: Credential, expect: Expectation) =>
          cells.push({ name: `${key} · ${viewer} ${label} · ${target === "own" ? "own" : target === "other" ? `${other}'s` : `support, ${other}'s`}`, key, credential, viewer, owner, target, expect });
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
  return Object.keys(endpoints).filter((key) => !sharedDataRoutes.has(key) && !(key in organizationDataRoutes));
}
