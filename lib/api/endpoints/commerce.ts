import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import { countryParamsSchema, countryTypeParamsSchema } from "@/lib/schemas/reference";
import { inventoryListSchema, inventoryQuerySchema } from "@/lib/schemas/inventory";
import {
  productMapSchema,
  productParamsSchema,
  productRegionParamsSchema,
  productTypeParamsSchema,
} from "@/lib/schemas/products";
import {
  idempotencyKeySchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderParamsSchema,
  orderPlacedSchema,
  orderRequestSchema,
  orderResponseSchema,
} from "@/lib/schemas/orders";

const inventoryErrors = [
  "invalid_parameter",
  "unknown_country",
  "unknown_number_type",
  "unknown_region",
  "unknown_document_type",
] as const;
const productErrors = [
  "invalid_parameter",
  "unknown_country",
  "unknown_number_type",
  "unknown_region",
] as const;

// Inventory search, products and orders (docs/CONTRACT.md §5–§7).
export const commerceEndpoints = {
  "GET /inventory/{country}": defineEndpoint({
    summary: "Search the numbers for sale in a country",
    scope: "inventory:read",
    params: countryParamsSchema,
    query: inventoryQuerySchema,
    response: inventoryListSchema,
    errors: inventoryErrors,
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "GET /inventory/{country}/{number_type}": defineEndpoint({
    summary: "Search the numbers for sale in a country, of one number type",
    scope: "inventory:read",
    params: countryTypeParamsSchema,
    query: inventoryQuerySchema,
    response: inventoryListSchema,
    errors: inventoryErrors,
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "GET /products/{country}": defineEndpoint({
    summary: "Products and prices of a country",
    scope: "products:read",
    params: productParamsSchema,
    query: emptyQuerySchema,
    response: productMapSchema,
    errors: productErrors,
  }),
  "GET /products/{country}/{number_type}": defineEndpoint({
    summary: "Products and prices of a country and number type",
    scope: "products:read",
    params: productTypeParamsSchema,
    query: emptyQuerySchema,
    response: productMapSchema,
    errors: productErrors,
  }),
  "GET /products/{country}/{number_type}/{region}": defineEndpoint({
    summary: "Products and prices of one region",
    scope: "products:read",
    params: productRegionParamsSchema,
    query: emptyQuerySchema,
    response: productMapSchema,
    errors: productErrors,
  }),
  "POST /order": defineEndpoint({
    summary: "Order numbers: named ones, or a quantity in a geography (back-ordered beyond stock)",
    scope: "orders:write",
    verifiedEmail: true,
    query: emptyQuerySchema,
    body: orderRequestSchema,
    response: orderPlacedSchema,
    errors: [
      "email_unverified",
      "invalid_parameter",
      "unknown_country",
      "unknown_number_type",
      "unknown_region",
      "inconsistent_order",
      "product_not_found",
      "number_unavailable",
      "idempotency_conflict",
      "invalid_bundle",
      "insufficient_funds",
      "account_past_due",
      "payload_too_large",
      "unsupported_media_type",
    ],
    rateLimit: "orders",
    requestHeaders: {
      "Idempotency-Key": {
        description:
          "Up to 255 characters, per organization, kept 24 h: a repeat with the same body replays the first answer; another body is 409 idempotency_conflict.",
        schema: idempotencyKeySchema,
      },
    },
  }),
  "GET /orders": defineEndpoint({
    summary: "The organization's orders, newest first",
    scope: "orders:read",
    query: orderListQuerySchema,
    response: orderListResponseSchema,
    errors: ["invalid_parameter"],
    responseHeaders: ["X-Total-Count", "Link"],
  }),
  "GET /orders/{reference_id}": defineEndpoint({
    summary: "One order, with its items, assigned numbers and back-orders",
    scope: "orders:read",
    params: orderParamsSchema,
    query: emptyQuerySchema,
    response: orderResponseSchema,
    errors: ["invalid_parameter", "not_found"],
  }),
};
