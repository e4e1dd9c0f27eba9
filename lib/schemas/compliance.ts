import { z } from "zod";
import { whereAlpha2 } from "iso-3166-1";
import { parseE164 } from "@/lib/reference/phone";
import {
  countryCodeSchema,
  documentedAs,
  numberTypeOutputSchema,
  organizationIdFilterSchema,
  pageQuery,
  timestampSchema,
} from "@/lib/schemas/common";

// Regulatory compliance (docs/CONTRACT.md §17): what a number requires, and the end users and
// addresses an organization hands in to meet it. Its documents are in compliance-documents.ts,
// its bundles in compliance-bundles.ts; both build on the fields below.

export const COMPLIANCE_LIMITS = { maxText: 200, maxDocumentsPerBundle: 20, maxNote: 1000 } as const;

export const idParam = (name: string, prefix: string) =>
  documentedAs(
    z.string().regex(/^[A-Za-z0-9_]{1,64}$/, `${name} must look like ${prefix}_0123456789abcdef`),
    {
      type: "string",
      pattern: "^[A-Za-z0-9_]{1,64}$",
      examples: [`${prefix}_0123456789abcdef`],
    },
  );

export const text = (name: string, max: number = COMPLIANCE_LIMITS.maxText) =>
  z
    .string(`${name} must be a string of 1 to ${max} characters`)
    .trim()
    .min(1, `${name} must not be blank`)
    .max(max, `${name} must be at most ${max} characters`);

const optionalText = (name: string) => text(name).nullable().optional();

const PHONE_RULE = "phone must be a valid international number, e.g. +442079460123";
// Spaces, dots, dashes and brackets are how people write a number; what remains must be a
// number libphonenumber knows, kept as E.164.
const phoneE164 = (value: string) => parseE164(value.replace(/[\s.()-]/g, ""));
const phoneSchema = z
  .string(PHONE_RULE)
  .refine((value) => phoneE164(value) !== null, PHONE_RULE)
  .transform((value) => phoneE164(value) ?? value);

// An address is anywhere in the world, not only where numbers are sold: any assigned
// ISO 3166-1 code (ZZ, XX and other unassigned pairs are refused).
export const addressCountrySchema = countryCodeSchema.refine(
  (code) => whereAlpha2(code) !== undefined,
  "country must be an assigned ISO 3166-1 alpha-2 code",
);

export const complianceListQuerySchema = z.strictObject({
  ...pageQuery,
  organization_id: organizationIdFilterSchema,
});

// ---------------------------------------------------------------- requirements

export const requirementsResponseSchema = z
  .object({
    data: z.object({
      country: z.string(),
      number_type: numberTypeOutputSchema,
      regions: z.array(
        z.object({
          region_id: z.string(),
          region_name: z.string(),
          document_types: z.array(
            z.object({
              id: z.string(),
              name: z.string(),
              applies_to: z
                .enum(["every_number", "some_numbers"])
                .describe(
                  "every_number: the region's products require it; some_numbers: only the numbers that list it",
                ),
            }),
          ),
          address_in_country: z
            .boolean()
            .describe("Whether the documents' address must be in the number's country"),
        }),
      ),
    }),
  })
  .meta({ id: "RequirementsResponse" });

// ---------------------------------------------------------------- end users

const endUserTypes = ["individual", "business"] as const;

const endUserSchema = z
  .object({
    end_user_id: z.string().describe("eu_…"),
    organization_id: z.string(),
    type: z.enum(endUserTypes),
    name: z.string(),
    business_name: z.string().nullable(),
    registration_number: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    created_at: timestampSchema(),
    updated_at: timestampSchema(),
  })
  .meta({ id: "EndUser" });
export type EndUserView = z.infer<typeof endUserSchema>;

