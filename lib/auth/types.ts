import type { Scope } from "@/lib/schemas/scopes";

import type { Role } from "@/lib/schemas/roles";

export type { Role } from "@/lib/schemas/roles";

/** Who is calling: an API token, or a person signed in to the portal. */
export type Principal = {
  kind: "token" | "session";
  /** The token id or the user id, for logs. */
  id: string;
  organizationId: string;
  role: Role;
  /**
   * What the caller may do now: a token's scopes capped by its creator's current role
   * (docs/CONTRACT.md §15).
   */
  scopes: readonly Scope[];
  userId: string | null;
  tokenId: string | null;
  /** False for a person who has not verified their email yet (docs/CONTRACT.md §15); absent: verified. */
  emailVerified?: boolean;
};

/**
 * Background work acting on its own (the worker's sweeps: a number released at its documents
 * deadline, docs/CONTRACT.md §17): no person, no token and no role, so no role or scope check
 * applies to it by construction. Only the worker builds one (`systemWriter`); the endpoint
 * wrapper builds a Principal from a token or a session, and a Principal is never this.
 */
export type SystemWriter = {
  kind: "system";
  /** The organization whose data the work changes. */
  organizationId: string;
  userId: null;
  tokenId: null;
};

/** The system as the writer of one organization's data, for the worker's sweeps. */
export function systemWriter(organizationId: string): SystemWriter {
  return { kind: "system", organizationId, userId: null, tokenId: null };
}

/** Whose data a reader may see: their organization, or every one for support. */
export type Viewer = Pick<Principal, "organizationId" | "role">;
