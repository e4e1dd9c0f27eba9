import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { newId } from "@/lib/ids";
import { authenticator } from "otplib";
import QRCode from "qrcode";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { decryptAtRest, encryptAtRest } from "@/lib/crypto/data-key";
import { auditSource, currentClientAddress, recordAudit } from "@/lib/audit/record";
import { verifyPassword } from "@/lib/auth/passwords";
import { getSignInThrottle, type SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { throttledApiError, type Person } from "@/lib/auth/account";

// Two-factor sign-in (docs/CONTRACT.md §15): TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one
// step of clock drift either way) and 10 single-use recovery codes. The secret is encrypted at
// rest (lib/crypto/data-key.ts) with the person's id as its context; recovery codes are kept
// only as SHA-256 hashes (each has 80 random bits, so the hash cannot be reversed by trying).

const TOTP_ISSUER = "Numbers portal";
const RECOVERY_CODE_COUNT = 10;
const STEP_MS = 30_000;

const totpAt = (now: Date) => authenticator.clone({ epoch: now.getTime(), window: 1 });

/** The 30-second step `code` belongs to at `now` (±1 step), or null when it matches none. */
function matchingStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpAt(now).checkDelta(code, secret);
  return delta === null ? null : Math.floor(now.getTime() / STEP_MS) + delta;
}

/** "abcd-efgh-jkmn-pqrs": 16 characters of a 32-letter alphabet (80 bits), in groups of four. */
function newRecoveryCode(): string {
  const alphabet = "abcdefghjkmnpqrstuvwxyz23456789";
  const bytes = randomBytes(16);
  const letters = [...bytes].map((byte) => alphabet[byte % alphabet.length]).join("");
  return letters.match(/.{4}/g)!.join("-");
}

/** What a typed recovery code is compared as: lower case, without spaces and dashes. */
function normalizeRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, "");
}

function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normalizeRecoveryCode(code)).digest("hex");
}

async function replaceRecoveryCodes(tx: Tx, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.twoFactorRecoveryCode.deleteMany({ where: { userId } });
  await tx.twoFactorRecoveryCode.createMany({
    data: codes.map((code) => ({
      id: newId("recoveryCode"),
      userId,
      codeHash: hashRecoveryCode(code),
      createdAt: now,
    })),
  });
  return codes;
}

async function loadPerson(userId: string) {
  const prisma = await getPrisma();
  return prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      passwordHash: true,
      totpSecret: true,
      totpPendingSecret: true,
      totpEnabledAt: true,
      organization: { select: { requireTwoFactor: true } },
      _count: { select: { recoveryCodes: { where: { usedAt: null } } } },
    },
  });
}

type TwoFactorStatus = {
  enabled: boolean;
  enabled_at: string | null;
  recovery_codes_left: number;
  required_by_organization: boolean;
};

export async function twoFactorStatus(person: Person): Promise<TwoFactorStatus> {
  const user = await loadPerson(person.userId);
  return {
    enabled: user.totpEnabledAt !== null,
    enabled_at: user.totpEnabledAt?.toISOString() ?? null,
    recovery_codes_left: user.totpEnabledAt ? user._count.recoveryCodes : 0,
    required_by_organization: user.organization.requireTwoFactor,
  };
}

const alreadyOn = () =>
  new ApiError(
    "invalid_parameter",
    "Two-factor sign-in is already on. Turn it off first to set up another authenticator.",
    "two_factor=enabled",
  );

/** A new secret to scan, kept aside until a code from it is confirmed. */
export async function startEnrolment(
  person: Person,
): Promise<{ secret: string; otpauth_uri: string; qr_code_svg: string }> {
  const user = await loadPerson(person.userId);
  if (user.totpEnabledAt) throw alreadyOn();
  const secret = authenticator.generateSecret(20);
  const prisma = await getPrisma();
  await prisma.user.update({
    where: { id: user.id },
    data: { totpPendingSecret: encryptAtRest(secret, user.id) },
  });
  const uri = authenticator.keyuri(user.email, TOTP_ISSUER, secret);
  const svg = await QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
  return { secret, otpauth_uri: uri, qr_code_svg: svg };
}

const wrongCode = (field: string) =>
  new ApiError(
    "invalid_parameter",
    "That code is not right. Enter the 6-digit code your authenticator app shows now.",
    `body.${field}`,
  );

/** Turns two-factor sign-in on with a code from the pending secret; the recovery codes, once. */
export async function confirmEnrolment(
  person: Person,
  code: string,
  now: Date,
): Promise<{ recovery_codes: string[] }> {
  const user = await loadPerson(person.userId);
  if (user.totpEnabledAt) throw alreadyOn();
  if (!user.totpPendingSecret)
    throw new ApiError(
      "invalid_parameter",
      "Start the set-up first: there is no authenticator waiting for a code.",
      "two_factor=not_started",
    );
  const secret = decryptAtRest(user.totpPendingSecret, user.id);
  const step = matchingStep(secret, code, now);
  if (step === null) throw wrongCode("code");
  return inRetryingTransaction(async (tx) => {
    const { count } = await tx.user.updateMany({
      where: { id: user.id, totpEnabledAt: null, totpPendingSecret: user.totpPendingSecret },
      data: {
        totpSecret: user.totpPendingSecret,
        totpPendingSecret: null,
        totpEnabledAt: now,
        totpLastStep: step,
      },
    });
    if (count === 0) throw alreadyOn();
    const codes = await replaceRecoveryCodes(tx, user.id, now);
    await recordAudit(tx, {
      ...(await auditSource(tx, person)),
      action: "user.two_factor_enabled",
      organizationId: person.organizationId,
      resource: { type: "user", id: user.id },
      changes: [{ field: "two_factor", from: false, to: true }],
      at: now,
    });
    return { recovery_codes: codes };
  });
}

