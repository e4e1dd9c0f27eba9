import "server-only";
import type { Role } from "@/lib/auth/types";
import { getDatabase } from "@/lib/db/client";
import { processSingleton } from "@/lib/process-singleton";

/** An api_token row as the principal resolver reads it, with its creator's role. */
export type TokenRow = {
  id: string;
  organizationId: string;
  userId: string | null;
  prefix: string;
  scopes: string[];
  expiresAt: Date | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
  role: Role | null;
};

/** Where PostgreSQL announces a token change (prisma/migrations/…_api_token_change_notify). */
export const TOKEN_CHANGED_CHANNEL = "api_token_changed";

// Short, so that anything the change feed does not announce is stale for seconds at most;
// the feed is what makes a revocation effective on every instance at once.
const TTL_MS = 10_000;
// Tokens in use at once are few; past this, the map starts over rather than grow without bound.
const MAX_ENTRIES = 10_000;

/**
 * Resolved tokens, keyed by the SHA-256 of the secret (the secret itself is never kept). It
 * serves nothing while its change feed is down: a revocation it could miss must not be
 * outlived by a cached row.
 */
export class TokenCache {
  private readonly entries = new Map<string, { token: TokenRow; until: number }>();
  private generation = 0;
  private live = false;

  constructor(
    private readonly ttlMs = TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  get(hash: string): TokenRow | undefined {
    if (!this.live) return undefined;
    const entry = this.entries.get(hash);
    if (!entry) return undefined;
    if (entry.until > this.now()) return entry.token;
    this.entries.delete(hash);
    return undefined;
  }

  /** Taken before reading a row, handed to `set`: a change announced in between wins. */
  ticket(): number {
    return this.generation;
  }

  set(hash: string, token: TokenRow, ticket: number): void {
    if (!this.live || ticket !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(hash, { token, until: this.now() + this.ttlMs });
  }

  /** A change announced: one token's hash, or "*" for all of them. */
  changed(payload: string): void {
    this.generation++;
    if (payload === "*") this.entries.clear();
    else this.entries.delete(payload);
  }

  /** Whether the change feed is connected; while it is not, nothing is cached. */
  setLive(live: boolean): void {
    this.generation++;
    this.live = live;
    if (!live) this.entries.clear();
  }
}

const processCache = processSingleton("token-cache", async (): Promise<TokenCache | null> => {
  // Only the production server caches: tests change token rows directly and read the effect
  // at once (token-cache.test.ts tests the cache and its feed on their own).
  if (process.env.NODE_ENV !== "production") return null;
  const database = await getDatabase();
  if (!database.listen) return null;
  const cache = new TokenCache();
  await database.listen(TOKEN_CHANGED_CHANNEL, {
    onNotify: (payload) => cache.changed(payload),
    onLive: (live) => cache.setLive(live),
  });
  return cache;
});

/** This process's token cache, or null where tokens are read from the database every time. */
export function getTokenCache(): Promise<TokenCache | null> {
  return processCache.get();
}

/** Puts a given cache (or none) in place for this process (tests). */
export function setTokenCache(cache: TokenCache | null): void {
  processCache.set(cache);
}
