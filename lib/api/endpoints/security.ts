import { z } from "zod";
import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import {
  changePasswordRequestSchema,
  disableTwoFactorRequestSchema,
  organizationSettingsPatchSchema,
  organizationSettingsSchema,
  recoveryCodesSchema,
  twoFactorCodeRequestSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from "@/lib/schemas/security";

// A person's own security (docs/CONTRACT.md §15), from a portal session only: an API token can
// neither change a password nor turn off two-factor sign-in.
const noContent = z.undefined();
const bodyErrors = [
  "unauthorized",
  "invalid_parameter",
  "payload_too_large",
  "unsupported_media_type",
] as const;

export const securityEndpoints = {
  "POST /sessions/end-all": defineEndpoint({
    summary: "Sign out everywhere: every session of the caller ends on every instance, this one too",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    response: noContent,
    status: 204,
    errors: ["unauthorized"],
  }),
  "POST /password": defineEndpoint({
    summary: "Change your password; every other session of yours ends, and this one is renewed (Set-Cookie)",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    body: changePasswordRequestSchema,
    response: noContent,
    status: 204,
    errors: [...bodyErrors, "rate_limited"],
  }),
  "GET /two-factor": defineEndpoint({
    summary: "Whether two-factor sign-in is on for you, and recovery codes left",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    response: twoFactorStatusSchema,
    errors: ["unauthorized"],
  }),
  "POST /two-factor/enrolment": defineEndpoint({
    summary: "Start setting up an authenticator app: a new secret, its otpauth URI and QR code",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    response: twoFactorEnrolmentSchema,
    errors: ["unauthorized", "invalid_parameter"],
  }),
  "POST /two-factor/enrolment/confirm": defineEndpoint({
    summary: "Turn two-factor sign-in on with a code from the app; answers the recovery codes, once",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    body: twoFactorCodeRequestSchema,
    response: recoveryCodesSchema,
    errors: bodyErrors,
  }),
  "POST /two-factor/disable": defineEndpoint({
    summary: "Turn two-factor sign-in off, with a code (or recovery code) or your password",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    body: disableTwoFactorRequestSchema,
    response: noContent,
    status: 204,
    errors: [...bodyErrors, "rate_limited"],
  }),
  "POST /two-factor/recovery-codes": defineEndpoint({
    summary: "New recovery codes (the old ones stop working), with a current code; shown once",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    body: twoFactorCodeRequestSchema,
    response: recoveryCodesSchema,
    errors: [...bodyErrors, "rate_limited"],
  }),
  "GET /organization/settings": defineEndpoint({
    summary: "Your organization's settings",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    response: organizationSettingsSchema,
    errors: ["unauthorized"],
  }),
  "PATCH /organization/settings": defineEndpoint({
    summary: "Change your organization's settings: require two-factor sign-in (owners only)",
    scope: null,
    permission: "organization:settings",
    auth: "session",
    query: emptyQuerySchema,
    body: organizationSettingsPatchSchema,
    response: organizationSettingsSchema,
    errors: [...bodyErrors, "role_forbidden"],
  }),
};
