import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import type { Viewer } from "@/lib/auth/types";

export type OrganizationEntry = { organization_id: string; name: string };

/**
 * Every organization with its name, by name (contract §2), so support never reads a bare id.
 * Support only: a customer is answered 404, like any resource that is not theirs to see, so
 * the list of other customers does not leak.
 */
export async function listOrganizations(viewer: Viewer): Promise<OrganizationEntry[]> {
  if (viewer.role !== "support")
    throw new ApiError("not_found", "Listing organizations is for support users.", "path=/organizations");
  const prisma = await getPrisma();
  const rows = await prisma.organization.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
  return rows.map((row) => ({ organization_id: row.id, name: row.name }));
}