/**
 * Checks a second factor: a TOTP code not used before, or an unused recovery code (then used
 * up). "totp" or "recovery_code" when it is right; null otherwise. Records a recovery code's use.
 */
export async function checkSecondFactor(
  db: Tx,
  userId: string,
  code: string,
  now: Date,
  audit: { organizationId: string; actor: Parameters<typeof recordAudit>[1]["actor"]; ip: string | null },
): Promise<"totp" | "recovery_code" | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { totpSecret: true, totpLastStep: true },
  });
  if (!user?.totpSecret) return null;
  const typed = code.trim();
  const step = matchingStep(decryptAtRest(user.totpSecret, userId), typed, now);
  if (step !== null) {
    // Conditional: a code seen once (here or on another instance) is refused the second time.
    const { count } = await db.user.updateMany({
      where: { id: userId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return count === 1 ? "totp" : null;
  }
  if (normalizeRecoveryCode(typed).length !== 16) return null;
  const { count } = await db.twoFactorRecoveryCode.updateMany({
    where: { userId, codeHash: hashRecoveryCode(typed), usedAt: null },
    data: { usedAt: now },
  });
  if (count !== 1) return null;
  await recordAudit(db, {
    actor: audit.actor,
    ip: audit.ip,
    action: "user.recovery_code_used",
    organizationId: audit.organizationId,
    resource: { type: "user", id: userId },
    at: now,
  });
  return "recovery_code";
}

/**
 * A code or the password, for turning two-factor off or making new recovery codes. Throttled
 * with sign-in's budgets (shared by every instance): a stolen session cannot guess either.
 */
async function proveItIsThem(
  tx: Tx,
  person: Person,
  proof: { code?: string; password?: string },
  now: Date,
  throttle: SignInThrottle,
): Promise<void> {
  const user = await tx.user.findUniqueOrThrow({
    where: { id: person.userId },
    select: { email: true, passwordHash: true },
  });
  const address = currentClientAddress();
  const wait = await throttle.admit(user.email, address);
  if (wait > 0) throw throttledApiError(wait, "Too many wrong codes or passwords. Try again later.");
  const ok =
    proof.code !== undefined
      ? (await checkSecondFactor(tx, person.userId, proof.code, now, {
          ...(await auditSource(tx, person)),
          organizationId: person.organizationId,
        })) !== null
      : await verifyPassword(proof.password ?? "", user.passwordHash);
  if (!ok) {
    await throttle.recordFailure(address);
    throw proof.code !== undefined
      ? wrongCode("code")
      : new ApiError("invalid_parameter", "That password is not right.", "body.password");
  }
  await throttle.recordSuccess(user.email);
}

const notOn = () => new ApiError("invalid_parameter", "Two-factor sign-in is not on.", "two_factor=disabled");

/** Turns two-factor sign-in off (not while the organization requires it). */
export async function disableTwoFactor(
  person: Person,
  proof: { code?: string; password?: string },
  now: Date,
  throttle?: SignInThrottle,
): Promise<void> {
  const user = await loadPerson(person.userId);
  if (!user.totpEnabledAt) throw notOn();
  if (user.organization.requireTwoFactor)
    throw new ApiError(
      "invalid_parameter",
      "Your organization requires two-factor sign-in, so it cannot be turned off.",
      "organization.require_two_factor=true",
    );
  const guard = throttle ?? (await getSignInThrottle());
  // The proof commits on its own: a recovery code or TOTP step it used stays used.
  await inRetryingTransaction((tx) => proveItIsThem(tx, person, proof, now, guard));
  await inRetryingTransaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null },
    });
    await tx.twoFactorRecoveryCode.deleteMany({ where: { userId: user.id } });
    await recordAudit(tx, {
      ...(await auditSource(tx, person)),
      action: "user.two_factor_disabled",
      organizationId: person.organizationId,
      resource: { type: "user", id: user.id },
      changes: [{ field: "two_factor", from: true, to: false }],
      at: now,
    });
  });
}

/** New recovery codes (the old ones stop working), shown once; needs a current code. */
export async function regenerateRecoveryCodes(
  person: Person,
  code: string,
  now: Date,
  throttle?: SignInThrottle,
): Promise<{ recovery_codes: string[] }> {
  const user = await loadPerson(person.userId);
  if (!user.totpEnabledAt) throw notOn();
  const guard = throttle ?? (await getSignInThrottle());
  await inRetryingTransaction((tx) => proveItIsThem(tx, person, { code }, now, guard));
  return inRetryingTransaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id, now);
    await recordAudit(tx, {
      ...(await auditSource(tx, person)),
      action: "user.recovery_codes_regenerated",
      organizationId: person.organizationId,
      resource: { type: "user", id: user.id },
      at: now,
    });
    return { recovery_codes: codes };
  });
}
