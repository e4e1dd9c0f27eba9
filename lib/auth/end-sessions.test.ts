import { describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { getPrisma } from "@/lib/db/client";
import { endSessionsOf, sessionStillValid } from "@/lib/auth/end-sessions";
import { resolvePrincipal } from "@/lib/auth/principal";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName, SIGNED_IN_AT_CLAIM } from "@/lib/auth/session-cookie";
import { demoUsers, type DemoUser } from "@/prisma/seed/fixtures";

const customer = demoUsers.acmeCustomer;
const other = demoUsers.globexCustomer;

async function sessionRequest(user: DemoUser, signedInAt: number | undefined) {
  const claims: Record<string, unknown> = {
    sub: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
  };
  if (signedInAt !== undefined) claims[SIGNED_IN_AT_CLAIM] = signedInAt;
  const value = await encode({ token: claims, secret: getSessionSecret() });
  return new Request("http://localhost:3000/api/v2/countries", {
    headers: { cookie: `${sessionCookieName(false)}=${value}` },
  });
}

describe("endSessionsOf", () => {
  const ended = new Date("2026-11-27T10:00:00.000Z");

  it("refuses the person's sessions issued before the moment, on the next request", async () => {
    const before = await sessionRequest(customer, ended.getTime() - 1);
    expect(await resolvePrincipal(before.clone())).toMatchObject({ userId: customer.id });

    expect(await endSessionsOf(await getPrisma(), customer.id, ended)).toBe(true);

    expect(await resolvePrincipal(before)).toBeNull();
    // A session issued at that moment or later (signed in again) works.
    expect(await resolvePrincipal(await sessionRequest(customer, ended.getTime()))).toMatchObject({
      userId: customer.id,
    });
    // A cookie that does not say when it was issued is refused once sessions were ended.
    expect(await resolvePrincipal(await sessionRequest(customer, undefined))).toBeNull();
    // Other people are not signed out.
    expect(await resolvePrincipal(await sessionRequest(other, ended.getTime() - 1))).toMatchObject({
      userId: other.id,
    });
    const row = await (await getPrisma()).user.findUniqueOrThrow({ where: { id: customer.id } });
    expect(row.sessionsValidAfter).toEqual(ended);
  });

  it("answers false for an unknown person and changes nothing", async () => {
    const prisma = await getPrisma();
    const before = await prisma.user.findMany({ orderBy: { id: "asc" } });
    expect(await endSessionsOf(prisma, "usr_nobody", ended)).toBe(false);
    expect(await prisma.user.findMany({ orderBy: { id: "asc" } })).toEqual(before);
  });

  it("takes part in the caller's transaction", async () => {
    const prisma = await getPrisma();
    await expect(
      prisma.$transaction(async (tx) => {
        await endSessionsOf(tx, other.id, ended);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await prisma.user.findUniqueOrThrow({ where: { id: other.id } })).sessionsValidAfter).toBeNull();
  });
});

describe("sessionStillValid", () => {
  it.each([
    { issuedAtMs: 5, validAfter: null, valid: true },
    { issuedAtMs: null, validAfter: null, valid: true },
    { issuedAtMs: 999, validAfter: new Date(1000), valid: false },
    { issuedAtMs: 1000, validAfter: new Date(1000), valid: true },
    { issuedAtMs: null, validAfter: new Date(1000), valid: false },
  ])("issued $issuedAtMs, ended $validAfter: $valid", ({ issuedAtMs, validAfter, valid }) => {
    expect(sessionStillValid(issuedAtMs, validAfter)).toBe(valid);
  });
});
