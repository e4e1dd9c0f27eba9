// CORS for API clients in other origins' pages: Bearer requests are allowed from anywhere,
// never with credentials, so a cookie session can't be used cross-site. A browser client must
// be able to do what any other client does: send If-Match (configuration changes) and
// Idempotency-Key (orders, jobs), and read ETag (for the next If-Match), Location (a created
// or queued resource) and Retry-After (429, 503).
export const corsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "X-Request-Id, X-Total-Count, Link, ETag, Location, RateLimit, RateLimit-Policy, Retry-After, Deprecation, Sunset, Allow",
};

export function preflightHeaders(allow: string): Record<string, string> {
  return {
    ...corsHeaders,
    Allow: allow,
    "Access-Control-Allow-Methods": allow,
    "Access-Control-Allow-Headers": "Authorization, Content-Type, If-Match, Idempotency-Key, X-Request-Id",
    "Access-Control-Max-Age": "600",
  };
}
