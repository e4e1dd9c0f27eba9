import type { Tx } from "@/lib/db/transaction";
import type { PrismaClient } from "@/lib/generated/prisma/client";

// Ending a person's sessions on every instance at once (removing a member, changing or
// resetting a password, "sign out everywhere"), or one session (signing out). Sessions are
// signed cookies that hold no state, so they are ended by what is stored with the person: a
// session issued before app_user.sessions_valid_after is refused, and so is one whose id
// (the cookie's `sid`) is in ended_session. lib/auth/session.ts reads the user row on
// every request, from the primary and without a cache, so every instance sees the moment on
// the very next request; nothing needs to be announced (unlike token revocation, whose rows
// are cached: lib/auth/token-cache.ts).

type Db = Pick<PrismaClient | Tx, "user">;
type EndedSessions = Pick<PrismaClient | Tx, "endedSession" | "user">;

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

/**
 * Signing out: the session `sessionId` of `userId` ends on every instance, so a copy of its
 * cookie taken before is refused from the next request on. Its row is kept until `endsAt`,
 * when the cookie expires anyway; rows past theirs are deleted on the way. A cookie without an
 * id (issued before sessions had one) cannot be told from its siblings: every session of the
 * person issued until `now` ends instead.
 */
export async function endSession(
  db: EndedSessions,
  session: { userId: string; sessionId: string | null; endsAt: Date },
  now: Date,
): Promise<void> {
  if (session.sessionId === null) {
    await endSessionsOf(db, session.userId, now);
    return;
  }
  await db.endedSession.deleteMany({ where: { endsAt: { lt: now } } });
  if (session.endsAt.getTime() <= now.getTime()) return;
  // Only a user who exists can have a session to end (the row's foreign key says so too).
  const user = await db.user.findUnique({ where: { id: session.userId }, select: { id: true } });
  if (!user) return;
  await db.endedSession.upsert({
    where: { id: session.sessionId },
    create: { id: session.sessionId, userId: session.userId, endsAt: session.endsAt },
    update: {},
  });
}
