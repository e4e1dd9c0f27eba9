// GET /api/v2/numbers/{number_id}/active_rule – the rule that handles a call at ?at= (default now)
import "server-only";
import { route } from "@/lib/api/route";
import { getActiveRuleForNumber } from "@/lib/numbers/configurations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers/{number_id}/active_rule", {
  GET: async ({ principal, params, query, now }) => ({
    data: await getActiveRuleForNumber(principal, params.number_id, query.at ?? now, now),
  }),
});
