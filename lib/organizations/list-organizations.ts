import "server-only";
import { ApiError } from "@/lib/errors";
import { readDb } from "@/lib/db/replicas";
import type { Viewer } from "@/lib/auth/types";
import { roleMay } from "@/lib/auth/roles";

export type OrganizationEntry = { organization_id: string; name: string };

/**
 * Every customer organization with its name, by name (docs/CONTRACT.md §2), so support never reads a
 * bare id; the operator's own is left out.
 * Support only: a customer is answered 404, like any resource that is not theirs to see, so
 * the list of other customers does not leak.
 */
export async function listOrganizations(viewer: Viewer): Promise<OrganizationEntry[]> {
  if (!roleMay(viewer.role, "organizations:all"))
    throw new ApiError("not_found", "Listing organizations is for support users.", "path=/organizations");
  const prisma = await readDb();
  const rows = await prisma.organization.findMany({
    // The operator's own organization is not a customer: nothing of a customer's lives there.
    where: { isOperator: false },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
  return rows.map((row) => ({ organization_id: row.id, name: row.name }));
}
