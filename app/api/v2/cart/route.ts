// GET /api/v2/cart – your cart; PUT – replace it (holds new numbers); DELETE – empty it (portal session only)
import { route } from "@/lib/api/route";
import { clearCart, readCart, replaceCart, requireCartOwner } from "@/lib/cart/stored-cart";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/cart", {
  GET: async ({ principal }) => ({ data: await readCart(requireCartOwner(principal)) }),
  PUT: async ({ principal, body }) => ({ data: await replaceCart(requireCartOwner(principal), body) }),
  DELETE: async ({ principal }) => ({ data: await clearCart(requireCartOwner(principal)) }),
});
