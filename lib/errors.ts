import { z } from "zod";

// docs/CONTRACT.md §3: every error code and the status it is answered with. One table, so a
// domain function only says what went wrong and never picks a status.
export const errorStatus = {
  invalid_parameter: 400,
  unknown_country: 400,
  unknown_number_type: 400,
  unknown_region: 400,
  unknown_document_type: 400,
  inconsistent_order: 400,
  product_not_found: 400,
  bundle_not_compliant: 400,
  invalid_bundle: 400,
  invalid_transition: 400,
  // Port-in (docs/CONTRACT.md §20): a requested FOC date that is not a business day, too early or
  // too late, or a change within 24 h of the FOC; a submit before the LOA is signed.
  foc_date_not_allowed: 400,
  loa_not_signed: 400,
  // A VAT ID that is not one of its country's, or not of the profile's country (docs/API.md "Billing").
  invalid_vat_id: 400,
  unauthorized: 401,
  insufficient_scope: 401,
  // A person whose organization requires two-factor sign-in and who has not set it up (docs/CONTRACT.md §15).
  two_factor_required: 401,
  role_forbidden: 401,
  email_unverified: 401,
  // A member's password sign-in to an organization whose single sign-on is required (docs/API.md "Single sign-on").
  sso_required: 401,
  // Billing (docs/API.md, "Charges and the ledger"): an order the account cannot pay for now, or an
  // organization whose account is past due or suspended.
  insufficient_funds: 402,
  account_past_due: 402,
  not_found: 404,
  // An LOA signing link used already, or past its expiry or replaced by a newer one (docs/API.md
  // "LOA"): gone for good, so 410; a new link comes from a new signature request.
  loa_link_used: 410,
  loa_link_expired: 410,
  method_not_allowed: 405,
  number_unavailable: 409,
  idempotency_conflict: 409,
  extension_exists: 409,
  document_in_use: 409,
  delivery_pending: 409,
  email_in_use: 409,
  last_owner: 409,
  invitation_used: 409,
  number_locked: 409,
  number_referenced: 409,
  restore_window_over: 409,
  // docs/CONTRACT.md §20: a number in an open port order (being ported in: it cannot be
  // released, restored or put in a second order), or already held in this service.
  port_in_progress: 409,
  already_here: 409,
  // The losing carrier cannot port the number (its own refusal, e.g. a number it cannot
  // release): 409, like number_unavailable, because the request is well formed and the same
  // request may succeed once the number's state at the carrier changes.
  not_portable: 409,
  // A request whose body stopped arriving (the custom server's BODY_IDLE_TIMEOUT_MS).
  request_timeout: 408,
  precondition_failed: 412,
  precondition_required: 428,
  invalid_configuration: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal_error: 500,
  not_implemented: 501,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
const errorCodes = Object.keys(errorStatus) as ErrorCode[];

const statusPhrases: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  402: "Payment Required",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  412: "Precondition Failed",
  413: "Payload Too Large",
  415: "Unsupported Media Type",
  428: "Precondition Required",
  429: "Too Many Requests",
  500: "Internal Server Error",
  501: "Not Implemented",
  503: "Service Unavailable",
};

export const errorBodySchema = z
  .object({
    message: z.string(),
    error: z.object({
      message: z.string(),
      details: z.string(),
      code: z.enum(errorCodes as [ErrorCode, ...ErrorCode[]]),
    }),
  })
  .meta({ id: "Error" });

export type ErrorBody = z.infer<typeof errorBodySchema>;

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: string;
  /** Extra response headers (Allow, Retry-After…). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, details = "", headers: Record<string, string> = {}) {
    super(message);
    this.name = "ApiError";
    this.code = code;
    this.details = details;
    this.headers = headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return {
      message: statusPhrases[this.status],
      error: { message: this.message, details: this.details, code: this.code },
    };
  }
}

/**
 * The client went away before its request was read (it closed the connection mid-upload).
 * Not an ApiError: there is nobody to answer, so the wrapper logs an abort (status 499, the
 * convention for "client closed request") instead of an error with a stack or a 503.
 */
export class ClientAbortedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ClientAbortedError";
  }
}

/**
 * What each 404 says and which parameter its details name. The compliance resources have always
 * said "No document X."; the others "There is no token X."; clients may match either, so each
 * keeps its words.
 */
const notFoundWords = {
  address: { message: "No address", field: "address_id" },
  "billing alert": { message: "There is no billing alert", field: "alert_id" },
  bundle: { message: "No bundle", field: "bundle_id" },
  document: { message: "No document", field: "document_id" },
  "end user": { message: "No end user", field: "end_user_id" },
  extension: { message: "There is no extension", field: "extension" },
  invitation: { message: "There is no invitation", field: "invitation_id" },
  job: { message: "There is no job", field: "job_id" },
  member: { message: "There is no member", field: "member_id" },
  number: { message: "There is no number with number_id", field: "number_id" },
  order: { message: "There is no order", field: "reference_id" },
  "port order": { message: "There is no port order", field: "port_order_id" },
  token: { message: "There is no token", field: "token_id" },
  "webhook endpoint": { message: "There is no webhook endpoint", field: "webhook_id" },
} as const satisfies Record<string, { message: string; field: string }>;

/**
 * The 404 for a record the caller cannot see, whether it never existed or belongs to another
 * organization: the same words either way, so an answer leaks nothing.
 */
export function notFound(kind: keyof typeof notFoundWords, id: string): ApiError {
  const { message, field } = notFoundWords[kind];
  return new ApiError("not_found", `${message} ${id}.`, `${field}=${id}`);
}
