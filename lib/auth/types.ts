import type { Scope } from "@/lib/schemas/scopes";

export type Role = "customer" | "support";

/** Who is calling: an API token, or a person signed in to the portal. */
export type Principal = {
  kind: "token" | "session";
  /** The token id or the user id, for logs. */
  id: string;
  organizationId: string;
  role: Role;
  scopes: readonly Scope[];
  userId: string | null;
  tokenId: string | null;
};

/** Whose data a reader may see: their organization, or every one for support. */
export type Viewer = Pick<Principal, "organizationId" | "role">;
