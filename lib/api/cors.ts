// CORS for API clients in other origins' pages (contract §2): Bearer requests are allowed
// from anywhere, never with credentials, so a cookie session can't be used cross-site.
export const corsHeaders: Record<string, string> = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Expose-Headers":
    "X-Request-Id, X-Total-Count, Link, RateLimit, RateLimit-Policy, Retry-After, Deprecation, Sunset, Allow",
};

export function preflightHeaders(allow: string): Record<string, string> {
  return {
    ...corsHeaders,
    Allow: allow,
    "Access-Control-Allow-Methods": allow,
    "Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key, X-Request-Id",
    "Access-Control-Max-Age": "600",
  };
}
