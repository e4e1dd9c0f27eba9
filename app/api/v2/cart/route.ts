// GET /api/v2/cart – your cart; PUT – replace it (holds new numbers); DELETE – empty it (portal session only)
import "server-only";
import { route } from "@/lib/api/route";
import { clearCart, readCart, replaceCart, requireCartOwner } from "@/lib/cart/stored-cart";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/cart", {
  GET: async ({ principal, now }) => ({ data: await readCart(requireCartOwner(principal), now) }),
  PUT: async ({ principal, body, now }) => ({
    data: await replaceCart(requireCartOwner(principal), body, now),
  }),
  DELETE: async ({ principal, now }) => ({ data: await clearCart(requireCartOwner(principal), now) }),
});
