import { z } from "zod";
import {
  boundedInt,
  countryCodeSchema,
  documentedAs,
  instantRangeMessage,
  isStorableInstant,
  numberTypeIdSchema,
  organizationIdFilterSchema,
  PARAMETER_SCHEMA_KEY,
  queryBoolean,
} from "@/lib/schemas/common";
import { CONTAINS_MAX_DIGITS, NUMBER_PAGE } from "@/lib/schemas/limits";
import { EXTENSION, MAX_NUMBER_TAGS, NUMBER_TAG, numberStatuses } from "@/lib/schemas/numbers/fields";
import { E164_PATTERN } from "@/lib/reference/e164";

// The path parameters and query strings of the number-configuration endpoints (docs/CONTRACT.md §8).

const MAX_NUMBERS_PER_SEARCH = 100;

const once = (name: string) => `${name} must be given once`;

// URLSearchParams reads a literal "+" as a space, so an unencoded "+4420…" arrives as " 4420…".
const restorePlus = (value: string) => (value.startsWith(" ") ? `+${value.slice(1)}` : value);

const numberParamSchema = documentedAs(
  z
    .string({ error: `${once("number")}; use numbers for several` })
    .transform(restorePlus)
    .pipe(z.string().regex(E164_PATTERN, "number must be one E.164 number, such as +442079460000")),
  { type: "string", pattern: E164_PATTERN.source, examples: ["+442079460000"] },
);

const numbersParamSchema = documentedAs(
  z.union([z.string(), z.array(z.string())]).transform((value, context) => {
    // Repeating the parameter works as well as a comma-separated list.
    const items = [value]
      .flat()
      .flatMap((part) => part.split(","))
      .map(restorePlus);
    if (items.length > MAX_NUMBERS_PER_SEARCH) {
      context.addIssue({
        code: "custom",
        message: `numbers takes at most ${MAX_NUMBERS_PER_SEARCH} numbers`,
        input: `${items.length} numbers`,
      });
      return z.NEVER;
    }
    const malformed = items.find((item) => !E164_PATTERN.test(item));
    if (malformed !== undefined) {
      context.addIssue({
        code: "custom",
        message:
          "numbers must be a comma-separated list of E.164 numbers, such as +442079460000,+12125550100",
        input: malformed,
      });
      return z.NEVER;
    }
    return [...new Set(items)];
  }),
  {
    type: "array",
    items: { type: "string", pattern: E164_PATTERN.source },
    minItems: 1,
    maxItems: MAX_NUMBERS_PER_SEARCH,
    explode: false,
  },
);

const CONTAINS_MESSAGE = `contains must hold 1 to ${CONTAINS_MAX_DIGITS} digits, written in any format such as (212) 202-7333 or +44 20 4903`;

// Digits as people write them: spaces, brackets, dashes, dots and slashes are dropped, and a
// leading + (or the space an unencoded + decodes to) is ignored. What is left is matched.
const containsParamSchema = z
  .string({ error: once("contains") })
  .regex(/^[\s+]?[\d\s().\-/]+$/, CONTAINS_MESSAGE)
  .transform((value) => value.replace(/\D/g, ""))
  .pipe(z.string().regex(new RegExp(`^\\d{1,${CONTAINS_MAX_DIGITS}}$`), CONTAINS_MESSAGE));

// A parameter that may be repeated or comma-separated: ?tag=a&tag=b or ?tag=a,b.
const listOf = (values: string | string[]) => [values].flat().flatMap((value) => value.split(","));

const tagFilterSchema = documentedAs(
  z.union([z.string(), z.array(z.string())]).transform((value, context) => {
    const tags = listOf(value);
    const bad = tags.find((tag) => !NUMBER_TAG.test(tag));
    if (bad !== undefined || tags.length > MAX_NUMBER_TAGS) {
      context.addIssue({
        code: "custom",
        message: `tag must be at most ${MAX_NUMBER_TAGS} tags, each 1 to 40 characters of a-z 0-9 - _ :`,
        input: bad ?? `${tags.length} tags`,
      });
      return z.NEVER;
    }
    return [...new Set(tags.map((tag) => tag.toLowerCase()))];
  }),
  {
    type: "array",
    items: { type: "string", pattern: NUMBER_TAG.source },
    maxItems: MAX_NUMBER_TAGS,
    description:
      "Numbers with every one of these tags (any case); repeat the parameter or separate by commas.",
  },
);

