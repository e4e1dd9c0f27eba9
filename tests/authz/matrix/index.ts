// The authorization matrix, generated from the endpoint registry: every route × every state
// of credentials, and every route that reads or writes an organization's data × {own,
// another organization's, support}. A route the registry gains is in the matrix at once; one
// these files cannot classify or give parameters to fails the matrix until it is described:
// its rows in its area's file (accounts.ts, billing.ts, compliance.ts, numbers.ts, porting.ts,
// tokens-holds.ts, webhooks.ts), put together in routes.ts; its parameters and body in
// requests.ts; the cells in cells.ts.
export * from "@/tests/authz/matrix/types";
export {
  accountRoutes,
  credentialRoutes,
  isSessionOnly,
  organizationDataRoutes,
  sessionOnlyRoutes,
  sharedDataRoutes,
  unclassifiedRoutes,
} from "@/tests/authz/matrix/routes";
export { buildRequest, type BuiltRequest } from "@/tests/authz/matrix/requests";
export { credentialCells, organizationCells, tokenLacking } from "@/tests/authz/matrix/cells";
