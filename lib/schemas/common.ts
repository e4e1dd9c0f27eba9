import { z } from "zod";
import { numberTypeIds } from "@/lib/reference/number-types";

/**
 * How a query or path parameter reads in the OpenAPI document: the value it means (an
 * integer with bounds, a boolean, an enum), where the zod schema parses the string it
 * arrives as. The generator (lib/api/openapi.ts) puts this in place of the string's schema;
 * validation stays the zod schema's.
 */
export const PARAMETER_SCHEMA_KEY = "x-parameter-schema";
export function documentedAs<T extends z.ZodType>(schema: T, openapi: Record<string, unknown>): T {
  return schema.meta({ [PARAMETER_SCHEMA_KEY]: openapi });
}

// Path parameter `country`: any case in, upper case out (docs/CONTRACT.md §1). Whether the country
// is one we sell in is the domain's question (unknown_country), not the parser's.
export const countryCodeSchema = documentedAs(
  z
    .string()
    .regex(/^[A-Za-z]{2}$/, "country must be a two-letter ISO 3166-1 code")
    .transform((value) => value.toUpperCase()),
  {
    type: "string",
    pattern: "^[A-Za-z]{2}$",
    description: "ISO 3166-1 alpha-2 code, any case",
    examples: ["US"],
  },
);

// Any lower-case word parses; whether it is a number type is the domain's question
// (unknown_number_type), so the document lists the types while the parser stays lenient.
export const numberTypeIdSchema = documentedAs(
  z.string().regex(/^[a-z_]{1,32}$/, "number_type must be one of local, national, mobile, toll_free"),
  {
    type: "string",
    enum: [...numberTypeIds],
    examples: ["local"],
  },
);

/**
 * A number type the server writes: always one of GET /number_types' ids, so the document lists
 * them and a generated client gets the union. The type stays a string: the ids come from the
 * database's reference data, which this list matches.
 */
export const numberTypeOutputSchema = z.string().meta({ enum: [...numberTypeIds] });

/** An integer query parameter with its bounds in the message a client reads. */
export function boundedInt(name: string, min: number, max: number, fallback: number) {
  const message = `${name} must be an integer between ${min} and ${max}`;
  return documentedAs(
    z
      .string()
      .regex(/^\d{1,9}$/, message)
      .transform(Number)
      .pipe(z.number().int().min(min, message).max(max, message))
      .default(fallback),
    { type: "integer", minimum: min, maximum: max, default: fallback },
  );
}

/** true/false/1/0, nothing else (docs/CONTRACT.md §5). */
export function queryBoolean(name: string) {
  return documentedAs(
    z
      .enum(["true", "false", "1", "0"], `${name} must be true, false, 1 or 0`)
      .transform((value) => value === "true" || value === "1"),
    // Declared as the four words it takes: a generator reading `boolean` would refuse 1 and 0.
    {
      type: "string",
      enum: ["true", "false", "1", "0"],
      description: "true or false; 1 and 0 are read the same.",
    },
  );
}

export const emptyQuerySchema = z.strictObject({});

/** The body of a text download (a CSV export): the handler streams it, nothing parses it. */
export const csvSchema = z.string();

// The moments a client may send: PostgreSQL's timestamptz reaches further back (4713 BC), but
// the driver writes a Date as ISO 8601 with a four-digit year, and year 0 or 10000 (an offset
// can carry 0001-01-01T00:00:00+01:00 into year 0) makes the database refuse the query. So
// every timestamp parameter is held to years 1 to 9999 in UTC.
const EARLIEST_INSTANT_MS = Date.parse("0001-01-01T00:00:00Z");
const LATEST_INSTANT_MS = Date.parse("9999-12-31T23:59:59.999Z");

/** Whether an ISO 8601 text names a moment the database can store (years 1 to 9999, UTC). */
export function isStorableInstant(value: string): boolean {
  const ms = Date.parse(value);
  return ms >= EARLIEST_INSTANT_MS && ms <= LATEST_INSTANT_MS;
}

/** The error message for a moment outside isStorableInstant's range. */
export function instantRangeMessage(name: string): string {
  return `${name} must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z`;
}

/**
 * A `from` or `to` query parameter of a list: an ISO 8601 time with a zone, or a day (then
 * midnight UTC), as a Date.
 */
export function momentQuery(name: "from" | "to", description: string) {
  const message = `${name} must be an ISO 8601 time with a zone or a date, such as 2026-11-01T00:00:00Z or 2026-11-01`;
  return documentedAs(
    z
      .string()
      .refine(
        (value) =>
          /^\d{4}-\d{2}-\d{2}$/.test(value) || z.iso.datetime({ offset: true }).safeParse(value).success,
        message,
      )
      .refine((value) => !Number.isNaN(Date.parse(value)), message)
      .refine(isStorableInstant, instantRangeMessage(name))
      .transform((value) => new Date(value))
      .optional(),
    // A date alone is read as midnight UTC; the document shows the full form a client should send.
    {
      type: "string",
      format: "date-time",
      description: `${description} A date alone (2026-11-01) is read as midnight UTC.`,
      examples: ["2026-11-01T00:00:00Z"],
    },
  );
}

/** A moment the server writes, as ISO 8601 in UTC (Date.toISOString). */
export function timestampSchema(description = "ISO 8601") {
  return z.string().meta({ format: "date-time", description });
}

/**
 * The shape the OpenAPI document shows for a schema whose parser checks by hand what JSON
 * Schema says in its own words (an order item is one of two shapes; the parser names the
 * missing field instead of "no union member matched"). lib/api/openapi.ts reads it.
 */
export const documentedShapes = new WeakMap<object, z.ZodType>();

/** Text that must hold something besides spaces (the parser trims or refuses blank text). */
export const NOT_BLANK = { minLength: 1, pattern: "\\S" } as const;

/**
 * `organization_id`, the support-only filter on every endpoint that has it (docs/CONTRACT.md §2).
 * Who may send it is lib/auth/organization-filter.ts's rule, the same everywhere.
 */
export const organizationIdFilterSchema = z
  .string({ error: "organization_id must be given once" })
  .min(1, "organization_id must not be empty")
  .max(200, "organization_id is at most 200 characters")
  .optional()
  .meta({
    description:
      "Support users only: one organization's records (GET /organizations lists them). A customer sending it gets 400.",
  });

const PAGE = { defaultLimit: 20, maxLimit: 100, maxOffset: 100_000 } as const;
/** limit and offset, as every paged list of this API reads them. */
export const pageQuery = {
  limit: boundedInt("limit", 1, PAGE.maxLimit, PAGE.defaultLimit).meta({ description: "Page size." }),
  offset: boundedInt("offset", 0, PAGE.maxOffset, 0).meta({ description: "Entries to skip." }),
};
