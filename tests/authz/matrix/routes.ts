import { endpoints, type EndpointKey } from "@/lib/api/registry";
import type { DataColumns, Expectation } from "@/tests/authz/matrix/types";
import { accountCredentialRoutes, accountDataRoutes } from "@/tests/authz/matrix/accounts";
import { billingCredentialRoutes, billingDataRoutes } from "@/tests/authz/matrix/billing";
import { complianceCredentialRoutes } from "@/tests/authz/matrix/compliance";
import { numberDataRoutes } from "@/tests/authz/matrix/numbers";
import { portingCredentialRoutes } from "@/tests/authz/matrix/porting";
import { tokenCartHoldDataRoutes } from "@/tests/authz/matrix/tokens-holds";
import { webhookDataRoutes } from "@/tests/authz/matrix/webhooks";

// Route classification: every route of the registry is shared data, an account action, a
// credential row or organization data. Each area's rows are in its own file; they are put
// together here in the order the matrix runs them.

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

/**
 * Routes the credential matrix covers with what an Acme owner's request past the credentials
 * answers. Writes get an empty body (400) or name nothing that exists (404), so no cell
 * changes a password, a member, an invitation or a compliance record: what they do, and
 * whose data they show, is tested beside each route (app/api/v2/…). They have no
 * organization columns here yet.
 */
export const credentialRoutes: Readonly<Record<string, Expectation>> = {
  ...accountCredentialRoutes,
  ...complianceCredentialRoutes,
  ...billingCredentialRoutes,
  ...portingCredentialRoutes,
};

/**
 * Routes with an organization's data: what each column answers. `own` is the viewer's own
 * resource, `other` another organization's named by a customer, `support` another
 * organization's asked for by a support user of the viewer's organization.
 */
export const organizationDataRoutes: Readonly<Record<string, DataColumns>> = {
  ...numberDataRoutes,
  ...tokenCartHoldDataRoutes,
  ...webhookDataRoutes,
  ...accountDataRoutes,
  ...billingDataRoutes,
};

/** Bodies of the credential-only routes: empty, so nothing is changed. */
export const emptyBodyRoutes: ReadonlySet<string> = new Set(
  Object.entries(credentialRoutes)
    .filter(([key]) => {
      const definition = endpoints[key as EndpointKey];
      return "body" in definition && Boolean(definition.body);
    })
    .map(([key]) => key),
);

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
