import { beforeEach, describe, expect, it } from "vitest";
import { encode } from "next-auth/jwt";
import { api } from "@/tests/api-client";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName, SIGNED_IN_AT_CLAIM } from "@/lib/auth/session-cookie";
import { verifyCredentials } from "@/lib/auth/credentials";
import { SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { memoryStore } from "@/lib/counters/stores";
import { getPrisma } from "@/lib/db/client";
import { changeOrganizationSettings } from "@/lib/auth/organization-settings";
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";

// The account-security endpoints through the route wrapper: sessions ending, the password,
// and the organization's requirement of two-factor sign-in.

const ORIGIN = "http://localhost:3000";
const err = (status: string, code: string, message: string, details: string) => ({
  message: status,
  error: { message, details, code },
});

type Demo = (typeof demoUsers)[keyof typeof demoUsers];

/** A session cookie signed in a minute ago. */
async function cookieOf(user: Demo): Promise<string> {
  const value = await encode({
    token: {
      sub: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      organizationId: user.organizationId,
      [SIGNED_IN_AT_CLAIM]: Date.now() - 60_000,
    },
    secret: getSessionSecret(),
  });
  return `${sessionCookieName(false)}=${value}`;
}
const asPortal = (cookie: string) => ({ cookie, origin: ORIGIN });

beforeEach(async () => {
  const prisma = await getPrisma();
  await prisma.organization.updateMany({ data: { requireTwoFactor: false } });
  await prisma.user.updateMany({ data: { sessionsValidAfter: null } });
});

describe("POST /sessions/end-all", () => {
  it("ends every session of the person, this one too, and clears the cookie", async () => {
    const user = demoUsers.globexCustomer;
    const [here, elsewhere] = [await cookieOf(user), await cookieOf(user)];
    const other = await cookieOf(demoUsers.acmeCustomer);
    const ended = await api("POST", "/sessions/end-all", { headers: asPortal(here) });
    expect(ended.status).toBe(204);
    expect(ended.headers.get("set-cookie")).toBe(
      `${sessionCookieName(false)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`,
    );
    for (const cookie of [here, elsewhere]) {
      const answer = await api("GET", "/two-factor", { headers: { cookie } });
      expect(answer.status).toBe(401);
    }
    expect((await api("GET", "/two-factor", { headers: { cookie: other } })).status).toBe(200);
    const prisma = await getPrisma();
    expect(
      await prisma.auditEvent.count({ where: { action: "user.signed_out_everywhere", actorId: user.id } }),
    ).toBe(1);
  });

  it("is refused to a token", async () => {
    const answer = await api("POST", "/sessions/end-all", { token: "acmeAll" });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(
      err(
        "Unauthorized",
        "unauthorized",
        "Only a person signed in to the portal can call this endpoint; an API token cannot.",
        "principal=token",
      ),
    );
  });
});

describe("POST /password", () => {
  const user = demoUsers.support;
  const newPassword = "violet kettle harbour 42";

  it.each([
    {
      name: "a wrong current password",
      body: { current_password: "not it", new_password: newPassword },
      message: "The current password is not right.",
      details: "body.current_password",
    },
    {
      name: "a short new password",
      body: { current_password: DEFAULT_DEMO_PASSWORD, new_password: "short" },
      message: "The password must have at least 12 characters; this one has 5.",
      details: "body.new_password",
    },
  ])("refuses $name and changes nothing", async ({ body, message, details }) => {
    const cookie = await cookieOf(user);
    const prisma = await getPrisma();
    const before = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    const answer = await api("POST", "/password", { headers: asPortal(cookie), body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(err("Bad Request", "invalid_parameter", message, details));
    expect(await prisma.user.findUniqueOrThrow({ where: { id: user.id } })).toEqual(before);
    expect((await api("GET", "/two-factor", { headers: { cookie } })).status).toBe(200);
  });

  it("changes it: other sessions end, this one is renewed, the new password signs in", async () => {
    const [here, elsewhere] = [await cookieOf(user), await cookieOf(user)];
    const answer = await api("POST", "/password", {
      headers: asPortal(here),
      body: { current_password: DEFAULT_DEMO_PASSWORD, new_password: newPassword },
    });
    expect(answer.status).toBe(204);
    const renewed = answer.headers.get("set-cookie") ?? "";
    expect(renewed).toMatch(
      new RegExp(
        `^${sessionCookieName(false).replaceAll(".", "\\.")}=[^;]+; Path=/; HttpOnly; SameSite=Lax; Max-Age=\\d+$`,
      ),
    );
    for (const cookie of [here, elsewhere])
      expect((await api("GET", "/two-factor", { headers: { cookie } })).status).toBe(401);
    expect((await api("GET", "/two-factor", { headers: { cookie: renewed.split(";")[0] } })).status).toBe(
      200,
    );
    const throttle = new SignInThrottle(memoryStore());
    await expect(
      verifyCredentials({ email: user.email, password: newPassword }, null, throttle),
    ).resolves.toMatchObject({
      userId: user.id,
    });
    await expect(
      verifyCredentials({ email: user.email, password: DEFAULT_DEMO_PASSWORD }, null, throttle),
    ).rejects.toThrow("CredentialsSignin");
  });
});

describe("POST /password throttling", () => {
  it("refuses the eleventh wrong current password in 15 minutes with 429 and Retry-After", async () => {
    const cookie = await cookieOf(demoUsers.support);
    const body = { current_password: "guess", new_password: "violet kettle harbour 42" };
    // The window is 15 one-minute slots from the first wrong password's slot: what is left of it
    // is 15 minutes less the time the ten checks took (bcrypt: seconds each at cost 12 on a
    // loaded machine) and less up to a minute for the first slot's start.
    const firstAt = Date.now();
    for (let i = 0; i < 10; i++)
      expect((await api("POST", "/password", { headers: asPortal(cookie), body })).status).toBe(400);
    const refused = await api("POST", "/password", {
      headers: asPortal(cookie),
      body: { ...body, current_password: DEFAULT_DEMO_PASSWORD },
    });
    expect(refused.status).toBe(429);
    const wait = Number(refused.headers.get("retry-after"));
    const elapsed = Math.ceil((Date.now() - firstAt) / 1000);
    expect(wait).toBeGreaterThanOrEqual(15 * 60 - 60 - elapsed);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    expect(refused.body).toEqual(
      err(
        "Too Many Requests",
        "rate_limited",
        "Too many wrong passwords. Try again later.",
        `retry_after_s=${wait}`,
      ),
    );
  });
});

describe("require two-factor sign-in", () => {
  it("only an owner changes it; then a member without it can do nothing but set it up", async () => {
    // The permission table's word (lib/auth/roles.ts, "organization:settings"): not an admin's,
    // not support's, and the page offers the switch to the same roles (navigation.test.ts).
    for (const [role, person] of [
      ["support", demoUsers.support],
      ["admin", demoUsers.acmeAdmin],
      ["billing", demoUsers.acmeBilling],
    ] as const) {
      const refused = await api("PATCH", "/organization/settings", {
        headers: asPortal(await cookieOf(person)),
        body: { require_two_factor: true },
      });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual(
        err(
          "Unauthorized",
          "role_forbidden",
          `The ${role} role cannot change the organization's settings; that needs the owner role.`,
          `role=${role} required_role=owner`,
        ),
      );
    }
    // The domain asks the table too, whoever calls it.
    const admin = demoUsers.acmeAdmin;
    await expect(
      changeOrganizationSettings(
        {
          kind: "session",
          id: admin.id,
          role: "admin",
          userId: admin.id,
          tokenId: null,
          organizationId: admin.organizationId,
        },
        { require_two_factor: true },
        new Date(),
      ),
    ).rejects.toMatchObject({ code: "role_forbidden" });
    expect(
      (await (await getPrisma()).organization.findUniqueOrThrow({ where: { id: "org_acme" } }))
        .requireTwoFactor,
    ).toBe(false);

    const owner = await cookieOf(demoUsers.globexCustomer);
    const changed = await api("PATCH", "/organization/settings", {
      headers: asPortal(owner),
      body: { require_two_factor: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ require_two_factor: true });

    const blocked = await api("GET", "/tokens", { headers: { cookie: owner } });
    expect(blocked.status).toBe(401);
    expect(blocked.body).toEqual(
      err(
        "Unauthorized",
        "two_factor_required",
        "Your organization requires two-factor sign-in: set it up at /settings/security first.",
        "organization.require_two_factor=true; two_factor=disabled",
      ),
    );
    expect((await api("GET", "/two-factor", { headers: { cookie: owner } })).body).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required_by_organization: true,
    });
    expect((await api("POST", "/two-factor/enrolment", { headers: asPortal(owner) })).status).toBe(200);
    // Tokens are not sessions: they keep working.
    expect((await api("GET", "/countries", { token: "globexAll" })).status).toBe(200);
    // Another organization is not affected.
    expect(
      (await api("GET", "/tokens", { headers: { cookie: await cookieOf(demoUsers.acmeCustomer) } })).status,
    ).toBe(200);
  });
});
