import { z } from "zod";
import { whereAlpha2 } from "iso-3166-1";
import { parseE164 } from "@/lib/reference/phone";
import {
  countryCodeSchema,
  documentedAs,
  instantRangeMessage,
  isStorableInstant,
  numberTypeIdSchema,
  numberTypeOutputSchema,
  organizationIdFilterSchema,
  pageQuery,
  timestampSchema,
} from "@/lib/schemas/common";

// Regulatory compliance (docs/CONTRACT.md §17): what a number requires, and the end users, addresses,
// documents and bundles an organization hands in to meet it.

/** A bundle's states (docs/CONTRACT.md §17); lib/compliance/bundle-states.ts moves between them. */
export const bundleStatuses = ["draft", "pending_review", "approved", "rejected", "expired"] as const;

const COMPLIANCE_LIMITS = { maxText: 200, maxDocumentsPerBundle: 20, maxNote: 1000 } as const;

const idParam = (name: string, prefix: string) =>
  documentedAs(
    z.string().regex(/^[A-Za-z0-9_]{1,64}$/, `${name} must look like ${prefix}_0123456789abcdef`),
    {
      type: "string",
      pattern: "^[A-Za-z0-9_]{1,64}$",
      examples: [`${prefix}_0123456789abcdef`],
    },
  );

const text = (name: string, max: number = COMPLIANCE_LIMITS.maxText) =>
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
  // The server's rule (lib/compliance/records.ts): a business is named.
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
    // The server's rule (lib/compliance/records.ts) also reads what is on file: a business keeps
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

// ---------------------------------------------------------------- documents

/** What a document's file may be, by its content. */
export const documentFileTypes = ["application/pdf", "image/png", "image/jpeg"] as const;

const documentSchema = z
  .object({
    document_id: z.string().describe("doc_…"),
    organization_id: z.string(),
    document_type_id: z.string(),
    end_user_id: z.string(),
    address_id: z.string().nullable(),
    expires_on: z.string().nullable().meta({ format: "date" }),
    file_name: z.string().nullable(),
    content_type: z.enum(documentFileTypes),
    size: z.number().int(),
    sha256: z.string().describe("Hex SHA-256 of the file"),
    created_at: timestampSchema(),
  })
  .meta({ id: "Document" });
export type DocumentView = z.infer<typeof documentSchema>;

export const documentParamsSchema = z.strictObject({ document_id: idParam("document_id", "doc") });
export const documentResponseSchema = z.object({ data: documentSchema }).meta({ id: "DocumentResponse" });
/** The file's bytes (application/pdf, image/png or image/jpeg), not JSON. */
export const documentFileSchema = z.unknown().meta({ id: "DocumentFile", description: "The file's bytes" });
export const documentListResponseSchema = z
  .object({ data: z.array(documentSchema) })
  .meta({ id: "DocumentListResponse" });

/** POST /documents' text fields; the file is its own part (lib/compliance/document-form.ts reads it). */
export const documentUploadFieldsSchema = z.strictObject({
  document_type_id: z
    .string("document_type_id is required")
    .regex(/^[a-z_]{1,64}$/, "document_type_id must be a document type id"),
  end_user_id: z
    .string("end_user_id is required")
    .regex(/^[A-Za-z0-9_]{1,64}$/, "end_user_id must be an end user id"),
  address_id: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,64}$/, "address_id must be an address id")
    .optional(),
  expires_on: z.iso
    .date("expires_on must be a date, YYYY-MM-DD")
    .refine((value) => isStorableInstant(`${value}T00:00:00Z`), instantRangeMessage("expires_on"))
    .optional(),
});
export type DocumentUploadFields = z.output<typeof documentUploadFieldsSchema>;

/** The whole multipart form, for the OpenAPI document: the fields and one file part. */
export const documentUploadFormSchema = documentUploadFieldsSchema
  .extend({
    file: documentedAs(z.unknown(), {
      type: "string",
      format: "binary",
      description:
        "The document: PDF, PNG or JPEG by its content, at most 10 MiB (10,485,760 bytes); its name is kept as sent (UTF-8)",
    }),
  })
  .meta({ id: "DocumentUploadForm" });

// ---------------------------------------------------------------- bundles

const noteSchema = z.object({ document_id: z.string(), note: z.string() });

