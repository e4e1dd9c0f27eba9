import { randomUUID } from "node:crypto";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { toEvent } from "@/lib/events/list-events";
import { webhookHeaders } from "@/lib/webhooks/signing";
import { sendWebhook, type SendOutcome, type Sender } from "@/lib/webhooks/send";
import type { UrlPolicy } from "@/lib/webhooks/url-policy";
import { metrics } from "@/lib/observability/metrics";

// One pass of the delivery worker: claim the due deliveries, send each, record the attempt.
// The table is the queue (SELECT … FOR UPDATE SKIP LOCKED, on PGlite and PostgreSQL alike):
// a claim is a lease (locked_until) with a token, so several instances never send one
// delivery at the same moment, and a crashed instance's claim runs out by itself. Only the
// holder of the current claim may record the outcome. At least once: a crash after sending
// and before recording sends it again after the lease (receivers deduplicate by Webhook-Id).

/** Delays after the 1st…5th failed attempt of a round (docs/CONTRACT.md §14); the 6th failure is final. */
export const RETRY_DELAYS_MS = [5_000, 60_000, 600_000, 3_600_000, 21_600_000] as const;

export type DeliveryOptions = {
  now: () => Date;
  leaseMs: number;
  policy: UrlPolicy;
  batch?: number;
  send?: Sender;
};

type Claimed = { id: string; attempt_count: number; round_start: number; claim_token: string };

/** Sends every due delivery it can claim (up to `batch`); answers how many it claimed. */
export async function deliverDue(options: DeliveryOptions): Promise<number> {
  const claimed = await claimDue(options.now(), options.leaseMs, options.batch ?? 20);
  await Promise.all(claimed.map((delivery) => attempt(delivery, options)));
  return claimed.length;
}

async function claimDue(now: Date, leaseMs: number, batch: number): Promise<Claimed[]> {
  const prisma = await getPrisma();
  const token = randomUUID();
  return prisma.$queryRaw<Claimed[]>`
    UPDATE webhook_delivery d
       SET locked_until = ${new Date(now.getTime() + leaseMs)}, claim_token = ${token}
      FROM (SELECT id FROM webhook_delivery
             WHERE status = 'pending' AND next_attempt_at <= ${now}
               AND (locked_until IS NULL OR locked_until <= ${now})
             ORDER BY next_attempt_at, id
             LIMIT ${batch}
             FOR UPDATE SKIP LOCKED) due
     WHERE d.id = due.id
    RETURNING d.id, d.attempt_count, d.round_start, d.claim_token`;
}

async function attempt(claimed: Claimed, options: DeliveryOptions): Promise<void> {
  const prisma = await getPrisma();
  const row = await prisma.webhookDelivery.findUnique({
    where: { id: claimed.id },
    include: { event: true, webhook: { select: { url: true, secret: true } } },
  });
  if (!row) return; // its endpoint was deleted meanwhile
  const attemptedAt = options.now();
  const body = JSON.stringify(toEvent(row.event));
  const started = performance.now();
  const outcome = await (options.send ?? sendWebhook)(
    row.webhook.url,
    webhookHeaders(row.webhook.secret, row.event.id, attemptedAt, body),
    body,
    options.policy,
  );
  const durationMs = Math.round(performance.now() - started);
  await recordAttempt(claimed, attemptedAt, durationMs, outcome, options.now());
}

function succeeded(outcome: SendOutcome): boolean {
  return outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
}

async function recordAttempt(
  claimed: Claimed,
  attemptedAt: Date,
  durationMs: number,
  outcome: SendOutcome,
  now: Date,
): Promise<void> {
  const inRound = claimed.attempt_count - claimed.round_start; // failed attempts before this one
  const delay = RETRY_DELAYS_MS[inRound];
  const ok = succeeded(outcome);
  const status = ok ? "succeeded" : delay === undefined ? "failed" : "pending";
  const nextAttemptAt = status === "pending" ? new Date(now.getTime() + (delay ?? 0)) : null;
  const recorded = await inRetryingTransaction(async (tx) => {
    // Conditional on the claim: a claim that ran out (and was taken by another instance) or a
    // delivery deleted or re-sent meanwhile records nothing.
    const updated = await tx.webhookDelivery.updateMany({
      where: { id: claimed.id, claimToken: claimed.claim_token },
      data: {
        status,
        attemptCount: { increment: 1 },
        nextAttemptAt,
        lockedUntil: null,
        claimToken: null,
      },
    });
    if (updated.count === 0) return false;
    await tx.webhookAttempt.create({
      data: {
        deliveryId: claimed.id,
        attemptedAt,
        durationMs,
        responseStatus: outcome.status,
        responseBody: outcome.body,
        error: outcome.error,
      },
    });
    return true;
  });
  if (recorded) metrics().webhookDeliveries.inc({ outcome: status === "pending" ? "retrying" : status });
}
