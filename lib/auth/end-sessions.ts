import type { Tx } from "@/lib/db/transaction";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// Ending a person's sessions on every instance at once (contract §15: removing a member,
// changing or resetting a password, "sign out everywhere"). Sessions are signed cookies that
// hold no state, so they are ended by a moment stored with the person: a session issued
// before app_user.sessions_valid_after is refused. lib/auth/session.ts reads the user row on
// every request, from the primary and without a cache, so every instance sees the moment on
// the very next request; nothing needs to be announced (unlike token revocation, whose rows
// are cached: lib/auth/token-cache.ts).

type Db = Pick<PrismaClient | Tx, "user">;

/**
 * Ends every session of `userId` issued before `now`. A session issued at `now` or later
 * (the one a password change hands back to the person who made it) stays valid. Call it
 * inside the transaction of the change that ends the sessions, so both happen or neither.
 * Returns false when there is no such user.
 */
export async function endSessionsOf(db: Db, userId: string, now: Date): Promise<boolean> {
  const { count } = await db.user.updateMany({
    where: { id: userId },
    data: { sessionsValidAfter: now },
  });
  return count === 1;
}

/**
 * Whether a session issued at `issuedAtMs` (epoch milliseconds; null when the cookie does
 * not say) is still valid for a person whose sessions were ended at `validAfter`.
 */
export function sessionStillValid(issuedAtMs: number | null, validAfter: Date | null): boolean {
  if (validAfter === null) return true;
  if (issuedAtMs === null) return false;
  return issuedAtMs >= validAfter.getTime();
}