const statusFilterSchema = documentedAs(
  z.union([z.string(), z.array(z.string())]).transform((value, context) => {
    const statuses = listOf(value);
    const bad = statuses.find((status) => !(numberStatuses as readonly string[]).includes(status));
    if (bad !== undefined) {
      context.addIssue({
        code: "custom",
        message: `status must be one or more of ${numberStatuses.join(", ")}`,
        input: bad,
      });
      return z.NEVER;
    }
    return [...new Set(statuses)] as (typeof numberStatuses)[number][];
  }),
  {
    type: "array",
    items: { type: "string", enum: [...numberStatuses] },
    description:
      "Numbers in any of these states; default active, pending_documents and porting (aging numbers only when asked for).",
  },
);

const numberSorts = ["number", "name", "purchased_at", "-purchased_at"] as const;

/** The GET /numbers filters a bulk job may also name (docs/CONTRACT.md §16). */
const numberFilterShape = {
  tag: tagFilterSchema.optional(),
  status: statusFilterSchema.optional(),
  country: countryCodeSchema
    .optional()
    .meta({ description: "Numbers of this country (ISO 3166-1 alpha-2)." }),
  number_type: numberTypeIdSchema.optional().meta({ description: "Numbers of this type." }),
  region: z
    .string({ error: "region must be given once" })
    .regex(/^[A-Za-z0-9_-]{1,80}$/, "region must be a region id such as GB-ENG-LONDON-20")
    .transform((value) => value.toUpperCase())
    .optional()
    .meta({ description: "Numbers of this region (GET /regions/{country})." }),
};

export const numberSearchQuerySchema = z.strictObject({
  ...numberFilterShape,
  sort: z
    .enum(numberSorts, `sort must be one of ${numberSorts.join(", ")}`)
    .optional()
    .meta({ description: "Order: number (default), name, purchased_at, or -purchased_at (newest first)." }),
  format: z.enum(["json", "csv"], "format must be json or csv").optional().meta({
    description:
      "csv: every match, unpaged, as CSV (as does Accept: text/csv): the answer of GET /numbers/export, kept here for clients that ask this way. A generated client calls GET /numbers/export, typed as text.",
  }),
  number_id: z
    .string({ error: once("number_id") })
    .min(1, "number_id must not be empty")
    .max(200, "number_id is at most 200 characters")
    .optional()
    .meta({ description: "Exactly this number_id." }),
  number: numberParamSchema.optional().meta({
    description: "One E.164 number; send + as %2B (an unencoded +, read as a space, is taken as + too).",
  }),
  numbers: numbersParamSchema.optional().meta({
    description: `Comma-separated E.164 numbers, at most ${MAX_NUMBERS_PER_SEARCH}; the parameter may also be repeated.`,
  }),
  name: z
    .string({ error: once("name") })
    .max(200, "name is at most 200 characters")
    .optional()
    .meta({ description: "Case-insensitive substring of the name." }),
  contains: containsParamSchema.optional().meta({
    description: `Digits as people write them, in any format ("(212) 202-7333", "020 4903 8196", "+44 20…", "7333"): 1–${CONTAINS_MAX_DIGITS} digits matched anywhere in the E.164 number, its national format (with the trunk prefix, such as the UK's 0) or an extension.`,
  }),
  order: documentedAs(
    z
      .string({ error: once("order") })
      .regex(/^[A-Za-z0-9-]{1,64}$/, "order must be an order's reference_id, such as ORD-ABCDEFGHJK")
      .transform((value) => value.toUpperCase())
      .optional(),
    {
      type: "string",
      pattern: "^[A-Za-z0-9-]{1,64}$",
      description: "Only the numbers bought by this order (its reference_id, any case).",
      examples: ["ORD-OCCHO6HESU"],
    },
  ),
  organization_id: organizationIdFilterSchema,
  limit: boundedInt("limit", 1, NUMBER_PAGE.maxLimit, NUMBER_PAGE.defaultLimit).meta({
    description: `Page size, 1–${NUMBER_PAGE.maxLimit}; default ${NUMBER_PAGE.defaultLimit}.`,
  }),
  offset: boundedInt("offset", 0, NUMBER_PAGE.maxOffset, 0).meta({
    description: "Configurations to skip; X-Total-Count says how many match.",
  }),
});

