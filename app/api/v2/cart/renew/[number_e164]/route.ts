// POST /api/v2/cart/renew/{number_e164} – hold one number of your cart again (portal session only)
import "server-only";
import { route } from "@/lib/api/route";
import { renewCartLine, requireCartOwner } from "@/lib/cart/stored-cart";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/cart/renew/{number_e164}", {
  POST: async ({ principal, params, now }) => ({
    data: await renewCartLine(requireCartOwner(principal), params.number_e164, now),
  }),
});
