import { z } from "zod";
import { organizationIdFilterSchema, timestampSchema } from "@/lib/schemas/common";
import { nameField } from "@/lib/schemas/accounts";
import { addressCountrySchema } from "@/lib/schemas/compliance";
import { checkVatId } from "@/lib/reference/vat-id";

// The billing profile (docs/API.md "Billing"): who the invoices are made out to, and where billing
// emails go besides the members. Its country and VAT ID decide each invoice's tax. The same
// schema checks the portal's form, VAT ID included (lib/reference/vat-id.ts is pure).

const BILLING_PROFILE_LIMITS = { maxLegalName: 200, maxAddress: 500, maxEmails: 10 } as const;

const EMAILS_RULE = `emails must list 0 to ${BILLING_PROFILE_LIMITS.maxEmails} distinct email addresses`;

const billingEmailSchema = z
  .email({ error: "emails must be email addresses, such as accounts@example.com" })
  .max(254, "an email address is at most 254 characters")
  .transform((value) => value.trim().toLowerCase());

export const billingProfileRequestSchema = z
  .strictObject({
    legal_name: nameField("legal_name", BILLING_PROFILE_LIMITS.maxLegalName).describe(
      "The name invoices are made out to; any script (日本語, Ελληνικά)",
    ),
    address: nameField("address", BILLING_PROFILE_LIMITS.maxAddress).describe("Lines separated by newlines"),
    country: z.string("country must be a two-letter ISO 3166-1 code").pipe(addressCountrySchema),
    vat_id: z
      .string("vat_id must be a string or null")
      .max(30, "vat_id must be at most 30 characters")
      .nullable()
      .default(null)
      .describe(
        "With its country's prefix (DE136695976; Greece EL…, Switzerland CHE…). Checked for the country's format and check digits; null for none",
      ),
    emails: z
      .array(billingEmailSchema, EMAILS_RULE)
      .max(BILLING_PROFILE_LIMITS.maxEmails, EMAILS_RULE)
      .refine((list) => new Set(list).size === list.length, EMAILS_RULE)
      .default([])
      .meta({ uniqueItems: true })
      .describe("Where billing emails go besides the owners and billing members"),
  })
  .transform((profile, context) => {
    if (profile.vat_id === null || profile.vat_id.trim() === "") return { ...profile, vat_id: null };
    const checked = checkVatId(profile.vat_id, profile.country);
    if (checked.ok) return { ...profile, vat_id: checked.value };
    context.addIssue({
      code: "custom",
      path: ["vat_id"],
      message: checked.problem,
      input: profile.vat_id,
      params: { code: "invalid_vat_id" },
    });
    return z.NEVER;
  })
  .meta({
    id: "BillingProfileRequest",
    examples: [
      {
        legal_name: "Acme GmbH",
        address: "Friedrichstraße 1\n10117 Berlin",
        country: "DE",
        vat_id: "DE136695976",
        emails: ["accounts@acme.example"],
      },
    ],
  });

export type BillingProfileRequest = z.output<typeof billingProfileRequestSchema>;

const billingProfileSchema = z
  .object({
    organization_id: z.string(),
    legal_name: z.string(),
    address: z.string(),
    country: z.string().describe("ISO 3166-1 alpha-2"),
    vat_id: z.string().nullable().describe("As checked and stored: upper case, no spaces"),
    emails: z.array(z.string()),
    updated_at: timestampSchema("ISO 8601"),
  })
  .meta({ id: "BillingProfile" });

export type BillingProfile = z.infer<typeof billingProfileSchema>;

export const billingProfileResponseSchema = z
  .object({ data: billingProfileSchema })
  .meta({ id: "BillingProfileResponse" });

export const billingProfileQuerySchema = z.strictObject({ organization_id: organizationIdFilterSchema });
