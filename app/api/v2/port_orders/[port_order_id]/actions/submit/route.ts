// POST /api/v2/port_orders/{port_order_id}/actions/submit (Idempotency-Key accepted)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { submitPortOrder } from "@/lib/porting/actions";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(
  "/port_orders/{port_order_id}/actions/submit",
  {
    POST: async ({ principal, params, headers, now }) => {
      const answer = await submitPortOrder(principal, params.port_order_id, headers["Idempotency-Key"], now);
      return new Reply(answer.body, { headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {} });
    },
  },
);
