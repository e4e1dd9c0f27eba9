import { z } from "zod";
import {
  countryCodeSchema,
  numberTypeIdSchema,
  numberTypeOutputSchema,
  organizationIdFilterSchema,
  pageQuery,
  timestampSchema,
} from "@/lib/schemas/common";
import { COMPLIANCE_LIMITS, idParam, text } from "@/lib/schemas/compliance";

// Compliance bundles (docs/CONTRACT.md §17): an end user's documents handed in together for a
// country and number type, their review, and what an evaluation finds missing.

/** A bundle's states (docs/CONTRACT.md §17); lib/compliance/bundle-states.ts moves between them. */
export const bundleStatuses = ["draft", "pending_review", "approved", "rejected", "expired"] as const;

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
