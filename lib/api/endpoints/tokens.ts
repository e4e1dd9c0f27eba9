import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import {
  createdTokenResponseSchema,
  createTokenRequestSchema,
  tokenListResponseSchema,
  tokenParamsSchema,
  tokenResponseSchema,
} from "@/lib/schemas/tokens";

// API-token management for the portal (docs/CONTRACT.md §2, §10 /tokens). scope is null because no
// token scope grants it: the handlers accept a signed-in session only (401 otherwise).
export const tokenEndpoints = {
  "GET /tokens": defineEndpoint({
    summary: "List your organization's API tokens (portal session only)",
    scope: null,
    permission: "tokens:manage",
    auth: "session",
    query: emptyQuerySchema,
    response: tokenListResponseSchema,
    errors: ["unauthorized"],
  }),
  "POST /tokens": defineEndpoint({
    summary: "Create an API token; the answer shows its secret, once (portal session only)",
    scope: null,
    permission: "tokens:manage",
    verifiedEmail: true,
    auth: "session",
    query: emptyQuerySchema,
    body: createTokenRequestSchema,
    response: createdTokenResponseSchema,
    errors: [
      "email_unverified",
      "unauthorized",
      "role_forbidden",
      "invalid_parameter",
      "payload_too_large",
      "unsupported_media_type",
    ],
  }),
  "DELETE /tokens/{token_id}": defineEndpoint({
    summary: "Revoke one of your organization's API tokens (portal session only)",
    scope: null,
    permission: "tokens:manage",
    auth: "session",
    params: tokenParamsSchema,
    query: emptyQuerySchema,
    response: tokenResponseSchema,
    errors: ["unauthorized", "invalid_parameter", "not_found"],
  }),
};
