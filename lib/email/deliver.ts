import "server-only";
import { configuredSender, type EmailSender } from "@/lib/email/send";
import { metrics } from "@/lib/observability/metrics";
import { runQueue, type Queue, type QueueHandler } from "@/lib/queue/queue";

// The worker's email handler: queued messages are claimed under a lease like every queue of
// the worker (lib/queue/queue.ts), sent, and recorded: sent, or a retry after the backoff
// below with the failure's message, or failed after the last. At least once: a crash between
// sending and recording sends it again.

/** Delays after the 1st…5th failed attempt; the 6th failure is final (status failed). */
const EMAIL_RETRY_DELAYS_MS = [30_000, 120_000, 600_000, 3_600_000, 21_600_000] as const;
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_DELAYS_MS.length + 1;

type QueuedMessage = { to: string; subject: string; text: string; kind: string; attempts: number };

export const emailQueue: Queue<QueuedMessage> = {
  name: "emails",
  table: "email_message",
  waiting: ["queued"],
  scheduled: true,
  order: "next_attempt_at",
  statuses: { done: "sent", retry: "queued", gaveUp: "failed" },
  attempts: "attempts",
  lastError: "last_error",
  doneAt: "sent_at",
  retryDelaysMs: EMAIL_RETRY_DELAYS_MS,
  failuresSoFar: (message) => message.attempts,
};

export type EmailDeliveryOptions = {
  now: () => Date;
  leaseMs: number;
  batch?: number;
  send?: EmailSender;
};

function emailHandler(send: EmailSender = configuredSender()): QueueHandler<QueuedMessage> {
  return {
    queue: emailQueue,
    batch: 20,
    handle: async (message) => {
      await send({ to: message.to, subject: message.subject, text: message.text, kind: message.kind });
      return { done: true };
    },
    count: (outcome) => metrics().emails.inc({ outcome }),
  };
}

/** Sends every due message it can claim (up to `batch`); answers how many it claimed. */
export async function deliverDueEmails(options: EmailDeliveryOptions): Promise<number> {
  return runQueue(emailHandler(options.send), options);
}
