import "server-only";
import { getPrisma } from "@/lib/db/client";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { getSignInThrottle, type SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { clientAddress } from "@/lib/http/client-address";
import { getEnv } from "@/lib/env";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { checkSecondFactor } from "@/lib/auth/two-factor";
import { signInErrors, signInSchema, throttledError } from "@/lib/schemas/sign-in";
import type { SessionClaims } from "@/lib/auth/session-cookie";
import { recordAudit } from "@/lib/audit/record";

// Checking an email and password for the portal's credentials provider.

export class SignInRefused extends Error {
  /** One of lib/schemas/sign-in's codes; next-auth hands it to the sign-in page. */
  constructor(readonly code: string) {
    super(code);
    this.name = "SignInRefused";
  }
}

// An unknown email still costs one bcrypt comparison, so response times do not tell which
// emails have accounts. Made on first use: hashing at import time would slow every start.
let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy password that matches no account"));

/**
 * The user, or SignInRefused("CredentialsSignin" | "throttled:N" | "two_factor_code_required" |
 * "two_factor_code_invalid"). `clientAddress` is null
 * when the address is not known; then only the per-email budget applies.
 */
export async function verifyCredentials(
  input: unknown,
  clientAddress: string | null,
  throttle?: SignInThrottle,
  now: Date = new Date(),
): Promise<Omit<SessionClaims, "issuedAtMs" | "sessionId" | "ssoConnectionId">> {
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) throw new SignInRefused(signInErrors.invalid);
  const { email, password, code } = parsed.data;

  const guard = throttle ?? (await getSignInThrottle());
  const waitMs = await guard.admit(email, clientAddress);
  if (waitMs > 0) throw new SignInRefused(throttledError(waitMs));

  const prisma = await getPrisma();
  // Emails are compared without case, as people type them.
  const user = await prisma.user.findFirst({
    where: { email: { equals: email, mode: "insensitive" } },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      organizationId: true,
      passwordHash: true,
      totpEnabledAt: true,
      organization: { select: { ssoConnection: { select: { required: true } } } },
    },
  });
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoy()));
  // The audit log has each attempt's outcome, never the password or the code. An email that
  // matches no account belongs to no organization: its entry is kept with none, for the
  // operator alone. A right password with two-factor on is no sign-in yet: the code decides.
  const record = (
    action: "sign_in.succeeded" | "sign_in.failed" | "sign_in.two_factor_failed",
    reason?: "sso_required",
  ) =>
    recordAudit(prisma, {
      actor: user
        ? { type: user.role === "support" ? "support" : "user", id: user.id, name: user.name }
        : { type: "user", id: null, name: email },
      ip: clientAddress,
      action,
      organizationId: user?.organizationId ?? null,
      resource: { type: "user", id: user?.id ?? null },
      ...(reason ? { changes: [{ field: "reason", from: null, to: reason }] } : {}),
      at: now,
    });
  if (!user || !matches) {
    await record("sign_in.failed");
    await guard.recordFailure(clientAddress);
    throw new SignInRefused(signInErrors.invalid);
  }
  // A single sign-on connection that is required keeps members to the provider; owners keep
  // their password, the way back in when the provider fails. Told only to the right password.
  if (user.organization.ssoConnection?.required && user.role !== "owner") {
    await record("sign_in.failed", "sso_required");
    throw new SignInRefused(signInErrors.ssoRequired);
  }
  if (user.totpEnabledAt) {
    // The attempt stays counted against the email until the code is right too, so codes are
    // guessed no faster than passwords (and on every instance: the counters are shared).
    // Without a code the form only asks for one: nothing to record until it comes.
    if (code === undefined) throw new SignInRefused(signInErrors.codeRequired);
    const actor = { type: "user" as const, id: user.id, name: user.name };
    // A recovery code's use is recorded with it, in the transaction that uses it up.
    const factor = await inRetryingTransaction((tx) =>
      checkSecondFactor(tx, user.id, code, now, {
        actor,
        ip: clientAddress,
        organizationId: user.organizationId,
      }),
    );
    if (factor === null) {
      await record("sign_in.two_factor_failed");
      await guard.recordFailure(clientAddress);
      throw new SignInRefused(signInErrors.invalidCode);
    }
  }
  await record("sign_in.succeeded");
  await guard.recordSuccess(email);
  return {
    userId: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    organizationId: user.organizationId,
  };
}

/** The client's address from next-auth's request headers, as TRUST_PROXY_HOPS allows it to be known. */
export function clientAddressFrom(headers: Record<string, unknown> | undefined): string | null {
  const forwarded = headers?.["x-forwarded-for"];
  return clientAddress(typeof forwarded === "string" ? forwarded : null, getEnv().TRUST_PROXY_HOPS);
}
