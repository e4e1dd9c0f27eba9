import "server-only";
import { ownOrganizationUnlessSupport, readableOrganizations } from "@/lib/auth/organization-filter";
import type { Viewer } from "@/lib/auth/types";

// End users, addresses and documents (docs/CONTRACT.md §17): each kind in a file of its own
// (end-users.ts, addresses.ts, documents.ts), reading pages alike through readPage below. Reads
// are the organization's own, or any organization's for support; writes are always the caller's
// organization's. Another organization's record is 404, never 403.

export type Page = { limit: number; offset: number; organization_id?: string };

/** Statuses of a bundle that has been handed in: its documents and addresses are frozen. */
export const SUBMITTED_STATUSES = ["pending_review", "approved"] as const;

/** Who may read a record by id: its organization, or support. */
export function readableBy(viewer: Viewer): { organizationId?: string } {
  return ownOrganizationUnlessSupport(viewer);
}

type PageArgs = {
  where: { organizationId?: string };
  orderBy: [{ createdAt: "desc" }, { id: "desc" }];
  take: number;
  skip: number;
};

/**
 * One page of a kind of record the viewer may read, newest first, and how many there are:
 * the same for end users, addresses and documents, each passing its own table's two calls.
 */
export async function readPage<Row, View>(
  viewer: Viewer,
  query: Page,
  rows: (args: PageArgs) => Promise<Row[]>,
  count: (where: PageArgs["where"]) => Promise<number>,
  view: (row: Row) => View,
): Promise<{ items: View[]; total: number }> {
  const where = readableOrganizations(viewer, query.organization_id);
  const [page, total] = await Promise.all([
    rows({ where, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: query.limit, skip: query.offset }),
    count(where),
  ]);
  return { items: page.map(view), total };
}
