import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import {
  ssoConnectionRequestSchema,
  ssoConnectionSchema,
  ssoDomainParamsSchema,
  verifySsoDomainRequestSchema,
} from "@/lib/schemas/sso";

// Single sign-on: the owner's connection to the organization's OpenID Connect provider, and
// support's verification of its domains. From a portal session only, like the other settings.
const bodyErrors = [
  "unauthorized",
  "invalid_parameter",
  "payload_too_large",
  "unsupported_media_type",
  "role_forbidden",
] as const;

export const ssoEndpoints = {
  "GET /organization/sso": defineEndpoint({
    summary: "Your organization's single sign-on connection (owners only; the client secret is never shown)",
    scope: null,
    permission: "organization:sso",
    auth: "session",
    query: emptyQuerySchema,
    response: ssoConnectionSchema,
    errors: ["unauthorized", "role_forbidden", "not_found"],
  }),
  "PUT /organization/sso": defineEndpoint({
    summary:
      "Connect your organization to its OpenID Connect provider, or change the connection (owners only)",
    scope: null,
    permission: "organization:sso",
    auth: "session",
    query: emptyQuerySchema,
    body: ssoConnectionRequestSchema,
    response: ssoConnectionSchema,
    errors: bodyErrors,
  }),
  "DELETE /organization/sso": defineEndpoint({
    summary: "Disconnect the provider: sessions made through it end (owners only)",
    scope: null,
    permission: "organization:sso",
    auth: "session",
    query: emptyQuerySchema,
    response: z.undefined(),
    status: 204,
    errors: ["unauthorized", "role_forbidden", "not_found"],
  }),
  "POST /organization/sso/domains/{domain}/verify": defineEndpoint({
    summary:
      "Support: mark a domain an organization lists as theirs; its people then sign in through the provider",
    scope: null,
    permission: "domains:verify",
    auth: "session",
    params: ssoDomainParamsSchema,
    query: emptyQuerySchema,
    body: verifySsoDomainRequestSchema,
    response: ssoConnectionSchema,
    errors: [...bodyErrors, "not_found"],
  }),
};
