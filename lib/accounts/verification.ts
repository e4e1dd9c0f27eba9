import "server-only";
import { recordAudit } from "@/lib/audit/record";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { queueEmail } from "@/lib/email/queue";
import { consumeLink, createLink, expireLinks } from "@/lib/accounts/links";
import { verifyEmailMessage } from "@/lib/accounts/messages";

// Email verification (docs/CONTRACT.md §15): the link of the sign-up email, valid 24 h, once.

type Context = { ip: string | null; now: Date };

/** Uses a verification link; answers the verified email and when. */
export async function verifyEmail(
  token: string,
  { ip, now }: Context,
): Promise<{ email: string; email_verified_at: string }> {
  return inRetryingTransaction(async (tx) => {
    const userId = await consumeLink(tx, token, "verify_email", now);
    const before = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    // A person verified by an earlier link keeps the first moment.
    const verifiedAt = before.emailVerifiedAt ?? now;
    await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: verifiedAt } });
    if (!before.emailVerifiedAt)
      await recordAudit(tx, {
        actor: { type: "user", id: userId, name: before.name },
        ip,
        action: "user.email_verified",
        organizationId: before.organizationId,
        resource: { type: "user", id: userId },
        changes: [{ field: "email_verified_at", from: null, to: verifiedAt.toISOString() }],
        at: now,
      });
    return { email: before.email, email_verified_at: verifiedAt.toISOString() };
  });
}

/**
 * Sends a new verification link to a signed-in person whose email is not verified yet; a
 * verified person is told so (400), since the link would change nothing.
 */
export async function resendVerification(userId: string, { now }: Context): Promise<"sent" | "verified"> {
  return inRetryingTransaction(async (tx) => {
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId } });
    if (user.emailVerifiedAt) return "verified";
    // Only the newest link works: one in an old email, read by someone else, must not.
    await expireLinks(tx, userId, "verify_email", now);
    const token = await createLink(tx, userId, "verify_email", now);
    await queueEmail(tx, verifyEmailMessage(user.email, user.name, token), now);
    return "sent";
  });
}
