import { beforeEach, describe, expect, it } from "vitest";
import { authenticator } from "otplib";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { memoryStore } from "@/lib/counters/stores";
import { SIGN_IN_THROTTLE, SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { SignInRefused, verifyCredentials } from "@/lib/auth/credentials";
import { decryptAtRest } from "@/lib/crypto/data-key";
import {
  checkSecondFactor,
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
} from "@/lib/auth/two-factor";
import { ApiError } from "@/lib/errors";
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";

const user = demoUsers.acmeCustomer;
const person = {
  kind: "session" as const,
  id: user.id,
  role: user.role,
  userId: user.id,
  tokenId: null,
  organizationId: user.organizationId,
};
const t0 = new Date("2026-11-27T10:00:00.000Z");
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
const codeAt = (secret: string, when: Date) =>
  authenticator.clone({ epoch: when.getTime() }).generate(secret);
const throttleAt = (when: Date) => new SignInThrottle(memoryStore(), SIGN_IN_THROTTLE, () => when.getTime());
const apiError = (message: string, details: string) =>
  expect.objectContaining({ code: "invalid_parameter", message, details });

async function enrol(): Promise<{ secret: string; recovery: string[] }> {
  const { secret, otpauth_uri, qr_code_svg } = await startEnrolment(person);
  expect(otpauth_uri).toBe(
    `otpauth://totp/Numbers%20portal:customer%40acme.example?secret=${secret}&period=30&digits=6&algorithm=SHA1&issuer=Numbers%20portal`,
  );
  expect(qr_code_svg.startsWith("<svg xmlns=")).toBe(true);
  const { recovery_codes } = await confirmEnrolment(person, codeAt(secret, t0), t0);
  return { secret, recovery: recovery_codes };
}

describe("two-factor sign-in", () => {
  // One database for the file: each test starts with two-factor off and no audit entries.
  beforeEach(async () => {
    const prisma = await getPrisma();
    await prisma.twoFactorRecoveryCode.deleteMany();
    await prisma.auditEvent.deleteMany();
    await prisma.organization.updateMany({ data: { requireTwoFactor: false } });
    await prisma.user.updateMany({
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    });
  });

  it("enrols with a code from the new secret, stores the secret encrypted and the codes hashed", async () => {
    const { secret, recovery } = await enrol();
    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    for (const code of recovery) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const prisma = await getPrisma();
    const row = await prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.totpSecret).not.toContain(secret);
    expect(decryptAtRest(row.totpSecret!, user.id)).toBe(secret);
    // Moved to another person's row, it does not decrypt.
    expect(() => decryptAtRest(row.totpSecret!, demoUsers.globexCustomer.id)).toThrow();
    expect(row.totpPendingSecret).toBeNull();
    expect(row.totpEnabledAt).toEqual(t0);
    const stored = await prisma.twoFactorRecoveryCode.findMany({ where: { userId: user.id } });
    expect(stored.map((code) => code.codeHash).some((hash) => recovery.includes(hash))).toBe(false);
    expect(await twoFactorStatus(person)).toEqual({
      enabled: true,
      enabled_at: t0.toISOString(),
      recovery_codes_left: 10,
      required_by_organization: false,
    });
    const audit = await prisma.auditEvent.findMany({ where: { action: "user.two_factor_enabled" } });
    expect(audit.map((entry) => [entry.actorId, entry.resourceId])).toEqual([[user.id, user.id]]);
    await expect(startEnrolment(person)).rejects.toEqual(
      apiError(
        "Two-factor sign-in is already on. Turn it off first to set up another authenticator.",
        "two_factor=enabled",
      ),
    );
  });

  it("refuses a wrong confirmation code and leaves two-factor off", async () => {
    const { secret } = await startEnrolment(person);
    await expect(confirmEnrolment(person, codeAt(secret, at(-120)), t0)).rejects.toEqual(
      apiError(
        "That code is not right. Enter the 6-digit code your authenticator app shows now.",
        "body.code",
      ),
    );
    expect((await twoFactorStatus(person)).enabled).toBe(false);
  });

  it("accepts each code once, one step of drift either way, and each recovery code once", async () => {
    const { secret, recovery } = await enrol();
    const audit = {
      organizationId: user.organizationId,
      actor: { type: "user" as const, id: user.id, name: user.name },
      ip: null,
    };
    const check = (code: string, when: Date) =>
      inRetryingTransaction((tx) => checkSecondFactor(tx, user.id, code, when, audit));
    // The code used to enrol does not work again.
    expect(await check(codeAt(secret, t0), at(10))).toBeNull();
    expect(await check(codeAt(secret, at(60)), at(90))).toBe("totp");
    expect(await check(codeAt(secret, at(60)), at(90))).toBeNull();
    expect(await check(codeAt(secret, at(150)), at(120))).toBe("totp");
    expect(await check(codeAt(secret, at(240)), at(300))).toBeNull();
    expect(await check(recovery[3].toUpperCase().replaceAll("-", " "), at(400))).toBe("recovery_code");
    expect(await check(recovery[3], at(401))).toBeNull();
    expect(await check("abcd-efgh-jkmn-pqrs", at(402))).toBeNull();
    expect((await twoFactorStatus(person)).recovery_codes_left).toBe(9);
    const prisma = await getPrisma();
    expect(await prisma.auditEvent.count({ where: { action: "user.recovery_code_used" } })).toBe(1);
  });

  it("asks for a code at sign-in once the password is right, and signs in with it", async () => {
    const { secret, recovery } = await enrol();
    const throttle = throttleAt(at(60));
    const input = { email: user.email, password: DEFAULT_DEMO_PASSWORD };
    await expect(verifyCredentials(input, "10.0.0.1", throttle, at(60))).rejects.toEqual(
      new SignInRefused("two_factor_code_required"),
    );
    await expect(
      verifyCredentials({ ...input, code: "000000" }, "10.0.0.1", throttle, at(60)),
    ).rejects.toEqual(new SignInRefused("two_factor_code_invalid"));
    // A wrong password never reaches the code step.
    await expect(
      verifyCredentials(
        { ...input, password: "wrong", code: codeAt(secret, at(60)) },
        "10.0.0.1",
        throttle,
        at(60),
      ),
    ).rejects.toEqual(new SignInRefused("CredentialsSignin"));
    await expect(
      verifyCredentials({ ...input, code: codeAt(secret, at(60)) }, "10.0.0.1", throttle, at(60)),
    ).resolves.toMatchObject({ userId: user.id });
    await expect(
      verifyCredentials({ ...input, code: recovery[0] }, "10.0.0.1", throttle, at(61)),
    ).resolves.toMatchObject({ userId: user.id });
  });

  it("records each sign-in step's outcome in the audit log: a wrong code, a recovery code's use, never a code", async () => {
    const { secret, recovery } = await enrol();
    const prisma = await getPrisma();
    await prisma.auditEvent.deleteMany();
    const throttle = throttleAt(at(60));
    const input = { email: user.email, password: DEFAULT_DEMO_PASSWORD };
    // The password alone, with two-factor on: the form asks for a code; no sign-in yet.
    await expect(verifyCredentials(input, "10.0.0.1", throttle, at(60))).rejects.toEqual(
      new SignInRefused("two_factor_code_required"),
    );
    await expect(
      verifyCredentials({ ...input, code: "000000" }, "10.0.0.2", throttle, at(61)),
    ).rejects.toEqual(new SignInRefused("two_factor_code_invalid"));
    // A recovery code that is not one of theirs is a wrong code too.
    await expect(
      verifyCredentials({ ...input, code: "aaaa-bbbb-cccc-dddd" }, "10.0.0.3", throttle, at(62)),
    ).rejects.toEqual(new SignInRefused("two_factor_code_invalid"));
    await expect(
      verifyCredentials({ ...input, code: codeAt(secret, at(90)) }, "10.0.0.4", throttle, at(90)),
    ).resolves.toMatchObject({ userId: user.id });
    // The same TOTP code again (its step is used): refused and recorded.
    await expect(
      verifyCredentials({ ...input, code: codeAt(secret, at(90)) }, "10.0.0.5", throttle, at(91)),
    ).rejects.toEqual(new SignInRefused("two_factor_code_invalid"));
    await expect(
      verifyCredentials({ ...input, code: recovery[3] }, "10.0.0.6", throttle, at(120)),
    ).resolves.toMatchObject({ userId: user.id });
    // A recovery code works once: the second use is a failed sign-in, and no second "used".
    await expect(
      verifyCredentials({ ...input, code: recovery[3] }, "10.0.0.7", throttle, at(150)),
    ).rejects.toEqual(new SignInRefused("two_factor_code_invalid"));

    // Two entries share a moment (the recovery code's): by action then.
    const entries = await prisma.auditEvent.findMany({ orderBy: [{ at: "asc" }, { action: "asc" }] });
    const who = {
      organizationId: user.organizationId,
      actorType: "user",
      actorId: user.id,
      actorName: user.name,
      resourceType: "user",
      resourceId: user.id,
    };
    expect(
      entries.map((entry) => ({
        at: entry.at.toISOString(),
        ip: entry.ip,
        action: entry.action,
        organizationId: entry.organizationId,
        actorType: entry.actorType,
        actorId: entry.actorId,
        actorName: entry.actorName,
        resourceType: entry.resourceType,
        resourceId: entry.resourceId,
      })),
    ).toEqual([
      { at: at(61).toISOString(), ip: "10.0.0.2", action: "sign_in.two_factor_failed", ...who },
      { at: at(62).toISOString(), ip: "10.0.0.3", action: "sign_in.two_factor_failed", ...who },
      { at: at(90).toISOString(), ip: "10.0.0.4", action: "sign_in.succeeded", ...who },
      { at: at(91).toISOString(), ip: "10.0.0.5", action: "sign_in.two_factor_failed", ...who },
      { at: at(120).toISOString(), ip: "10.0.0.6", action: "sign_in.succeeded", ...who },
      { at: at(120).toISOString(), ip: "10.0.0.6", action: "user.recovery_code_used", ...who },
      { at: at(150).toISOString(), ip: "10.0.0.7", action: "sign_in.two_factor_failed", ...who },
    ]);
    const written = JSON.stringify(entries);
    for (const code of [codeAt(secret, at(90)), recovery[3], "aaaa-bbbb-cccc-dddd", DEFAULT_DEMO_PASSWORD])
      expect(written).not.toContain(code);
  });

  it("throttles code guesses with the email's sign-in budget", async () => {
    await enrol();
    const throttle = throttleAt(at(60));
    const input = { email: user.email, password: DEFAULT_DEMO_PASSWORD, code: "123456" };
    for (let i = 0; i < SIGN_IN_THROTTLE.perEmail; i++)
      await expect(verifyCredentials(input, `10.0.1.${i}`, throttle, at(60))).rejects.toEqual(
        new SignInRefused("two_factor_code_invalid"),
      );
    await expect(verifyCredentials(input, "10.0.2.1", throttle, at(60))).rejects.toEqual(
      new SignInRefused("throttled:15"),
    );
  });

  it("turns off with a code or the password, not with a wrong one, nor while the organization requires it", async () => {
    const { secret } = await enrol();
    const throttle = throttleAt(at(60));
    await expect(disableTwoFactor(person, { password: "wrong password" }, at(60), throttle)).rejects.toEqual(
      apiError("That password is not right.", "body.password"),
    );
    await expect(disableTwoFactor(person, { code: "000000" }, at(60), throttle)).rejects.toEqual(
      apiError(
        "That code is not right. Enter the 6-digit code your authenticator app shows now.",
        "body.code",
      ),
    );
    const prisma = await getPrisma();
    await prisma.organization.update({
      where: { id: user.organizationId },
      data: { requireTwoFactor: true },
    });
    await expect(
      disableTwoFactor(person, { code: codeAt(secret, at(60)) }, at(60), throttle),
    ).rejects.toEqual(
      apiError(
        "Your organization requires two-factor sign-in, so it cannot be turned off.",
        "organization.require_two_factor=true",
      ),
    );
    expect((await twoFactorStatus(person)).enabled).toBe(true);
    await prisma.organization.update({
      where: { id: user.organizationId },
      data: { requireTwoFactor: false },
    });
    await disableTwoFactor(person, { code: codeAt(secret, at(60)) }, at(60), throttle);
    expect(await twoFactorStatus(person)).toEqual({
      enabled: false,
      enabled_at: null,
      recovery_codes_left: 0,
      required_by_organization: false,
    });
    expect(await prisma.twoFactorRecoveryCode.count({ where: { userId: user.id } })).toBe(0);
    expect(await prisma.auditEvent.count({ where: { action: "user.two_factor_disabled" } })).toBe(1);
    await expect(
      verifyCredentials({ email: user.email, password: DEFAULT_DEMO_PASSWORD }, null, throttle, at(61)),
    ).resolves.toMatchObject({ userId: user.id });
  });

  it("regenerates recovery codes with a current code: the old ones stop working", async () => {
    const { secret, recovery } = await enrol();
    const fresh = await regenerateRecoveryCodes(person, codeAt(secret, at(60)), at(60), throttleAt(at(60)));
    expect(fresh.recovery_codes).toHaveLength(10);
    expect(fresh.recovery_codes.some((code) => recovery.includes(code))).toBe(false);
    const audit = {
      organizationId: user.organizationId,
      actor: { type: "user" as const, id: user.id, name: user.name },
      ip: null,
    };
    expect(
      await inRetryingTransaction((tx) => checkSecondFactor(tx, user.id, recovery[0], at(70), audit)),
    ).toBeNull();
    expect(
      await inRetryingTransaction((tx) =>
        checkSecondFactor(tx, user.id, fresh.recovery_codes[0], at(70), audit),
      ),
    ).toBe("recovery_code");
    await expect(
      regenerateRecoveryCodes(person, "999999", at(90), throttleAt(at(90))),
    ).rejects.toBeInstanceOf(ApiError);
  });
});
