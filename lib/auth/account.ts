import "server-only";
import { ApiError } from "@/lib/errors";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditSource, currentClientAddress, recordAudit } from "@/lib/audit/record";
import { endSession, endSessionsOf } from "@/lib/auth/end-sessions";
import { SESSION_ID_CLAIM, SESSION_MAX_AGE_S } from "@/lib/auth/session-cookie";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { passwordProblem } from "@/lib/auth/password-policy";
import { getSignInThrottle, type SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { getPrisma } from "@/lib/db/client";
import type { Principal } from "@/lib/auth/types";

// A person's own account: their password, and ending their sessions (docs/CONTRACT.md §15).

export type Person = Pick<Principal, "kind" | "id" | "role" | "userId" | "tokenId" | "organizationId"> & {
  userId: string;
};

/** The signed-in person calling (the endpoints are session-only: the wrapper checked it). */
export function personOf(principal: Principal | null): Person {
  if (principal?.kind !== "session" || principal.userId === null)
    throw new ApiError(
      "unauthorized",
      "Only a person signed in to the portal can call this endpoint; an API token cannot.",
      principal ? `principal=${principal.kind}` : "cookie=(no session)",
    );
  return { ...principal, userId: principal.userId };
}

/** 429 rate_limited with Retry-After, for a password or code check the sign-in throttle refused. */
export function throttledApiError(waitMs: number, message: string): ApiError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ApiError("rate_limited", message, `retry_after_s=${seconds}`, {
    "Retry-After": String(seconds),
  });
}

/**
 * Signing out (next-auth's sign-out, its CSRF token checked): the session whose decoded cookie
 * is `claims` ends on every instance, not only in this browser. Nothing to do without a
 * session (a forged or expired cookie decodes to null).
 */
export async function signOutSession(claims: Record<string, unknown> | null, now: Date): Promise<void> {
  if (!claims || typeof claims.sub !== "string") return;
  const sessionId = claims[SESSION_ID_CLAIM];
  const endsAt =
    typeof claims.exp === "number" && Number.isFinite(claims.exp)
      ? new Date(claims.exp * 1000)
      : new Date(now.getTime() + SESSION_MAX_AGE_S * 1000);
  const prisma = await getPrisma();
  await endSession(
    prisma,
    {
      userId: claims.sub,
      sessionId: typeof sessionId === "string" && sessionId !== "" ? sessionId : null,
      endsAt,
    },
    now,
  );
}

/** "Sign out everywhere": every session of the person ends, this one included. */
export async function signOutEverywhere(person: Person, now: Date): Promise<void> {
  await inRetryingTransaction(async (tx) => {
    await endSessionsOf(tx, person.userId, now);
    await recordAudit(tx, {
      ...(await auditSource(tx, person)),
      action: "user.signed_out_everywhere",
      organizationId: person.organizationId,
      resource: { type: "user", id: person.userId },
      at: now,
    });
  });
}

/**
 * Changes the password after checking the current one (throttled like sign-in, on every
 * instance). Every session issued before `now` ends; the caller hands the person who made the
 * change a new session issued at `now` (lib/auth/reissue-session.ts), so they stay signed in
 * here while everyone else holding the old password or a stolen cookie is signed out.
 */
export async function changePassword(
  person: Person,
  input: { current_password: string; new_password: string },
  now: Date,
  throttle?: SignInThrottle,
): Promise<void> {
  const problem = passwordProblem(input.new_password);
  if (problem) throw new ApiError("invalid_parameter", problem, "body.new_password");
  const prisma = await getPrisma();
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: person.userId },
    select: { email: true, passwordHash: true },
  });
  const guard = throttle ?? (await getSignInThrottle());
  const address = currentClientAddress();
  const wait = await guard.admit(user.email, address);
  if (wait > 0) throw throttledApiError(wait, "Too many wrong passwords. Try again later.");
  if (!(await verifyPassword(input.current_password, user.passwordHash))) {
    await guard.recordFailure(address);
    throw new ApiError("invalid_parameter", "The current password is not right.", "body.current_password");
  }
  await guard.recordSuccess(user.email);
  if (input.new_password === input.current_password)
    throw new ApiError(
      "invalid_parameter",
      "The new password must differ from the current one.",
      "body.new_password",
    );
  const passwordHash = await hashPassword(input.new_password);
  await inRetryingTransaction(async (tx) => {
    await tx.user.update({ where: { id: person.userId }, data: { passwordHash } });
    await endSessionsOf(tx, person.userId, now);
    await recordAudit(tx, {
      ...(await auditSource(tx, person)),
      action: "user.password_changed",
      organizationId: person.organizationId,
      resource: { type: "user", id: person.userId },
      changes: [{ field: "password", from: null, to: null }],
      at: now,
    });
  });
}
