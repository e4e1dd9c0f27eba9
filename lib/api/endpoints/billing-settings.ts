import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import {
  billingProfileQuerySchema,
  billingProfileRequestSchema,
  billingProfileResponseSchema,
} from "@/lib/schemas/billing-profile";
import {
  billingAlertListQuerySchema,
  billingAlertListResponseSchema,
  billingAlertParamsSchema,
  billingAlertResponseSchema,
  createBillingAlertRequestSchema,
} from "@/lib/schemas/billing-alerts";

const bodyErrors = ["invalid_parameter", "payload_too_large", "unsupported_media_type"] as const;

// What an organization sets about its billing (docs/API.md "Billing"): the profile its invoices are
// made out to, and balance alerts. billing:read reads (support naming the organization),
// billing:write changes (owner, admin, billing).
export const billingSettingsEndpoints = {
  "GET /billing/profile": defineEndpoint({
    summary: "The organization's billing profile: legal name, address, country, VAT ID, billing emails",
    scope: "billing:read",
    query: billingProfileQuerySchema,
    response: billingProfileResponseSchema,
    errors: ["invalid_parameter", "not_found"],
  }),
  "PUT /billing/profile": defineEndpoint({
    summary: "Set the billing profile (replaced whole); the VAT ID is checked for the country's format",
    scope: "billing:write",
    query: emptyQuerySchema,
    body: billingProfileRequestSchema,
    response: billingProfileResponseSchema,
    errors: [...bodyErrors, "invalid_vat_id"],
  }),
  "POST /billing/alerts": defineEndpoint({
    summary:
      "Add a balance alert: billing.alert_triggered and an email once each time available falls below the amount",
    scope: "billing:write",
    query: emptyQuerySchema,
    body: createBillingAlertRequestSchema,
    response: billingAlertResponseSchema,
    status: 201,
    errors: bodyErrors,
  }),
  "GET /billing/alerts": defineEndpoint({
    summary: "The organization's balance alerts (at most 10), by currency",
    scope: "billing:read",
    query: billingAlertListQuerySchema,
    response: billingAlertListResponseSchema,
    errors: ["invalid_parameter"],
  }),
  "DELETE /billing/alerts/{alert_id}": defineEndpoint({
    summary: "Remove a balance alert",
    scope: "billing:write",
    params: billingAlertParamsSchema,
    query: emptyQuerySchema,
    response: z.undefined(),
    status: 204,
    errors: ["invalid_parameter", "not_found"],
  }),
};
