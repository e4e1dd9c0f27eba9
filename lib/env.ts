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
  REDIS_URL: z.string().regex(/^rediss?:\/\//, "REDIS_URL must be a redis:// URL").optional(),
  // Proxies in front of the app that append to X-Forwarded-For. 0: none, so no client-sent
  // forwarding header is believed (see lib/api/client-address.ts); N: the Nth address from
  // the right is the client's.
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  // Portal sessions (next-auth). Unset secret: one is generated and kept in data/nextauth-secret.
  NEXTAUTH_SECRET: z.string().min(32, "NEXTAUTH_SECRET must be at least 32 characters").optional(),
  NEXTAUTH_URL: z.url({ protocol: /^https?$/, error: "NEXTAUTH_URL must be an http(s):// URL" }).optional(),
});

export type Env = z.infer<typeof envSchema>;

let cached: Env | undefined;

export function getEnv(): Env {
  if (cached) return cached;
  const raw = Object.fromEntries(
    Object.entries(process.env).filter(([, value]) => value !== undefined && value !== ""),
  );
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`Invalid environment: ${issue.path.join(".")}: ${issue.message}`);
  }
  cached = parsed.data;
  return cached;
}
