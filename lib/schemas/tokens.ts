import { z } from "zod";
import { NOT_BLANK, documentedAs, timestampSchema } from "@/lib/schemas/common";
import { scopeSchema, scopes } from "@/lib/schemas/scopes";

// API tokens as the portal manages them (docs/CONTRACT.md §2). The secret is in the answer to the
// creation only; no answer ever carries the hash.

const TOKEN_LIMITS = { maxName: 100, maxLifetimeDays: 366 } as const;
const DAY_MS = 24 * 60 * 60_000;

const tokenSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe("The secret's first characters, to tell tokens apart"),
    scopes: z.array(scopeSchema),
    created_by: z
      .object({ user_id: z.string(), name: z.string() })
      .nullable()
      .describe("Who created it; null for tokens made by scripts"),
    created_at: timestampSchema("ISO 8601"),
    expires_at: timestampSchema("ISO 8601; null = never expires").nullable(),
    last_used_at: timestampSchema("ISO 8601, to the minute; null = never used").nullable(),
    revoked_at: timestampSchema("ISO 8601; null = not revoked").nullable(),
  })
  .meta({ id: "ApiToken" });

export type Token = z.infer<typeof tokenSchema>;

/** The one answer that holds the secret. */
const createdTokenSchema = tokenSchema
  .extend({ secret: z.string().describe("Shown once: store it now") })
  .meta({ id: "CreatedApiToken" });

const expiresAtSchema = z.iso
  .datetime({
    offset: true,
    error: "expires_at must be an ISO 8601 time with a zone, such as 2027-01-31T00:00:00Z",
  })
  .refine((value) => Date.parse(value) > Date.now(), "expires_at must be in the future")
  .refine(
    (value) => Date.parse(value) <= Date.now() + TOKEN_LIMITS.maxLifetimeDays * DAY_MS,
    `expires_at must be within ${TOKEN_LIMITS.maxLifetimeDays} days`,
  );

export const createTokenRequestSchema = z
  .strictObject({
    name: z
      .string("name is required: 1 to 100 characters")
      .trim()
      .min(1, `name must be 1 to ${TOKEN_LIMITS.maxName} characters`)
      .max(TOKEN_LIMITS.maxName, `name must be 1 to ${TOKEN_LIMITS.maxName} characters`)
      .meta(NOT_BLANK),
    scopes: z
      .array(
        z.enum(scopes, `scopes may hold only ${scopes.join(", ")}`),
        "scopes must be a list of scope names",
      )
      .min(1, "scopes must name at least one scope")
      .transform((list) => [...new Set(list)]),
    expires_at: expiresAtSchema
      .nullable()
      .optional()
      .describe("ISO 8601, in the future, within a year; absent or null = never expires"),
  })
  .meta({
    id: "CreateApiTokenRequest",
    examples: [{ name: "Billing sync", scopes: ["orders:read", "numbers:read"], expires_at: null }],
  });

export type CreateTokenRequest = z.output<typeof createTokenRequestSchema>;

export const tokenParamsSchema = z.strictObject({
  token_id: documentedAs(
    z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, "token_id must look like tok_0123456789abcdef0123"),
    {
      type: "string",
      pattern: "^[A-Za-z0-9_-]{1,64}$",
      examples: ["tok_0123456789abcdef0123"],
    },
  ),
});

export const tokenListResponseSchema = z
  .object({ data: z.array(tokenSchema) })
  .meta({ id: "ApiTokenListResponse" });
export const tokenResponseSchema = z.object({ data: tokenSchema }).meta({ id: "ApiTokenResponse" });
export const createdTokenResponseSchema = z
  .object({ data: createdTokenSchema })
  .meta({ id: "CreatedApiTokenResponse" });
