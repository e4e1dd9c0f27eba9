import { endpoints, splitKey, type EndpointDefinition, type EndpointKey } from "@/lib/api/registry";
import type { Scope } from "@/lib/schemas/scopes";
import { roleMay } from "@/lib/auth/roles";
import { testTokens, type TestTokenName } from "@/tests/fixtures";
import { roleForbidden } from "@/tests/authz/matrix/checks";
import {
  accountRoutes,
  credentialRoutes,
  isSessionOnly,
  organizationDataRoutes,
} from "@/tests/authz/matrix/routes";
import {
  orgKeys,
  otherOrg,
  type Cell,
  type Credential,
  type Expectation,
  type OrgKey,
} from "@/tests/authz/matrix/types";

// The matrix's cells: every route × every state of credentials, and every route with an
// organization's data × {own, another organization's, support} × {token, session} × both
// organizations.

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
