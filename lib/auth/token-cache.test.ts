import { afterEach, describe, expect, it } from "vitest";
import { getDatabase, getPrisma } from "@/lib/db/client";
import { hashTokenSecret } from "@/lib/auth/tokens";
import { setTokenCache, TOKEN_CHANGED_CHANNEL, TokenCache, type TokenRow } from "@/lib/auth/token-cache";
import { revokeToken } from "@/lib/tokens/manage-tokens";
import type { Unlisten } from "@/lib/db/listen";
import { get } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";

const row = (id: string): TokenRow => ({
  id,
  organizationId: "org_acme",
  userId: null,
  prefix: "npk_ab",
  scopes: [],
  expiresAt: null,
  revokedAt: null,
  lastUsedAt: null,
  role: null,
});

describe("the token cache", () => {
  const live = (ttlMs = 10_000, now: () => number = Date.now) => {
    const cache = new TokenCache(ttlMs, now);
    cache.setLive(true);
    return cache;
  };

  it("keeps nothing while its change feed is not live", () => {
    const cache = new TokenCache();
    cache.set("h1", row("a"), cache.ticket());
    expect(cache.get("h1")).toBeUndefined();
    cache.setLive(true);
    expect(cache.get("h1")).toBeUndefined();
  });

  it("serves a row for its lifetime, then reads again", () => {
    let now = 1_000;
    const cache = live(5_000, () => now);
    cache.set("h1", row("a"), cache.ticket());
    now = 5_999;
    expect(cache.get("h1")?.id).toBe("a");
    now = 6_000;
    expect(cache.get("h1")).toBeUndefined();
  });

  it("forgets one token when told its hash, every token when told '*'", () => {
    const cache = live();
    for (const hash of ["h1", "h2", "h3"]) cache.set(hash, row(hash), cache.ticket());
    cache.changed("h1");
    expect([cache.get("h1"), cache.get("h2")?.id]).toEqual([undefined, "h2"]);
    cache.changed("*");
    expect([cache.get("h2"), cache.get("h3")]).toEqual([undefined, undefined]);
  });

  it("does not keep a row read before a change was announced", () => {
    const cache = live();
    const ticket = cache.ticket();
    cache.changed("h1"); // announced while the row was being read
    cache.set("h1", row("stale"), ticket);
    expect(cache.get("h1")).toBeUndefined();
  });

  it("forgets everything when the feed goes down", () => {
    const cache = live();
    cache.set("h1", row("a"), cache.ticket());
    cache.setLive(false);
    cache.setLive(true);
    expect(cache.get("h1")).toBeUndefined();
  });
});

describe("the change feed and the cache in use", () => {
  let unlisten: Unlisten | undefined;
  afterEach(async () => {
    setTokenCache(null);
    await unlisten?.();
    unlisten = undefined;
  });

  /** A cache fed by this file's database, and the payloads the feed delivered, in order. */
  async function feed() {
    const database = await getDatabase();
    const cache = new TokenCache();
    const heard: string[] = [];
    const waiters: Array<() => void> = [];
    unlisten = await database.listen!(TOKEN_CHANGED_CHANNEL, {
      onNotify: (payload) => {
        heard.push(payload);
        cache.changed(payload);
        waiters.splice(0).forEach((resolve) => resolve());
      },
      onLive: (isLive) => cache.setLive(isLive),
    });
    const heardCount = (count: number) =>
      new Promise<void>((resolve) => {
        const check = () => (heard.length >= count ? resolve() : waiters.push(check));
        check();
      });
    return { cache, heard, heardCount };
  }

  it("announces a revocation by the token's hash, and not a last-used update", async () => {
    const { heard, heardCount } = await feed();
    const prisma = await getPrisma();
    const hash = hashTokenSecret(testTokens.acmeAll.secret);
    await prisma.apiToken.update({ where: { tokenHash: hash }, data: { lastUsedAt: new Date() } });
    const other = hashTokenSecret(testTokens.acmeExpired.secret);
    await prisma.apiToken.update({ where: { tokenHash: other }, data: { revokedAt: new Date() } });
    await heardCount(1);
    // Notifications arrive in commit order: had the first update announced anything, it would be first.
    expect(heard).toEqual([other]);
  });

  it("a cached token is refused once revoked, through the API and directly in the database", async () => {
    const { cache, heardCount } = await feed();
    setTokenCache(cache);
    const hash = hashTokenSecret(testTokens.globexAll.secret);
    expect((await get("/countries", { token: "globexAll" })).status).toBe(200);
    expect(cache.get(hash)?.organizationId).toBe("org_globex");

    const prisma = await getPrisma();
    await prisma.apiToken.update({ where: { tokenHash: hash }, data: { revokedAt: new Date() } });
    await heardCount(1);
    expect(cache.get(hash)).toBeUndefined();
    const refused = await get<{ error: { code: string } }>("/countries", { token: "globexAll" });
    expect([refused.status, refused.body.error.code]).toEqual([401, "unauthorized"]);

    // revokeToken forgets the token in this process itself, whatever the feed's delay.
    const acme = hashTokenSecret(testTokens.acmeAll.secret);
    expect((await get("/countries", { token: "acmeAll" })).status).toBe(200);
    const { id } = await prisma.apiToken.findUniqueOrThrow({ where: { tokenHash: acme } });
    await revokeToken(
      { kind: "session", organizationId: "org_acme", userId: "usr_acme_customer", role: "owner" },
      id,
    );
    expect(cache.get(acme)).toBeUndefined();
    expect((await get("/countries", { token: "acmeAll" })).status).toBe(401);
  });
});
