import { z } from "zod";
import type { ErrorCode } from "@/lib/errors";

// The sign-in form and the credentials provider read the same rules.
export const signInSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "Enter your email address")
    .max(320, "That email address is too long")
    .pipe(z.email("Enter a valid email address")),
  password: z.string().min(1, "Enter your password").max(200, "That password is too long"),
  // The second step for people with two-factor sign-in: a TOTP code or a recovery code.
  code: z
    .string()
    .trim()
    .max(64, "That code is too long")
    .optional()
    .transform((value) => (value === "" ? undefined : value)),
});

export type SignInRequest = z.output<typeof signInSchema>;

/** The email to continue with single sign-on, when the form holds a valid one; else null. */
export function singleSignOnEmail(email: string): string | null {
  const parsed = signInSchema.shape.email.safeParse(email);
  return parsed.success ? parsed.data : null;
}

// What the credentials provider reports back through next-auth's `error` (it carries a string
// only). The throttle's code carries the minutes to wait: "throttled:12".
export const signInErrors = {
  invalid: "CredentialsSignin",
  throttled: "throttled",
  // The password was right and the person has two-factor sign-in: ask for a code.
  codeRequired: "two_factor_code_required",
  invalidCode: "two_factor_code_invalid",
  // The organization requires its single sign-on provider, and the person is not an owner.
  ssoRequired: "sso_required" satisfies ErrorCode,
} as const;

export function throttledError(retryAfterMs: number): string {
  return `${signInErrors.throttled}:${Math.max(1, Math.ceil(retryAfterMs / 60_000))}`;
}

// Why a sign-in through the organization's provider came back refused (/sign-in?error=sso_…).
const ssoErrorWords: Readonly<Record<string, string>> = {
  sso_email_invalid: "Enter a valid email address to continue with single sign-on.",
  sso_unknown_domain:
    "No organization signs in with single sign-on for that email's domain. Sign in with your password.",
  sso_provider_unavailable:
    "Your organization's identity provider did not answer. Try again in a moment, or ask your administrator.",
  sso_throttled: "Too many sign-ins from here in a minute. Wait a moment and try again.",
  sso_state_invalid: "That sign-in link was already used or has expired. Start signing in again.",
  sso_email_unverified:
    "Your identity provider has not verified your email address, so you cannot sign in with it.",
  sso_email_outside_domains:
    "Your identity provider signed you in with an email outside your organization's domains.",
  sso_email_in_another_organization: "That email already belongs to a member of another organization.",
};

/** The sentence a person reads for an error code next-auth handed back. */
export function describeSignInError(code: string): string {
  if (code.startsWith(`${signInErrors.throttled}:`)) {
    const minutes = Number(code.slice(signInErrors.throttled.length + 1)) || 15;
    return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  }
  if (code === signInErrors.invalid) return "That email and password do not match an account.";
  if (code === signInErrors.codeRequired)
    return "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";
  if (code === signInErrors.ssoRequired)
    return "Your organization signs in through its identity provider: leave the password empty and continue with single sign-on.";
  if (code === signInErrors.invalidCode)
    return "That code is not right, or was already used. Enter the code your app shows now.";
  if (code.startsWith("sso_"))
    return (
      ssoErrorWords[code] ??
      "Your organization's identity provider did not sign you in. Start again, or ask your administrator."
    );
  return "Signing in failed. Please try again.";
}
