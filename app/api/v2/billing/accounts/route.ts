// GET /api/v2/billing/accounts – the organization's billing accounts (support: one or every organization's)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { listAccounts } from "@/lib/billing/accounts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/accounts", {
  GET: async ({ principal, query }) =>
    new Reply({ data: await listAccounts(principal, query.organization_id) }),
});