export const extensionParamsSchema = z.strictObject({
  extension: documentedAs(z.string().regex(EXTENSION, "extension must be 2 to 8 digits"), {
    type: "string",
    pattern: EXTENSION.source,
    examples: ["101"],
  }),
});

export const extensionQuerySchema = z.strictObject({
  organization_id: organizationIdFilterSchema,
});

export const numberIdParamsSchema = z.strictObject({
  number_id: documentedAs(z.string().min(1).max(200, "number_id is at most 200 characters"), {
    type: "string",
    minLength: 1,
    maxLength: 200,
    description: "A configuration's number_id (GET /numbers).",
    examples: ["num_acme_main"],
  }),
});

const AT_MESSAGE = "at must be an ISO 8601 time with seconds and a zone, such as 2026-03-08T07:30:00Z";

export const activeRuleQuerySchema = z.strictObject({
  at: z
    .string({ error: AT_MESSAGE })
    // An unencoded "+01:00" offset arrives as " 01:00"; nothing else can put a space there.
    .transform((value) => value.replace(/ (\d{2}:\d{2})$/, "+$1"))
    .pipe(z.iso.datetime({ offset: true, error: AT_MESSAGE }))
    .refine(isStorableInstant, instantRangeMessage("at"))
    .transform((value) => new Date(value))
    .meta({
      [PARAMETER_SCHEMA_KEY]: { type: "string", format: "date-time", examples: ["2026-03-08T07:30:00Z"] },
    })
    .optional()
    .meta({
      description:
        "The instant to evaluate, ISO 8601 with a zone (2026-03-08T07:30:00Z or …-05:00); default now.",
    }),
});

const HISTORY_PAGE = { defaultLimit: 20, maxLimit: 100, maxOffset: 100_000 } as const;

const pageInt = (name: string, min: number, max: number, fallback: number) =>
  documentedAs(
    z
      .string({ error: `${name} must be given once` })
      .regex(/^\d{1,7}$/, `${name} must be a whole number between ${min} and ${max}`)
      .transform(Number)
      .refine(
        (value) => value >= min && value <= max,
        `${name} must be a whole number between ${min} and ${max}`,
      )
      .optional()
      .transform((value) => value ?? fallback),
    { type: "integer", minimum: min, maximum: max, default: fallback },
  );

export const historyQuerySchema = z.strictObject({
  limit: pageInt("limit", 1, HISTORY_PAGE.maxLimit, HISTORY_PAGE.defaultLimit).meta({
    description: `1–${HISTORY_PAGE.maxLimit}, default ${HISTORY_PAGE.defaultLimit}`,
  }),
  offset: pageInt("offset", 0, HISTORY_PAGE.maxOffset, 0).meta({ description: "0–100000, default 0" }),
});

export const extensionWriteQuerySchema = z.strictObject({
  organization_id: organizationIdFilterSchema,
});

/** DELETE /numbers/{number_id}. */
export const releaseQuerySchema = z.strictObject({
  force: queryBoolean("force")
    .optional()
    .transform((value) => value ?? false)
    .meta({
      description:
        "true: release even when rules of your organization dial this number (409 number_referenced lists them otherwise).",
    }),
});

export type NumberSearchQuery = z.infer<typeof numberSearchQuerySchema>;

/** GET /numbers/export: GET /numbers' filters and sort; the export has every match, unpaged. */
export const numberExportQuerySchema = numberSearchQuerySchema.omit({
  limit: true,
  offset: true,
  format: true,
});
export type NumberExportQuery = z.infer<typeof numberExportQuerySchema>;
