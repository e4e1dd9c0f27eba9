import { z } from "zod";

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

// What the credentials provider reports back through next-auth's `error` (it carries a string
// only). The throttle's code carries the minutes to wait: "throttled:12".
export const signInErrors = {
  invalid: "CredentialsSignin",
  throttled: "throttled",
  // The password was right and the person has two-factor sign-in: ask for a code.
  codeRequired: "two_factor_code_required",
  invalidCode: "two_factor_code_invalid",
} as const;

export function throttledError(retryAfterMs: number): string {
  return `${signInErrors.throttled}:${Math.max(1, Math.ceil(retryAfterMs / 60_000))}`;
}

/** The sentence a person reads for an error code next-auth handed back. */
export function describeSignInError(code: string): string {
  if (code.startsWith(`${signInErrors.throttled}:`)) {
    const minutes = Number(code.slice(signInErrors.throttled.length + 1)) || 15;
    return `Too many failed attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
  }
  if (code === signInErrors.invalid) return "That email and password do not match an account.";
  if (code === signInErrors.codeRequired)
    return "Enter the 6-digit code from your authenticator app, or one of your recovery codes.";
  if (code === signInErrors.invalidCode)
    return "That code is not right, or was already used. Enter the code your app shows now.";
  return "Signing in failed. Please try again.";
}
