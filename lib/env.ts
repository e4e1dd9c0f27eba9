import { z } from "zod";

// Read once; a missing or malformed value stops the process with one clear line.
const envSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgresql:// URL")
    .optional(),
  PGLITE_DATA_DIR: z.string().min(1).default("./data/pglite"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(["silent", "error", "info"]).default("info"),
  // Requests a minute per token (contract §9); POST /order draws on its own smaller budget.
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
  // How long POST /reservations holds a number (contract §12). Fractions are allowed so a
  // test can let holds run out in seconds (0.05 = 3 s).
  RESERVATION_MINUTES: z.coerce
    .number("RESERVATION_MINUTES must be a number of minutes")
    .positive("RESERVATION_MINUTES must be more than 0")
    .max(1440, "RESERVATION_MINUTES must be at most 1440 (a day)")
    .default(15),
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
