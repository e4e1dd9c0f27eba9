import "server-only";
import { ApiError } from "@/lib/errors";
import { getEnv } from "@/lib/env";
import { requestClientAddress } from "@/lib/http/client-address";
import { getCounterStore, type RateLimitStore } from "@/lib/counters/stores";
import { processSingleton } from "@/lib/process-singleton";

export type Budget = "default" | "orders";

export type RateLimitConfig = { limits: Record<Budget, number>; windowMs: number };

export type RateLimitResult = { headers: Record<string, string> };

/**
 * Fixed-window limits per caller and budget (docs/CONTRACT.md §9), with the IETF RateLimit-Policy
 * and RateLimit headers on every answer and Retry-After on a 429.
 */
export class RateLimiter {
  constructor(
    private readonly store: RateLimitStore,
    private readonly config: RateLimitConfig,
  ) {}

  async check(callerKey: string, budget: Budget, now = Date.now()): Promise<RateLimitResult> {
    const { windowMs } = this.config;
    const limit = this.config.limits[budget];
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const count = await this.store.hit(`${budget}:${callerKey}`, windowStart, windowMs, leaseFor(limit));
    const resetSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    const headers = {
      "RateLimit-Policy": `"${budget}";q=${limit};w=${windowMs / 1000}`,
      RateLimit: `"${budget}";r=${Math.max(0, limit - count)};t=${resetSeconds}`,
    };
    if (count > limit) {
      throw new ApiError(
        "rate_limited",
        `Too many requests: the limit is ${limit} a minute${budget === "orders" ? " for orders" : ""}; retry in ${resetSeconds} s.`,
        `budget=${budget} limit=${limit} window=${windowMs / 1000}s`,
        { ...headers, "Retry-After": String(resetSeconds) },
      );
    }
    return { headers };
  }
}

/**
 * How many counts an instance may claim ahead for one caller (lib/counters/coalesce.ts): a
 * hundredth of the budget. A busy caller then costs the shared store about a hundred writes a
 * window, not one a request; spread over N instances it may be refused up to (N−1)/100 of
 * its budget early, and is never let past it. Below 200 a minute, every hit is written.
 */
export function leaseFor(limit: number): number {
  return Math.max(1, Math.floor(limit / 100));
}

const rateLimiter = processSingleton("rate-limiter", async () => {
  const env = getEnv();
  return new RateLimiter(await getCounterStore(), {
    limits: { default: env.RATE_LIMIT_DEFAULT_PER_MINUTE, orders: env.RATE_LIMIT_ORDERS_PER_MINUTE },
    windowMs: 60_000,
  });
});

export function getRateLimiter(): Promise<RateLimiter> {
  return rateLimiter.get();
}

/** Points this process at a given limiter (tests). */
export function setRateLimiter(limiter: RateLimiter): void {
  rateLimiter.set(limiter);
}

/**
 * Who a budget belongs to: the token or signed-in user, else the client address as
 * TRUST_PROXY_HOPS allows it to be known (lib/http/client-address.ts); callers whose address
 * is not known share one budget rather than each claiming a fresh one.
 */
export function callerKey(principal: { kind: string; id: string } | null, request: Request): string {
  if (principal) return `${principal.kind}:${principal.id}`;
  return `ip:${requestClientAddress(request.headers) ?? "unknown"}`;
}