const endUserFields = {
  type: z.enum(endUserTypes, "type must be individual or business"),
  name: text("name"),
  business_name: optionalText("business_name"),
  registration_number: optionalText("registration_number"),
  email: z
    .email("email must be an email address")
    .max(254, "email must be at most 254 characters")
    .nullable()
    .optional(),
  phone: documentedAs(phoneSchema, {
    type: "string",
    description: "An international number (spaces, dots, dashes and brackets allowed); answered as E.164",
    examples: ["+442079460123"],
  })
    .nullable()
    .optional(),
};
export const createEndUserRequestSchema = z.strictObject(endUserFields).meta({
  id: "CreateEndUserRequest",
  // The server's rule (lib/compliance/end-users.ts): a business is named.
  description: "A business end user needs business_name.",
  if: { properties: { type: { const: "business" } }, required: ["type"] },
  then: { required: ["business_name"], properties: { business_name: { type: "string" } } },
  examples: [
    {
      type: "business",
      name: "Ada Lovelace",
      business_name: "Example Telecom Ltd",
      registration_number: "01234567",
      email: "ada@example.com",
      phone: "+442079460123",
    },
  ],
});
export type CreateEndUserRequest = z.output<typeof createEndUserRequestSchema>;
export const updateEndUserRequestSchema = z
  .strictObject({
    ...endUserFields,
    type: endUserFields.type.optional(),
    name: endUserFields.name.optional(),
  })
  .meta({
    id: "UpdateEndUserRequest",
    // The server's rule (lib/compliance/end-users.ts) also reads what is on file: a business keeps
    // a name, so a change may not clear it, and a change to business needs one sent or on file.
    description:
      "A business end user needs business_name: it may not be set to null while the type is (or becomes) business, and a change to type business needs one sent unless it is on file.",
    if: { properties: { type: { const: "business" } }, required: ["type"] },
    then: { properties: { business_name: { type: "string" } } },
    examples: [{ email: "billing@example.com", phone: null }],
  });
export type UpdateEndUserRequest = z.output<typeof updateEndUserRequestSchema>;

export const endUserParamsSchema = z.strictObject({ end_user_id: idParam("end_user_id", "eu") });
export const endUserResponseSchema = z.object({ data: endUserSchema }).meta({ id: "EndUserResponse" });
export const endUserListResponseSchema = z
  .object({ data: z.array(endUserSchema) })
  .meta({ id: "EndUserListResponse" });

// ---------------------------------------------------------------- addresses

const addressSchema = z
  .object({
    address_id: z.string().describe("adr_…"),
    organization_id: z.string(),
    street: z.string(),
    city: z.string(),
    postal_code: z.string(),
    region: z.string().nullable(),
    country: z.string().describe("ISO 3166-1 alpha-2"),
    created_at: timestampSchema(),
    updated_at: timestampSchema(),
  })
  .meta({ id: "Address" });
export type AddressView = z.infer<typeof addressSchema>;

const addressFields = {
  street: text("street"),
  city: text("city"),
  postal_code: text("postal_code", 20),
  region: optionalText("region"),
  country: addressCountrySchema,
};
export const createAddressRequestSchema = z.strictObject(addressFields).meta({
  id: "CreateAddressRequest",
  examples: [
    { street: "1 Example Street", city: "London", postal_code: "SW1A 1AA", region: null, country: "GB" },
  ],
});
export type CreateAddressRequest = z.output<typeof createAddressRequestSchema>;
export const updateAddressRequestSchema = z
  .strictObject({
    street: addressFields.street.optional(),
    city: addressFields.city.optional(),
    postal_code: addressFields.postal_code.optional(),
    region: addressFields.region,
    country: addressFields.country.optional(),
  })
  .meta({ id: "UpdateAddressRequest", examples: [{ street: "2 Example Street", postal_code: "SW1A 2AA" }] });
export type UpdateAddressRequest = z.output<typeof updateAddressRequestSchema>;

export const addressParamsSchema = z.strictObject({ address_id: idParam("address_id", "adr") });
export const addressResponseSchema = z.object({ data: addressSchema }).meta({ id: "AddressResponse" });
export const addressListResponseSchema = z
  .object({ data: z.array(addressSchema) })
  .meta({ id: "AddressListResponse" });

export const noContentSchema = z.undefined();
