// POST /api/v2/cart/renew – hold every number in your cart again (portal session only)
import "server-only";
import { route } from "@/lib/api/route";
import { renewCart, requireCartOwner } from "@/lib/cart/stored-cart";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/cart/renew", {
  POST: async ({ principal, now }) => ({ data: await renewCart(requireCartOwner(principal), now) }),
});
