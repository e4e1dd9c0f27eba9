import "server-only";
import { newId } from "@/lib/ids";
import { recordAudit } from "@/lib/audit/record";
import { hashPassword } from "@/lib/auth/passwords";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { queueEmail } from "@/lib/email/queue";
import { Prisma } from "@/lib/generated/prisma/client";
import { createLink } from "@/lib/accounts/links";
import { accountExistsMessage, verifyEmailMessage } from "@/lib/accounts/messages";
import type { SignUpRequest } from "@/lib/schemas/accounts";

// Sign-up (docs/CONTRACT.md §15): a new organization and its first member. The answer never says
// whether the email was known: a known one gets an email saying so instead of an account,
// and both paths hash the password, so timing tells nothing either.

type SignUpContext = { ip: string | null; now: Date };

export async function signUp(request: SignUpRequest, context: SignUpContext): Promise<void> {
  assertPasswordAllowed(request.password);
  const passwordHash = await hashPassword(request.password);
  try {
    await inRetryingTransaction(async (tx) => {
      const existing = await findUserByEmail(tx, request.email);
      if (existing) return noteKnownEmail(tx, existing, context);
      await createAccount(tx, request, passwordHash, context);
    });
  } catch (error) {
    // Two sign-ups with one new email at once: the unique email lets one through; the other
    // is answered as a known email, as it would have been a moment later.
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
    await inRetryingTransaction(async (tx) => {
      const existing = await findUserByEmail(tx, request.email);
      if (existing) await noteKnownEmail(tx, existing, context);
    });
  }
}

type KnownUser = {
  id: string;
  email: string;
  name: string;
  organizationId: string;
  emailVerifiedAt: Date | null;
};

export function findUserByEmail(tx: Tx, email: string): Promise<KnownUser | null> {
  // Emails are compared without case, as sign-in compares them.
  return tx.user.findFirst({
    where: { email: { equals: email, mode: "insensitive" } },
    select: { id: true, email: true, name: true, organizationId: true, emailVerifiedAt: true },
  });
}

async function noteKnownEmail(tx: Tx, user: KnownUser, { ip, now }: SignUpContext): Promise<void> {
  // An address still waiting for its link is most likely its owner signing up again because
  // the first email did not come (the sign-up page's "send it again"): a new link serves them.
  if (user.emailVerifiedAt === null) {
    const token = await createLink(tx, user.id, "verify_email", now);
    await queueEmail(tx, verifyEmailMessage(user.email, user.name, token), now);
  } else await queueEmail(tx, accountExistsMessage(user.email), now);
  await recordAudit(tx, {
    actor: { type: "system", id: null, name: "sign-up" },
    ip,
    action: "user.sign_up_refused",
    organizationId: user.organizationId,
    resource: { type: "user", id: user.id },
    at: now,
  });
}

async function createAccount(
  tx: Tx,
  request: SignUpRequest,
  passwordHash: string,
  { ip, now }: SignUpContext,
): Promise<void> {
  const organizationId = newId("organization", 20);
  const userId = newId("user", 20);
  await tx.organization.create({
    data: { id: organizationId, name: request.organization_name, createdAt: now },
  });
  await tx.user.create({
    data: {
      id: userId,
      organizationId,
      email: request.email,
      name: request.name,
      role: "owner",
      passwordHash,
      createdAt: now,
    },
  });
  const token = await createLink(tx, userId, "verify_email", now);
  await queueEmail(tx, verifyEmailMessage(request.email, request.name, token), now);
  await recordAudit(tx, {
    actor: { type: "user", id: userId, name: request.name },
    ip,
    action: "organization.signed_up",
    organizationId,
    resource: { type: "organization", id: organizationId },
    changes: [
      { field: "organization.name", from: null, to: request.organization_name },
      { field: "user.email", from: null, to: request.email },
      { field: "user.role", from: null, to: "owner" },
    ],
    at: now,
  });
}
