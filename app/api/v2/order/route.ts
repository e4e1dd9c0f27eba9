// POST /api/v2/order – buy numbers (Idempotency-Key makes a retry safe)
import { Reply, route } from "@/lib/api/route";
import { placeOrder } from "@/lib/orders/place-order";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/order", {
  POST: async ({ request, principal, body }) => {
    const buyer = { organizationId: principal.organizationId, userId: principal.userId, tokenId: principal.tokenId };
    const answer = await placeOrder(buyer, body, request.headers.get("idempotency-key"));
    return new Reply(answer.body, { status: answer.status, headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {} });
  },
});
