import type { z } from "zod";
import type { Scope } from "@/lib/auth/scopes";
import type { ErrorCode } from "@/lib/api/errors";

/** Contract §9 / spec §1: Draft and Coming Soon answer 501; Deprecated works and says so. */
export type Badge = "stable" | "draft" | "coming_soon" | "deprecated";

export type EndpointDefinition = {
  summary: string;
  /** The scope a token needs; null when the endpoint needs no token. */
  scope: Scope | null;
  badge?: Badge;
  deprecation?: { since: string; sunset: string; link: string };
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 200 body. */
  response: z.ZodType;
  /** Error codes this endpoint can answer besides the ones every endpoint can. */
  errors?: readonly ErrorCode[];
  /** Request headers the endpoint reads (besides Authorization), for the OpenAPI document. */
  requestHeaders?: Readonly<Record<string, { description: string; schema: z.ZodType }>>;
  /** Response headers the 200 carries (besides the ones every response carries). */
  responseHeaders?: readonly ResponseHeader[];
  /** Which rate-limit budget the endpoint draws on (contract §9); default "default". */
  rateLimit?: "default" | "orders";
  /** Group in the documentation. */
  tag?: string;
};

export type ResponseHeader = "X-Total-Count" | "Link";

/** Keeps a definition's literal types, so handlers see their own params, query and body. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}
