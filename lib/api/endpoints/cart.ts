import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import { cartResponseSchema, putCartRequestSchema } from "@/lib/schemas/cart";
import { reservationParamsSchema } from "@/lib/schemas/reservations";

// The portal's cart (docs/CONTRACT.md §12): each signed-in person's own, kept on the server. scope is
// null because no token scope grants it: the handlers accept a signed-in session only.
export const cartEndpoints = {
  "GET /cart": defineEndpoint({
    summary:
      "Your cart, each named number with its hold: held until when, ended, sold or held by another (portal session only)",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    response: cartResponseSchema,
    errors: ["unauthorized"],
  }),
  "PUT /cart": defineEndpoint({
    summary:
      "Replace your cart; a named number new to it is held for your organization, one left out is released (portal session only)",
    scope: null,
    // Filling a cart holds numbers to buy them (docs/CONTRACT.md §15: owner, admin, billing).
    permission: "orders:write",
    verifiedEmail: true,
    auth: "session",
    query: emptyQuerySchema,
    body: putCartRequestSchema,
    response: cartResponseSchema,
    errors: [
      "email_unverified",
      "unauthorized",
      "invalid_parameter",
      "unknown_region",
      "product_not_found",
      "inconsistent_order",
      "number_unavailable",
      "payload_too_large",
      "unsupported_media_type",
    ],
  }),
  "DELETE /cart": defineEndpoint({
    summary: "Empty your cart and release its holds (portal session only)",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    response: cartResponseSchema,
    errors: ["unauthorized"],
  }),
  "POST /cart/renew": defineEndpoint({
    summary: "Hold every number in your cart again, for the full time from now (portal session only)",
    scope: null,
    permission: "reservations:write",
    verifiedEmail: true,
    auth: "session",
    query: emptyQuerySchema,
    response: cartResponseSchema,
    errors: ["email_unverified", "unauthorized"],
  }),
  "POST /cart/renew/{number_e164}": defineEndpoint({
    summary:
      "Hold one number of your cart again, for the full time from now; the cart's other holds keep their time (portal session only)",
    scope: null,
    permission: "reservations:write",
    verifiedEmail: true,
    auth: "session",
    params: reservationParamsSchema,
    query: emptyQuerySchema,
    response: cartResponseSchema,
    errors: ["email_unverified", "unauthorized", "invalid_parameter", "not_found"],
  }),
};