const bundleSchema = z
  .object({
    bundle_id: z.string().describe("bnd_…"),
    organization_id: z.string(),
    country: z.string(),
    number_type: numberTypeOutputSchema,
    end_user_id: z.string(),
    document_ids: z.array(z.string()),
    status: z.enum(bundleStatuses),
    valid_until: z
      .string()
      .nullable()
      .meta({ format: "date" })
      .describe("Set on approval: the earliest document expiry"),
    submitted_at: timestampSchema().nullable(),
    reviewed_at: timestampSchema().nullable(),
    rejection: z.object({ reason: z.string(), notes: z.array(noteSchema) }).nullable(),
    created_at: timestampSchema(),
    updated_at: timestampSchema(),
  })
  .meta({ id: "Bundle" });
export type BundleView = z.infer<typeof bundleSchema>;

const DOCUMENTS_RULE = `document_ids must list 0 to ${COMPLIANCE_LIMITS.maxDocumentsPerBundle} distinct document ids`;
const documentIdsSchema = z
  .array(z.string(DOCUMENTS_RULE).regex(/^[A-Za-z0-9_]{1,64}$/, DOCUMENTS_RULE), DOCUMENTS_RULE)
  .max(COMPLIANCE_LIMITS.maxDocumentsPerBundle, DOCUMENTS_RULE)
  .refine((list) => new Set(list).size === list.length, DOCUMENTS_RULE)
  .meta({ uniqueItems: true });
const endUserIdSchema = z
  .string("end_user_id must be an end user id")
  .regex(/^[A-Za-z0-9_]{1,64}$/, "end_user_id must be an end user id");

export const createBundleRequestSchema = z
  .strictObject({
    country: countryCodeSchema,
    number_type: numberTypeIdSchema,
    end_user_id: endUserIdSchema,
    document_ids: documentIdsSchema.default([]),
  })
  .meta({
    id: "CreateBundleRequest",
    examples: [
      {
        country: "GB",
        number_type: "local",
        end_user_id: "eu_0123456789abcdef",
        document_ids: ["doc_0123456789abcdef"],
      },
    ],
  });
export type CreateBundleRequest = z.output<typeof createBundleRequestSchema>;

export const updateBundleRequestSchema = z
  .strictObject({ end_user_id: endUserIdSchema.optional(), document_ids: documentIdsSchema.optional() })
  .meta({
    id: "UpdateBundleRequest",
    examples: [{ document_ids: ["doc_0123456789abcdef", "doc_fedcba9876543210"] }],
  });
export type UpdateBundleRequest = z.output<typeof updateBundleRequestSchema>;

export const rejectBundleRequestSchema = z
  .strictObject({
    reason: text("reason", COMPLIANCE_LIMITS.maxNote),
    notes: z
      .array(
        z.strictObject({
          document_id: idParam("notes.document_id", "doc"),
          note: text("note", COMPLIANCE_LIMITS.maxNote),
        }),
      )
      .max(
        COMPLIANCE_LIMITS.maxDocumentsPerBundle,
        `notes must list at most ${COMPLIANCE_LIMITS.maxDocumentsPerBundle} documents`,
      )
      .default([]),
  })
  .meta({
    id: "RejectBundleRequest",
    examples: [
      {
        reason: "The proof of address is older than three months.",
        notes: [
          {
            document_id: "doc_0123456789abcdef",
            note: "Dated January; send one from the last three months.",
          },
        ],
      },
    ],
  });
export type RejectBundleRequest = z.output<typeof rejectBundleRequestSchema>;

export const bundleListQuerySchema = z.strictObject({
  ...pageQuery,
  status: z
    .enum(bundleStatuses, `status must be one of ${bundleStatuses.join(", ")}`)
    .optional()
    .meta({ description: "pending_review lists the review queue, oldest submission first" }),
  organization_id: organizationIdFilterSchema,
});
export type BundleListQuery = z.output<typeof bundleListQuerySchema>;

export const bundleParamsSchema = z.strictObject({ bundle_id: idParam("bundle_id", "bnd") });
export const bundleResponseSchema = z.object({ data: bundleSchema }).meta({ id: "BundleResponse" });
export const bundleListResponseSchema = z
  .object({ data: z.array(bundleSchema) })
  .meta({ id: "BundleListResponse" });

const evaluationSchema = z
  .object({
    compliant: z.boolean(),
    failures: z.array(
      z.object({
        requirement: z.string().describe("The document type (or address) that is not met"),
        reason: z.string(),
      }),
    ),
  })
  .meta({ id: "BundleEvaluation" });
export type Evaluation = z.infer<typeof evaluationSchema>;
export const evaluationResponseSchema = z
  .object({ data: evaluationSchema })
  .meta({ id: "BundleEvaluationResponse" });

export const noContentSchema = z.undefined();
