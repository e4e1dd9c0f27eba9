// GET /api/v2/orders/{reference_id} – one order with its items and assigned numbers
import "server-only";
import { route } from "@/lib/api/route";
import { getOrderOrThrow } from "@/lib/orders/read-orders";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/orders/{reference_id}", {
  GET: async ({ principal, params }) => ({ data: await getOrderOrThrow(principal, params.reference_id) }),
});
