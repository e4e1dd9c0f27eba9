import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import { idempotencyKeySchema } from "@/lib/schemas/orders";
import {
  creditRequestSchema,
  paymentRequestSchema,
  paymentResponseSchema,
} from "@/lib/schemas/billing-payments";

// Payments and credits (docs/API.md "Payments, credits and dunning"): support records them for
// an organization; customers are refused 401 role_forbidden. The entry is allocated to the
// oldest unpaid invoices, and clearing what is past due restores good standing at once.
const errors = [
  "invalid_parameter",
  "not_found",
  "idempotency_conflict",
  "payload_too_large",
  "unsupported_media_type",
  "role_forbidden",
] as const;

const idempotencyKey = {
  "Idempotency-Key": {
    description:
      "Up to 255 characters, per organization (the one the money is for), kept 24 h: a repeat with the same body replays the first answer (Idempotent-Replayed: true); another body is 409 idempotency_conflict.",
    schema: idempotencyKeySchema,
  },
};

export const billingPaymentEndpoints = {
  "POST /billing/payments": defineEndpoint({
    summary:
      "Support: record a payment received; it pays the oldest unpaid invoices first and lifts past_due or suspended once nothing is past due",
    scope: "billing:read",
    permission: "organizations:all",
    query: emptyQuerySchema,
    body: paymentRequestSchema,
    response: paymentResponseSchema,
    status: 201,
    errors,
    requestHeaders: idempotencyKey,
  }),
  "POST /billing/credits": defineEndpoint({
    summary:
      "Support: credit an organization; like a payment, it pays the oldest unpaid invoices first and can lift past_due or suspended",
    scope: "billing:read",
    permission: "organizations:all",
    query: emptyQuerySchema,
    body: creditRequestSchema,
    response: paymentResponseSchema,
    status: 201,
    errors,
    requestHeaders: idempotencyKey,
  }),
};
