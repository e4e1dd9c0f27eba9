import "server-only";
import { newId } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record";
import { endSessionsOf } from "@/lib/auth/end-sessions";
import { hashPassword } from "@/lib/auth/passwords";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { queueEmail } from "@/lib/email/queue";
import { consumeLink, createLink, retireLinks } from "@/lib/accounts/links";
import { passwordResetMessage } from "@/lib/accounts/messages";
import { findUserByEmail } from "@/lib/accounts/sign-up";

// Password reset: a link valid 1 h, once; the answer to the request is the same whatever the
// email, and setting the password ends every session the person had.
//
// Asking costs the same for every email: the request writes one password_reset_request row and
// nothing else (one INSERT, no lookup), so neither the answer nor its timing says whether the
// email has an account. The worker acts on the rows (`actOnPasswordResetRequests`): for an
// account it makes the link, queues the email and writes the audit entry; for an unknown email
// it does nothing. Either way the row is deleted, so unknown addresses are not kept.

type Context = { ip: string | null; now: Date };

/** Records that a reset was asked for `email`: the same single write whatever the email. */
export async function requestPasswordReset(email: string, { ip, now }: Context): Promise<void> {
  const prisma = await getPrisma();
  await prisma.passwordResetRequest.createMany({
    data: [{ id: newId("passwordResetRequest"), email, ip, requestedAt: now }],
  });
}

type ResetRequest = { id: string; email: string; ip: string | null; requested_at: Date };

/**
 * The worker's step: acts on up to `batch` asked-for resets, oldest first, each in a transaction
 * of its own that deletes the row (claimed with SKIP LOCKED, so two workers never act on one
 * request): a crash before the commit leaves the row for the next pass. Answers how many it
 * acted on. The link's hour starts when it is made, here, not when it was asked for.
 */
export async function actOnPasswordResetRequests({
  now,
  batch = 20,
}: {
  now: Date;
  batch?: number;
}): Promise<number> {
  let acted = 0;
  while (acted < batch) {
    const found = await inRetryingTransaction(async (tx) => {
      const [request] = await tx.$queryRaw<ResetRequest[]>`
        DELETE FROM password_reset_request
         WHERE id = (SELECT id FROM password_reset_request
                      ORDER BY requested_at, id
                      LIMIT 1
                      FOR UPDATE SKIP LOCKED)
        RETURNING id, email, ip, requested_at`;
      if (!request) return false;
      await sendResetLink(tx, request, now);
      return true;
    });
    if (!found) break;
    acted++;
  }
  return acted;
}

async function sendResetLink(tx: Tx, request: ResetRequest, now: Date): Promise<void> {
  const user = await findUserByEmail(tx, request.email);
  if (!user) return;
  const token = await createLink(tx, user.id, "password_reset", now);
  await queueEmail(tx, passwordResetMessage(user.email, user.name, token), now);
  await recordAudit(tx, {
    actor: { type: "system", id: null, name: "password reset" },
    ip: request.ip,
    action: "user.password_reset_requested",
    organizationId: user.organizationId,
    resource: { type: "user", id: user.id },
    at: request.requested_at,
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
