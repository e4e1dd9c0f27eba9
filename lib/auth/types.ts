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

/** Whose data a reader may see: their organization, or every one for support. */
export type Viewer = Pick<Principal, "organizationId" | "role">;
