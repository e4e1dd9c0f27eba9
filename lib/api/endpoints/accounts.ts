import { defineEndpoint } from "@/lib/api/endpoint-definition";
import { emptyQuerySchema } from "@/lib/schemas/common";
import {
  acceptedSchema,
  passwordChangedSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  signUpRequestSchema,
  verifiedSchema,
  verifyEmailRequestSchema,
} from "@/lib/schemas/accounts";

// Sign-up, email verification and password reset (docs/CONTRACT.md §15). No token: these are for
// people who are not signed in (resend: signed in, not yet verified). Each is throttled per
// client address (and reset per email) in the shared counter store.
const bodyErrors = [
  "invalid_parameter",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited",
] as const;

export const accountEndpoints = {
  "POST /signup": defineEndpoint({
    summary:
      "Sign up: a new organization with you as its owner; the same answer whether or not the email has an account",
    scope: null,
    query: emptyQuerySchema,
    body: signUpRequestSchema,
    response: acceptedSchema,
    status: 202,
    errors: bodyErrors,
  }),
  "POST /verification": defineEndpoint({
    summary: "Verify your email with the token from the link we sent (valid 24 h, once)",
    scope: null,
    query: emptyQuerySchema,
    body: verifyEmailRequestSchema,
    response: verifiedSchema,
    errors: bodyErrors,
  }),
  "POST /verification/resend": defineEndpoint({
    summary: "Send the verification link again (portal session of a person not verified yet)",
    scope: null,
    auth: "session",
    query: emptyQuerySchema,
    response: acceptedSchema,
    status: 202,
    errors: ["unauthorized", "invalid_parameter", "rate_limited"],
  }),
  "POST /password-reset": defineEndpoint({
    summary: "Ask for a password reset link; the same answer whatever the email",
    scope: null,
    query: emptyQuerySchema,
    body: passwordResetRequestSchema,
    response: acceptedSchema,
    status: 202,
    errors: bodyErrors,
  }),
  "POST /password-reset/confirm": defineEndpoint({
    summary: "Set a new password with the token from the reset link (valid 1 h, once); ends your sessions",
    scope: null,
    query: emptyQuerySchema,
    body: passwordResetConfirmSchema,
    response: passwordChangedSchema,
    errors: bodyErrors,
  }),
};
