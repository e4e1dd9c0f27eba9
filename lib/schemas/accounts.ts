import { z } from "zod";
import { NOT_BLANK, timestampSchema } from "@/lib/schemas/common";
import { PASSWORD_MAX, PASSWORD_MIN, passwordLengthProblem } from "@/lib/schemas/password";

// Sign-up, email verification and password reset (docs/CONTRACT.md §15). The same schemas check the
// portal's forms, so a person sees the API's words next to the field.

export const emailSchema = z
  .email({ error: "email must be an email address, such as ada@example.com" })
  .max(254, "email must be at most 254 characters")
  .transform((value) => value.trim().toLowerCase());

/** A new password: 12–128 characters (the server also refuses common ones: lib/auth/password-policy.ts). */
export const newPasswordSchema = z
  .string("password is required: 12 to 128 characters")
  .superRefine((value, context) => {
    const problem = passwordLengthProblem(value);
    if (problem) context.addIssue({ code: "custom", message: `password: ${problem}` });
  })
  .meta({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, format: "password" });

export const nameField = (field: string, max: number) =>
  z
    .string(`${field} is required: 1 to ${max} characters`)
    .trim()
    .min(1, `${field} must be 1 to ${max} characters`)
    .max(max, `${field} must be 1 to ${max} characters`)
    .meta(NOT_BLANK);

export const signUpRequestSchema = z
  .strictObject({
    organization_name: nameField("organization_name", 100),
    name: nameField("name", 100),
    email: emailSchema,
    password: newPasswordSchema,
  })
  .meta({
    id: "SignUpRequest",
    examples: [
      {
        organization_name: "Example Telecom Ltd",
        name: "Ada Lovelace",
        email: "ada@example.com",
        password: "correct horse battery staple",
      },
    ],
  });

export type SignUpRequest = z.output<typeof signUpRequestSchema>;

// The link's secret: 43 base64url characters (256 bits). Anything else cannot be one.
const linkTokenSchema = z
  .string("token is required: the code from the link in the email")
  .regex(/^[A-Za-z0-9_-]{43}$/, "token: this link is not complete; copy the whole link from the email")
  .meta({ examples: ["q3Z9xY0bS2kT7vW1mN4pR8uE6hJ5gF0dC2aB9zX7yV1"] });

export const verifyEmailRequestSchema = z
  .strictObject({ token: linkTokenSchema })
  .meta({ id: "VerifyEmailRequest", examples: [{ token: "q3Z9xY0bS2kT7vW1mN4pR8uE6hJ5gF0dC2aB9zX7yV1" }] });

export const passwordResetRequestSchema = z
  .strictObject({ email: emailSchema })
  .meta({ id: "PasswordResetRequest", examples: [{ email: "ada@example.com" }] });

export const passwordResetConfirmSchema = z
  .strictObject({ token: linkTokenSchema, password: newPasswordSchema })
  .meta({
    id: "PasswordResetConfirmRequest",
    examples: [
      { token: "q3Z9xY0bS2kT7vW1mN4pR8uE6hJ5gF0dC2aB9zX7yV1", password: "violet kettle harbour 42" },
    ],
  });

/** 202: the request was taken; what happens next arrives by email, whatever the address. */
export const acceptedSchema = z
  .object({ message: z.string().describe("What to look for next, in words") })
  .meta({ id: "Accepted" });

export const verifiedSchema = z
  .object({ email: z.string(), email_verified_at: timestampSchema("ISO 8601") })
  .meta({ id: "EmailVerified" });

export const passwordChangedSchema = z.object({ message: z.string() }).meta({ id: "PasswordChanged" });
