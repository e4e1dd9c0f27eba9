import { recordAudit } from "@/lib/audit/record";
import { endSessionsOf } from "@/lib/auth/end-sessions";
import { hashPassword } from "@/lib/auth/passwords";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { queueEmail } from "@/lib/email/queue";
import { consumeLink, createLink, retireLinks } from "@/lib/accounts/links";
import { passwordResetMessage } from "@/lib/accounts/messages";
import { findUserByEmail } from "@/lib/accounts/sign-up";

// Password reset (contract §15): a link valid 1 h, once; the answer to the request is the same
// whatever the email, and setting the password ends every session the person had.

type Context = { ip: string | null; now: Date };

/** Queues a reset link when the email has an account; does nothing otherwise (same answer). */
export async function requestPasswordReset(email: string, { ip, now }: Context): Promise<void> {
  await inRetryingTransaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user) return;
    const token = await createLink(tx, user.id, "password_reset", now);
    await queueEmail(tx, passwordResetMessage(user.email, user.name, token), now);
    await recordAudit(tx, {
      actor: { type: "system", id: null, name: "password reset" },
      ip,
      action: "user.password_reset_requested",
      organizationId: user.organizationId,
      resource: { type: "user", id: user.id },
      at: now,
    });
  });
}

/** Sets the new password through a reset link, and ends the person's sessions everywhere. */
export async function confirmPasswordReset(
  token: string,
  password: string,
  { ip, now }: Context,
): Promise<void> {
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  await inRetryingTransaction(async (tx) => {
    const userId = await consumeLink(tx, token, "password_reset", now);
    const user = await tx.user.findUniqueOrThrow({
      where: { id: userId },
      select: { name: true, organizationId: true, emailVerifiedAt: true },
    });
    // Following a link sent to the address proves the address, as verification would.
    await tx.user.update({
      where: { id: userId },
      data: { passwordHash, emailVerifiedAt: user.emailVerifiedAt ?? now },
    });
    // Other reset links sent before this one stop working too.
    await retireLinks(tx, userId, "password_reset", now);
    await endSessionsOf(tx, userId, now);
    await recordAudit(tx, {
      actor: { type: "user", id: userId, name: user.name },
      ip,
      action: "user.password_reset",
      organizationId: user.organizationId,
      resource: { type: "user", id: userId },
      changes: [{ field: "password", from: null, to: null }],
      at: now,
    });
  });
}
