import { z } from "zod";
import { errorBodySchema } from "@/lib/errors";
import { boundedInt, numberTypeIdSchema } from "@/lib/schemas/common";
import { MAX_JOB_NUMBERS } from "@/lib/schemas/limits";
import { MAX_NUMBER_TAGS, NUMBER_TAG, numberStatuses } from "@/lib/schemas/numbers/fields";

// Bulk jobs (docs/CONTRACT.md §16): a request names numbers (1–1000) or a GET /numbers filter, a type
// and its params; the job answers its state, counts and each number's outcome.

const jobTypes = ["apply_configuration", "set_tags", "lock", "unlock", "release"] as const;
export type JobType = (typeof jobTypes)[number];
export { MAX_JOB_NUMBERS };

const tagList = z
  .array(z.string().regex(NUMBER_TAG, "must be 1 to 40 characters of a-z 0-9 - _ :"))
  .max(MAX_NUMBER_TAGS, `must have at most ${MAX_NUMBER_TAGS} tags`)
  .transform((tags) => tags.map((tag) => tag.toLowerCase()));

const jobFilterSchema = z
  .strictObject({
    tag: tagList.optional(),
    status: z.array(z.enum(numberStatuses)).optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/, "must be a two-letter ISO 3166-1 code")
      .transform((value) => value.toUpperCase())
      .optional(),
    number_type: numberTypeIdSchema.optional(),
    region: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,80}$/)
      .transform((value) => value.toUpperCase())
      .optional(),
  })
  .meta({ id: "JobFilter", description: "GET /numbers' filters: the job takes every number they match." });

const jobParamsSchema = z
  .strictObject({
    // apply_configuration: the rules (and optionally the name) to give every number, or another number's.
    name: z.string().min(1).max(100).optional(),
    rules: z.array(z.unknown()).max(50).optional(),
    from_number_id: z.string().min(1).max(200).optional(),
    // set_tags
    add: tagList.optional(),
    remove: tagList.optional(),
    // release
    force: z.boolean().optional(),
  })
  .meta({ id: "JobParams" });

export const jobRequestSchema = z
  .strictObject({
    type: z.enum(jobTypes, `type must be one of ${jobTypes.join(", ")}`),
    number_ids: z
      .array(z.string().min(1).max(200))
      .min(1, "number_ids must name at least 1 number")
      .max(MAX_JOB_NUMBERS, `number_ids must name at most ${MAX_JOB_NUMBERS} numbers`)
      .optional(),
    filter: jobFilterSchema.optional(),
    params: jobParamsSchema.default({}),
  })
  .refine((body) => (body.number_ids === undefined) !== (body.filter === undefined), {
    message: "give either number_ids or filter, not both and not neither",
    path: ["number_ids"],
  })
  .meta({
    id: "JobRequest",
    description: "Either number_ids or filter, never both.",
    oneOf: [{ required: ["number_ids"] }, { required: ["filter"] }],
    examples: [{ type: "set_tags", number_ids: ["num_acme_main"], params: { add: ["support"] } }],
  });

export type JobRequest = z.output<typeof jobRequestSchema>;

const jobItemSchema = z.object({
  number_id: z.string(),
  status: z.enum(["pending", "succeeded", "failed", "canceled"]),
  error: errorBodySchema
    .nullable()
    .meta({ description: "The error body the single endpoint would have answered." }),
});

export const jobSchema = z
  .object({
    job_id: z.string(),
    organization_id: z.string(),
    type: z.enum(jobTypes),
    status: z.enum(["queued", "running", "completed", "canceled"]),
    created_at: z.iso.datetime(),
    completed_at: z.iso.datetime().nullable(),
    counts: z.object({
      total: z.number().int(),
      succeeded: z.number().int(),
      failed: z.number().int(),
      pending: z.number().int(),
    }),
    items: z.array(jobItemSchema).meta({ description: "Each number's outcome, in the job's order." }),
  })
  .meta({ id: "Job" });

export type Job = z.infer<typeof jobSchema>;

export const jobResponseSchema = z.object({ data: jobSchema });
export const jobListResponseSchema = z.object({ data: z.array(jobSchema.omit({ items: true })) });
export const jobIdParamsSchema = z.strictObject({
  job_id: z
    .string()
    .min(1)
    .max(100)
    .meta({ examples: ["job_0123456789abcdef0123456789abcdef"] }),
});
export const jobListQuerySchema = z.strictObject({
  limit: boundedInt("limit", 1, 100, 20),
  offset: boundedInt("offset", 0, 100_000, 0),
});
