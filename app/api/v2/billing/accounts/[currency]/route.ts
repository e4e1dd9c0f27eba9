// PATCH /api/v2/billing/accounts/{currency} – support changes an organization's credit limit
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { changeCreditLimit } from "@/lib/billing/accounts";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/accounts/{currency}", {
  PATCH: async ({ principal, params, body, now }) =>
    new Reply(await changeCreditLimit(principal, params.currency, body, now)),
});
