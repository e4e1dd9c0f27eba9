import type { EndpointKey } from "@/lib/api/registry";
import type { demoUsers } from "@/prisma/seed/fixtures";
import type { TestTokenName } from "@/tests/fixtures";

// The authorization matrix's vocabulary: the two organizations, what the matrix knows of each,
// the credentials a cell sends and what it expects back.

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

/** What each column of a route with an organization's data answers (routes.ts says which is which). */
export type DataColumns = { own: Expectation; other?: Expectation; support: Expectation };
