// POST /api/v2/order – buy numbers (Idempotency-Key makes a retry safe)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { placeOrder } from "@/lib/orders/place-order";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/order", {
  POST: async ({ principal, body, headers, now }) => {
    const buyer = {
      organizationId: principal.organizationId,
      userId: principal.userId,
      tokenId: principal.tokenId,
    };
    const answer = await placeOrder(buyer, body, headers["Idempotency-Key"] ?? null, now);
    return new Reply(answer.body, { headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {} });
  },
});
