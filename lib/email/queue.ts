import { newId } from "@/lib/ids";
import type { Tx } from "@/lib/db/transaction";

// Email is queued, never sent by a request: the row is written in the caller's transaction
// (so a sign-up that rolls back sends nothing) and the worker (lib/email/deliver.ts) sends it.

type EmailKind = "verify_email" | "account_exists" | "password_reset" | "invitation" | (string & {});

export type QueuedEmail = { to: string; subject: string; text: string; kind: EmailKind };

/** Queues one message in `db`'s transaction; answers its id. */
export async function queueEmail(db: Tx, email: QueuedEmail, now: Date = new Date()): Promise<string> {
  const id = newId("email");
  await db.emailMessage.create({
    data: {
      id,
      to: email.to,
      subject: email.subject,
      text: email.text,
      kind: email.kind,
      nextAttemptAt: now,
      createdAt: now,
    },
  });
  return id;
}

/** Queues several messages in `db`'s transaction in one statement, in the order given. */
export async function queueEmails(
  db: Tx,
  emails: readonly QueuedEmail[],
  now: Date = new Date(),
): Promise<void> {
  if (emails.length === 0) return;
  await db.emailMessage.createMany({
    data: emails.map((email) => ({
      id: newId("email"),
      to: email.to,
      subject: email.subject,
      text: email.text,
      kind: email.kind,
      nextAttemptAt: now,
      createdAt: now,
    })),
  });
}
