import type { z } from "zod";
import type { Scope } from "@/lib/schemas/scopes";
import type { ErrorCode } from "@/lib/errors";
import type { Permission } from "@/lib/auth/roles";

/** docs/CONTRACT.md §9: Draft and Coming Soon answer 501; Deprecated works and says so. */
type Badge = "stable" | "draft" | "coming_soon" | "deprecated";

export type EndpointDefinition = {
  summary: string;
  /** The scope a token needs; null when the endpoint needs no token. */
  scope: Scope | null;
  /**
   * A power beyond the scope that the caller's role must hold (the table of docs/CONTRACT.md §15, e.g.
   * "members:manage"); the role must always allow the scope too.
   */
  permission?: Permission;
  /**
   * Support's way in where the scope is a customer's: a role that reads every organization
   * (organizations:all) may call the endpoint holding this scope instead, for any organization
   * (support's comments on a port order, with porting:read). The domain then reaches every
   * organization's resource for it (ownOrganizationUnlessSupport).
   */
  supportScope?: Scope;
  /** "session": only a signed-in portal session may call it, never a token (the OpenAPI document says so). */
  auth?: "session";
  /**
   * The caller must have verified their email (docs/CONTRACT.md §15: holding, buying, uploading
   * documents, inviting, creating tokens); else 401 email_unverified. Apart from roles on
   * purpose: it is about the person, not what their role allows.
   */
  verifiedEmail?: true;
  badge?: Badge;
  deprecation?: { since: string; sunset: string; link: string };
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * "handler": the wrapper reads the JSON body (content type, size) but leaves it unparsed, for a
   * handler that reports every problem at once (invalid_configuration) rather than the first.
   * `body` still documents it.
   */
  bodyParsedBy?: "handler";
  /**
   * A multipart/form-data body the handler streams itself (a file upload): the wrapper never
   * reads it. For the OpenAPI document: the form's schema (file parts documented as binary)
   * and, per file part, the media types it may be.
   */
  multipartBody?: { schema: z.ZodType; files: Readonly<Record<string, readonly string[]>> };
  /** The success body (none for 204). */
  response: z.ZodType;
  /** The success status when it is not 200: 201 created, 202 accepted (queued), 204 no body. */
  status?: 201 | 202 | 204;
  /** Error codes this endpoint can answer besides the ones every endpoint can. */
  errors?: readonly ErrorCode[];
  /**
   * Request headers the endpoint reads (besides Authorization), for the OpenAPI document;
   * `required` when the endpoint refuses a request without it (If-Match: 428).
   */
  requestHeaders?: Readonly<Record<string, { description: string; schema: z.ZodType; required?: boolean }>>;
  /** Response headers the 200 carries (besides the ones every response carries). */
  responseHeaders?: readonly ResponseHeader[];
  /**
   * The success is a file in one of these media types, never JSON (a handler returns a Response):
   * the document declares each as binary, with what it holds, and the download headers.
   */
  file?: { types: readonly string[]; description: string };
  /**
   * The success is text in this media type, never JSON (a handler returns a StreamReply): a CSV
   * export. Its own operation, so a generated client types it as text and the JSON list as JSON.
   */
  text?: { type: "text/csv"; description: string; example: string };
  /** Which rate-limit budget the endpoint draws on (docs/CONTRACT.md §9); default "default". */
  rateLimit?: "default" | "orders";
  /** Group in the documentation. */
  tag?: string;
};

type ResponseHeader = "X-Total-Count" | "Link" | "ETag" | "Location";

/** Keeps a definition's literal types, so handlers see their own params, query and body. */
export function defineEndpoint<const D extends EndpointDefinition>(definition: D): D {
  return definition;
}
