/** @type {import('next').NextConfig} */

const isDev = process.env.NODE_ENV !== "production";

// Next hydrates with inline scripts, so script-src needs 'unsafe-inline' (nonces would force
// every page to render dynamically); everything else is locked to this origin.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  // A compliance document is previewed from a blob: URL of its bytes (the API answers it as an
  // attachment, never as a page): a PDF needs a frame for it.
  "frame-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const nextConfig = {
  // PGlite loads its wasm and data files from its package directory at run time, and pg has
  // optional native bindings: bundling either breaks them. pdfkit reads its fonts' metrics
  // from its package directory too (lib/billing/invoice-pdf.ts).
  serverExternalPackages: [
    "pdfkit",
    "@electric-sql/pglite",
    "pglite-prisma-adapter",
    "pg",
    "@prisma/adapter-pg",
    "bcryptjs",
  ],
  poweredByHeader: false,
  // docs/CONTRACT.md §1: /api/v2/countries/ is answered as /api/v2/countries (proxy.ts), not redirected
  // to it without X-Request-Id. Pages keep their canonical paths: Next serves them either way.
  skipTrailingSlashRedirect: true,
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

module.exports = nextConfig;
