import "server-only";
import { getPrisma } from "@/lib/db/client";
import { toEvent } from "@/lib/events/list-events";
import { webhookHeaders } from "@/lib/webhooks/signing";
import { sendWebhook, type SendOutcome, type Sender } from "@/lib/webhooks/send";
import type { UrlPolicy } from "@/lib/webhooks/url-policy";
import { metrics } from "@/lib/observability/metrics";
import { runQueue, type Handled, type Queue, type QueueHandler } from "@/lib/queue/queue";

// The worker's webhook delivery handler: due deliveries are claimed under a lease like every
// queue of the worker (lib/queue/queue.ts), sent, and recorded with their attempt's log row,
// only by the holder of the current claim. At least once: a crash after sending and before
// recording sends it again after the lease (receivers deduplicate by Webhook-Id).

/** Delays after the 1st…5th failed attempt of a round (docs/CONTRACT.md §14); the 6th failure is final. */
export const RETRY_DELAYS_MS = [5_000, 60_000, 600_000, 3_600_000, 21_600_000] as const;

export type DeliveryOptions = {
  now: () => Date;
  leaseMs: number;
  policy: UrlPolicy;
  batch?: number;
  send?: Sender;
};

type Delivery = { attempt_count: number; round_start: number };

const deliveryQueue: Queue<Delivery> = {
  name: "webhook_deliveries",
  table: "webhook_delivery",
  waiting: ["pending"],
  scheduled: true,
  clearsNextAttempt: true,
  order: "next_attempt_at",
  statuses: { done: "succeeded", retry: "pending", gaveUp: "failed" },
  attempts: "attempt_count",
  retryDelaysMs: RETRY_DELAYS_MS,
  // Failed attempts of this round before this one: a re-send starts a round afresh.
  failuresSoFar: (delivery) => delivery.attempt_count - delivery.round_start,
};

/** One attempt: what the endpoint answered, for the attempt's log row. */
type Attempted = Handled & { attemptedAt: Date; durationMs: number; outcome: SendOutcome };

function succeeded(outcome: SendOutcome): boolean {
  return outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
}

function deliveryHandler(options: DeliveryOptions): QueueHandler<Delivery, Attempted | Handled> {
  return {
    queue: deliveryQueue,
    batch: 20,
    handle: async (claimed) => {
      const prisma = await getPrisma();
      const row = await prisma.webhookDelivery.findUnique({
        where: { id: claimed.id },
        include: { event: true, webhook: { select: { url: true, secret: true } } },
      });
      // Its endpoint was deleted meanwhile, and the delivery with it: the record finds no row.
      if (!row) return { done: false, error: null };
      const attemptedAt = options.now();
      const body = JSON.stringify(toEvent(row.event));
      const started = performance.now();
      const outcome = await (options.send ?? sendWebhook)(
        row.webhook.url,
        webhookHeaders(row.webhook.secret, row.event.id, attemptedAt, body),
        body,
        options.policy,
      );
      const attempt = { attemptedAt, durationMs: Math.round(performance.now() - started), outcome };
      return succeeded(outcome)
        ? { done: true, ...attempt }
        : { done: false, error: outcome.error, ...attempt };
    },
    also: async (tx, claimed, attempted) => {
      if (!("outcome" in attempted)) return;
      await tx.webhookAttempt.create({
        data: {
          deliveryId: claimed.id,
          attemptedAt: attempted.attemptedAt,
          durationMs: attempted.durationMs,
          responseStatus: attempted.outcome.status,
          responseBody: attempted.outcome.body,
          error: attempted.outcome.error,
        },
      });
    },
    count: (outcome) => metrics().webhookDeliveries.inc({ outcome }),
  };
}

/** Sends every due delivery it can claim (up to `batch`); answers how many it claimed. */
export async function deliverDue(options: DeliveryOptions): Promise<number> {
  return runQueue(deliveryHandler(options), options);
}
