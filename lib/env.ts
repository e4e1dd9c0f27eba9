import { z } from "zod";

/** A number of milliseconds from 0 to an hour, with its default. */
function millis(name: string, fallback: number) {
  return z.coerce
    .number(`${name} must be a number of milliseconds`)
    .int(`${name} must be a whole number of milliseconds`)
    .min(0, `${name} must be at least 0`)
    .max(3_600_000, `${name} must be at most 3600000 (an hour)`)
    .default(fallback);
}

// Read once; a missing or malformed value stops the process with one clear line.
const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgresql:// URL")
    .optional(),
  // A direct connection to the server when DATABASE_URL is PgBouncer in transaction pooling
  // mode: only LISTEN and migrations use it (docs/CONTRACT.md §18). Unset: DATABASE_URL.
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_DIRECT_URL must be a postgresql:// URL")
    .optional(),
  // Streaming replicas for the reads that may be stale (lib/db/replicas.ts), comma-separated.
  DATABASE_REPLICA_URL: z
    .string()
    .transform((value) =>
      value
        .split(",")
        .map((url) => url.trim())
        .filter((url) => url !== ""),
    )
    .pipe(
      z
        .array(
          z.string().regex(/^postgres(ql)?:\/\//, "each DATABASE_REPLICA_URL must be a postgresql:// URL"),
        )
        .max(16, "DATABASE_REPLICA_URL names at most 16 replicas"),
    )
    .default([]),
  // A replica further behind the primary than this is skipped until it catches up.
  REPLICA_MAX_LAG_MS: z.coerce
    .number("REPLICA_MAX_LAG_MS must be a number of milliseconds")
    .int("REPLICA_MAX_LAG_MS must be a whole number of milliseconds")
    .min(0, "REPLICA_MAX_LAG_MS must be at least 0")
    .max(3_600_000, "REPLICA_MAX_LAG_MS must be at most 3600000 (an hour)")
    .default(5000),
  PGLITE_DATA_DIR: z.string().min(1).default("./data/pglite"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // How long a request waits on PostgreSQL (lib/db/query-bounds.ts), in milliseconds; 0: no bound.
  // A connection (opening one, or waiting for one of the pool's):
  DB_CONNECT_TIMEOUT_MS: millis("DB_CONNECT_TIMEOUT_MS", 5000),
  // A statement, ended by the server (migrations, seeding and the inventory import have none):
  DB_STATEMENT_TIMEOUT_MS: millis("DB_STATEMENT_TIMEOUT_MS", 10_000),
  // An answer, given up by the app: the server's own timeout cannot reach it over a frozen link.
  DB_QUERY_TIMEOUT_MS: millis("DB_QUERY_TIMEOUT_MS", 12_000),
  // GET /api/ready calls the database unreachable when its ping takes longer.
  READY_TIMEOUT_MS: z.coerce
    .number("READY_TIMEOUT_MS must be a number of milliseconds")
    .int("READY_TIMEOUT_MS must be a whole number of milliseconds")
    .min(1, "READY_TIMEOUT_MS must be at least 1")
    .max(60_000, "READY_TIMEOUT_MS must be at most 60000")
    .default(2000),
  LOG_LEVEL: z.enum(["silent", "error", "info"]).default("info"),
  // Set by what runs the app: next (development, production), vitest (test). Under test, bcrypt
  // hashes at its lowest cost (lib/auth/passwords.ts); any other value changes nothing.
  NODE_ENV: z.string().optional(),
  // Prometheus metrics (docs/OPERATIONS.md): GET /metrics on a port of its own when set; else on
  // the app's port for `Authorization: Bearer <METRICS_TOKEN>`; neither set: not served.
  METRICS_PORT: z.coerce
    .number("METRICS_PORT must be a port number")
    .int("METRICS_PORT must be a whole port number")
    .min(1, "METRICS_PORT must be 1 to 65535")
    .max(65535, "METRICS_PORT must be 1 to 65535")
    .optional(),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  // OpenTelemetry traces go to this OTLP/HTTP collector (e.g. http://collector:4318); unset: no tracing.
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .url({ protocol: /^https?$/, error: "OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s):// URL" })
    .optional(),
  // Requests a minute per token (docs/CONTRACT.md §9); POST /order draws on its own smaller budget.
  RATE_LIMIT_DEFAULT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ORDERS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  // Where the counters live when several instances run: Redis if set, else PostgreSQL
  // (with DATABASE_URL), else this process's memory (the embedded default is one process).
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// URL")
    .optional(),
  // Proxies in front of the app that append to X-Forwarded-For. 0: none, so no client-sent
  // forwarding header is believed (see lib/http/client-address.ts); N: the Nth address from
  // the right is the client's.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // The service's public address (scheme, host, optional path prefix), for the URLs the API
  // writes (Link, Location). Unset: the request's own host (lib/api/public-url.ts).
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http(s):// URL" })
    .refine((value) => !/[?#]/.test(value), "PUBLIC_URL must not have a query or fragment")
    .optional(),
  // Portal sessions (next-auth). Unset secret: one is generated and kept in data/nextauth-secret.
  NEXTAUTH_SECRET: z.string().min(32, "NEXTAUTH_SECRET must be at least 32 characters").optional(),
  // Encrypts data at rest (TOTP secrets; docs/CONTRACT.md §17): 32 bytes as base64 or 64 hex digits.
  // Unset: one is generated and kept in data/data-encryption-key (lib/crypto/data-key.ts).
  DATA_ENCRYPTION_KEY: z
    .string()
    .refine(
      (value) => /^[0-9a-fA-F]{64}$/.test(value) || Buffer.from(value, "base64").length === 32,
      "DATA_ENCRYPTION_KEY must be 32 bytes as base64 (44 characters) or as 64 hex digits",
    )
    .optional(),
  // How long POST /reservations holds a number (docs/CONTRACT.md §12). Fractions are allowed so a
  // test can let holds run out in seconds (0.05 = 3 s).
  RESERVATION_MINUTES: z.coerce
    .number("RESERVATION_MINUTES must be a number of minutes")
    .positive("RESERVATION_MINUTES must be more than 0")
    .max(1440, "RESERVATION_MINUTES must be at most 1440 (a day)")
    .default(15),
  // Webhooks (docs/CONTRACT.md §14). 1 lets a test point an endpoint at http:// on a loopback address
  // (127.0.0.0/8, ::1, localhost); every other private address stays refused either way.
  WEBHOOKS_ALLOW_HTTP: z.enum(["0", "1"], "WEBHOOKS_ALLOW_HTTP must be 0 or 1").default("0"),
  // off: this process runs no delivery worker (another process runs `npm run worker`).
  WEBHOOKS_WORKER: z.enum(["on", "off"], "WEBHOOKS_WORKER must be on or off").default("on"),
  // How often an idle worker looks for due deliveries.
  WEBHOOKS_POLL_MS: z.coerce
    .number("WEBHOOKS_POLL_MS must be a number of milliseconds")
    .int("WEBHOOKS_POLL_MS must be a whole number of milliseconds")
    .min(50, "WEBHOOKS_POLL_MS must be at least 50")
    .max(60_000, "WEBHOOKS_POLL_MS must be at most 60000")
    .default(1000),
  // How long a worker's claim on a delivery lasts. Longer than the 10 s request timeout, so a
  // live worker's claim never runs out mid-request; a crashed worker's runs out after this.
  WEBHOOKS_LEASE_SECONDS: z.coerce
    .number("WEBHOOKS_LEASE_SECONDS must be a number of seconds")
    .int("WEBHOOKS_LEASE_SECONDS must be a whole number of seconds")
    .min(15, "WEBHOOKS_LEASE_SECONDS must be at least 15 (the 10 s timeout and a margin)")
    .max(3600, "WEBHOOKS_LEASE_SECONDS must be at most 3600")
    .default(60),
  // Email (docs/CONTRACT.md §15): an smtp:// or smtps:// URL with any user and password in it. Unset:
  // messages are written to the server's log instead, links included.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must be an smtp:// or smtps:// URL")
    .optional(),
  // The From of every message.
  EMAIL_FROM: z
    .string()
    .min(3, "EMAIL_FROM must be an address")
    .default("Numbers portal <no-reply@numbers.example>"),
  // How long a released number stays restorable before it goes back to inventory (docs/CONTRACT.md §16).
  RELEASE_AGING_DAYS: z.coerce
    .number("RELEASE_AGING_DAYS must be a number of days")
    .int("RELEASE_AGING_DAYS must be a whole number of days")
    .min(1, "RELEASE_AGING_DAYS must be at least 1")
    .max(365, "RELEASE_AGING_DAYS must be at most 365")
    .default(14),
  // How long a sold number may wait for an approved bundle before it is released (docs/CONTRACT.md §17).
  DOCUMENTS_DUE_DAYS: z.coerce
    .number("DOCUMENTS_DUE_DAYS must be a number of days")
    .int("DOCUMENTS_DUE_DAYS must be a whole number of days")
    .min(4, "DOCUMENTS_DUE_DAYS must be at least 4 (the reminder goes 3 days before)")
    .max(365, "DOCUMENTS_DUE_DAYS must be at most 365")
    .default(14),
  // How many POST /documents one process reads at once: each holds up to 10 MiB and its copies
  // until it is stored, so this bounds what a burst of uploads can add to the resident set.
  UPLOADS_IN_FLIGHT: z.coerce
    .number("UPLOADS_IN_FLIGHT must be a number of uploads")
    .int("UPLOADS_IN_FLIGHT must be a whole number of uploads")
    .min(1, "UPLOADS_IN_FLIGHT must be at least 1")
    .max(64, "UPLOADS_IN_FLIGHT must be at most 64")
    .default(4),
  // The custom server (npm start): a request body that sends nothing for this long is answered
  // 408 and its connection closed; request headers must all arrive within HEADERS_TIMEOUT_MS.
  BODY_IDLE_TIMEOUT_MS: z.coerce
    .number("BODY_IDLE_TIMEOUT_MS must be a number of milliseconds")
    .int("BODY_IDLE_TIMEOUT_MS must be a whole number of milliseconds")
    .min(100, "BODY_IDLE_TIMEOUT_MS must be at least 100")
    .max(300_000, "BODY_IDLE_TIMEOUT_MS must be at most 300000 (Node's own request timeout)")
    .default(30_000),
  HEADERS_TIMEOUT_MS: z.coerce
    .number("HEADERS_TIMEOUT_MS must be a number of milliseconds")
    .int("HEADERS_TIMEOUT_MS must be a whole number of milliseconds")
    .min(100, "HEADERS_TIMEOUT_MS must be at least 100")
    .max(300_000, "HEADERS_TIMEOUT_MS must be at most 300000 (Node's own request timeout)")
    .default(20_000),
  // Billing (docs/API.md "Billing"). A new billing account's credit limit, in each currency.
  BILLING_DEFAULT_CREDIT_LIMIT: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, "BILLING_DEFAULT_CREDIT_LIMIT must be an amount such as 100.00")
    .default("100.00"),
  // Days from an invoice's issue to its due date.
  BILLING_PAYMENT_TERMS_DAYS: z.coerce
    .number("BILLING_PAYMENT_TERMS_DAYS must be a number of days")
    .int("BILLING_PAYMENT_TERMS_DAYS must be a whole number of days")
    .min(0, "BILLING_PAYMENT_TERMS_DAYS must be at least 0")
    .max(120, "BILLING_PAYMENT_TERMS_DAYS must be at most 120")
    .default(14),
  // How often the worker looks for accounts the month-end run has not closed yet.
  BILLING_RUN_EVERY_MS: z.coerce
    .number("BILLING_RUN_EVERY_MS must be a number of milliseconds")
    .int("BILLING_RUN_EVERY_MS must be a whole number of milliseconds")
    .min(100, "BILLING_RUN_EVERY_MS must be at least 100")
    .max(3_600_000, "BILLING_RUN_EVERY_MS must be at most 3600000 (an hour)")
    .default(60_000),
  // The seller every invoice names, and its country's standard VAT rate (percent).
  BILLING_SELLER_NAME: z.string().min(1).default("Numbers Portal Ltd"),
  BILLING_SELLER_ADDRESS: z.string().min(1).default("1 Example Street, London EC1A 1AA"),
  BILLING_SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, "BILLING_SELLER_COUNTRY must be a two-letter country code such as GB")
    .default("GB"),
  BILLING_SELLER_VAT_ID: z.string().min(1).default("GB123456789"),
  BILLING_VAT_RATE: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, "BILLING_VAT_RATE must be a percentage such as 20 or 20.5")
    .default("20"),
  // Port-in (docs/CONTRACT.md §20): the losing carrier adapter (lib/porting/carriers). simulated
  // answers by each number's last two digits; manual answers nothing, and the port desk moves orders.
  PORTING_CARRIER: z
    .enum(["simulated", "manual"], "PORTING_CARRIER must be simulated or manual")
    .default("simulated"),
  // How often the worker's carrier driver asks the losing carrier about open port orders.
  PORTING_CARRIER_EVERY_MS: z.coerce
    .number("PORTING_CARRIER_EVERY_MS must be a number of milliseconds")
    .int("PORTING_CARRIER_EVERY_MS must be a whole number of milliseconds")
    .min(100, "PORTING_CARRIER_EVERY_MS must be at least 100")
    .max(3_600_000, "PORTING_CARRIER_EVERY_MS must be at most 3600000 (an hour)")
    .default(60_000),
  // Bulk jobs (lib/jobs/run-jobs.ts): the numbers a claim does, one transaction for set_tags,
  // lock, unlock and release. Smaller batches hold a job's lease for less time each.
  JOBS_BATCH_SIZE: z.coerce
    .number("JOBS_BATCH_SIZE must be a number of numbers")
    .int("JOBS_BATCH_SIZE must be a whole number of numbers")
    .min(1, "JOBS_BATCH_SIZE must be at least 1")
    .max(1000, "JOBS_BATCH_SIZE must be at most 1000 (a job's most numbers)")
    .default(250),
  NEXTAUTH_URL: z.url({ protocol: /^https?$/, error: "NEXTAUTH_URL must be an http(s):// URL" }).optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  cached = parseEnv(process.env);
  return cached;
}

/** The settings in `source`, or an Error whose message names the first bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const raw = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue.path.join(".")}: ${issue.message}`);
  }
  return parsed.data;
}
