import { z } from "zod";
import { timestampSchema } from "@/lib/schemas/common";
import { PASSWORD_MAX, PASSWORD_MIN } from "@/lib/schemas/password";

// A person's own security settings (docs/CONTRACT.md §15): password, two-factor sign-in, sessions,
// and the organization's requirement of two-factor sign-in.

export const changePasswordRequestSchema = z
  .strictObject({
    current_password: z
      .string("current_password is required")
      .min(1, "current_password is required")
      .max(1024, "current_password is too long"),
    // The length (and the list of common passwords) is checked where the password is changed,
    // with the words of lib/schemas/password.ts; the document states the rule.
    new_password: z
      .string("new_password is required: 12 to 128 characters")
      .max(1024, "new_password may have at most 128 characters")
      .meta({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX, format: "password" }),
  })
  .meta({
    id: "ChangePasswordRequest",
    examples: [{ current_password: "the password you have now", new_password: "violet kettle harbour 42" }],
  });

const codeSchema = z
  .string("code is required: the 6 digits your authenticator app shows, or a recovery code")
  .trim()
  .min(1, "code is required: the 6 digits your authenticator app shows, or a recovery code")
  .max(64, "code is too long");

export const twoFactorCodeRequestSchema = z
  .strictObject({ code: codeSchema })
  .meta({ id: "TwoFactorCode", examples: [{ code: "492039" }] });

export const disableTwoFactorRequestSchema = z
  .strictObject({
    code: codeSchema.optional(),
    password: z.string().min(1, "password must not be empty").max(1024, "password is too long").optional(),
  })
  .refine((body) => (body.code === undefined) !== (body.password === undefined), {
    message: "Send either code (from your authenticator app, or a recovery code) or password",
    path: ["code"],
  })
  .meta({
    id: "DisableTwoFactorRequest",
    description: "Either code or password, never both.",
    oneOf: [{ required: ["code"] }, { required: ["password"] }],
    examples: [{ code: "492039" }],
  });

export const twoFactorStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabled_at: timestampSchema("ISO 8601; null while two-factor sign-in is off").nullable(),
    recovery_codes_left: z.int().describe("Unused recovery codes"),
    required_by_organization: z.boolean(),
  })
  .meta({ id: "TwoFactorStatus" });

export const twoFactorEnrolmentSchema = z
  .object({
    secret: z.string().describe("Base32, for typing into an authenticator app that cannot scan"),
    otpauth_uri: z.string().describe("otpauth://totp/… as the QR code encodes it"),
    qr_code_svg: z.string().describe("The QR code as an SVG document"),
  })
  .meta({ id: "TwoFactorEnrolment" });

export const recoveryCodesSchema = z
  .object({
    recovery_codes: z
      .array(z.string())
      .describe("Ten single-use codes, shown this once: each signs in once in place of a code"),
  })
  .meta({ id: "RecoveryCodes" });

export const organizationSettingsSchema = z
  .object({
    require_two_factor: z.boolean().describe("Every member must sign in with two-factor sign-in"),
  })
  .meta({ id: "OrganizationSettings" });

export const organizationSettingsPatchSchema = z
  .strictObject({
    require_two_factor: z.boolean("require_two_factor must be true or false"),
  })
  .meta({ id: "OrganizationSettingsPatch", examples: [{ require_two_factor: true }] });
