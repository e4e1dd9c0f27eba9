import { randomUUID } from "node:crypto";
import { getPrisma } from "@/lib/db/client";
import { configuredSender, type EmailSender } from "@/lib/email/send";
import { metrics } from "@/lib/observability/metrics";

// One pass of the email worker, the same claim as webhook deliveries (lib/webhooks/deliver.ts):
// due queued rows are claimed with SELECT … FOR UPDATE SKIP LOCKED under a lease
// (locked_until, claim_token), so several instances never send one message at once and a
// crashed instance's claim runs out by itself; only the current claim's holder records the
// outcome. At least once: a crash between sending and recording sends it again.

/** Delays after the 1st…5th failed attempt; the 6th failure is final (status failed). */
const EMAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_DELAYS_MS.length + 1;

export type EmailDeliveryOptions = {
  now: () => Date;
  leaseMs: number;
  batch?: number;
  send?: EmailSender;
};

type Claimed = {
  id: string;
  to: string;
  subject: string;
  text: string;
  kind: string;
  attempts: number;
  claim_token: string;
};

/** Sends every due message it can claim (up to `batch`); answers how many it claimed. */
export async function deliverDueEmails(options: EmailDeliveryOptions): Promise<number> {
  const claimed = await claimDue(options.now(), options.leaseMs, options.batch ?? 20);
  const send = options.send ?? configuredSender();
  await Promise.all(
    claimed.map(async (message) => {
      let error: string | null = null;
      try {
        await send(message);
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
      }
      await recordOutcome(message, error, options.now());
    }),
  );
  return claimed.length;
}

async function claimDue(now: Date, leaseMs: number, batch: number): Promise<Claimed[]> {
  const prisma = await getPrisma();
  const token = randomUUID();
  return prisma.$queryRaw<Claimed[]>`
    UPDATE email_message m
       SET locked_until = ${new Date(now.getTime() + leaseMs)}, claim_token = ${token}
      FROM (SELECT id FROM email_message
             WHERE status = 'queued' AND next_attempt_at <= ${now}
               AND (locked_until IS NULL OR locked_until <= ${now})
             ORDER BY next_attempt_at, id
             LIMIT ${batch}
             FOR UPDATE SKIP LOCKED) due
     WHERE m.id = due.id
    RETURNING m.id, m."to", m.subject, m.text, m.kind, m.attempts, m.claim_token`;
}

async function recordOutcome(claimed: Claimed, error: string | null, now: Date): Promise<void> {
  const prisma = await getPrisma();
  const delay = EMAIL_RETRY_DELAYS_MS[claimed.attempts];
  const status = error === null ? "sent" : delay === undefined ? "failed" : "queued";
  // Conditional on the claim: one that ran out and was taken by another instance records nothing.
  const updated = await prisma.emailMessage.updateMany({
    where: { id: claimed.id, claimToken: claimed.claim_token },
    data: {
      status,
      attempts: { increment: 1 },
      lastError: error === null ? null : error.slice(0, 1000),
      sentAt: status === "sent" ? now : null,
      ...(status === "queued" ? { nextAttemptAt: new Date(now.getTime() + (delay ?? 0)) } : {}),
      lockedUntil: null,
      claimToken: null,
    },
  });
  if (updated.count > 0) metrics().emails.inc({ outcome: status === "queued" ? "retrying" : status });
}
