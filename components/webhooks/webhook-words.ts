// How the webhooks page writes events, deliveries and attempts for people: the API's names
// (order.backorder_filled, pending, response_status) stay out of the page's sentences.

/** The event types an endpoint can subscribe to, in the order the form offers them. */
export const subscribableEvents = [
  "order.created",
  "order.backorder_filled",
  "order.completed",
  "number.assigned",
  "number.configuration_changed",
  "reservation.expired",
  "number.released",
  "number.restored",
  "job.completed",
  "number.activated",
  "number.documents_overdue",
  "bundle.status_changed",
  "invoice.finalized",
  "invoice.voided",
  "billing.alert_triggered",
  "invoice.paid",
  "billing.standing_changed",
  "billing.payment_recorded",
  "port_order.status_changed",
  "port_order.foc_changed",
  "number.port_out_requested",
] as const;

export type SubscribableEvent = (typeof subscribableEvents)[number];

const eventWords: Record<string, { label: string; description: string }> = {
  "order.created": { label: "Order placed", description: "Someone in your organization placed an order." },
  "order.backorder_filled": {
    label: "Back-order filled",
    description: "Numbers that were on back-order have arrived and been assigned.",
  },
  "order.completed": {
    label: "Order completed",
    description: "Every number of an order is assigned and ready to use.",
  },
  "number.assigned": { label: "Number assigned", description: "A number now belongs to your organization." },
  "number.configuration_changed": {
    label: "Number settings changed",
    description: "A number's name or call rules were changed.",
  },
  "reservation.expired": {
    label: "Hold expired",
    description: "A number held in a cart was not bought in time and went back to the inventory.",
  },
  "number.released": {
    label: "Number released",
    description: "A number was given back; it can be restored until its restore window ends.",
  },
  "number.restored": {
    label: "Number restored",
    description: "A released number was taken back, with the configuration it had.",
  },
  "job.completed": {
    label: "Bulk job finished",
    description: "A bulk job over many numbers has done every number it could.",
  },
  "number.activated": {
    label: "Number activated",
    description: "An approved compliance bundle covers a number's documents: its calls are routed now.",
  },
  "number.documents_overdue": {
    label: "Documents overdue",
    description: "A number still waited for documents at its deadline and was released.",
  },
  "bundle.status_changed": {
    label: "Bundle status changed",
    description: "A compliance bundle was submitted, approved, rejected, edited or expired.",
  },
  "invoice.finalized": {
    label: "Invoice issued",
    description: "An invoice or credit note was finalized and numbered.",
  },
  "invoice.voided": {
    label: "Invoice voided",
    description: "An invoice was voided and no longer asks to be paid.",
  },
  "billing.alert_triggered": {
    label: "Balance alert",
    description: "What a billing account has available fell below an alert's threshold.",
  },
  "invoice.paid": {
    label: "Invoice paid",
    description: "Payments and credits paid an invoice in full.",
  },
  "billing.standing_changed": {
    label: "Billing standing changed",
    description:
      "A billing account fell past due, was suspended (its numbers route no calls), or is in good standing again.",
  },
  "billing.payment_recorded": {
    label: "Payment recorded",
    description: "A payment or a credit was recorded on a billing account.",
  },
  "port_order.status_changed": {
    label: "Port order status changed",
    description:
      "A port-in order was submitted, confirmed, refused by the losing carrier, ported or cancelled.",
  },
  "port_order.foc_changed": {
    label: "Port date changed",
    description: "A new date was asked for a port-in order, or the losing carrier moved its confirmed date.",
  },
  "number.port_out_requested": {
    label: "Port-out requested",
    description: "Another carrier asked to take a number away; support logged it, accepted or refused.",
  },
  "webhook.test": { label: "Test event", description: "Sent with “Send test event”." },
};

/** "Order completed"; a type this page does not know yet keeps its API name. */
export function eventLabel(type: string): string {
  return eventWords[type]?.label ?? type;
}

export function eventDescription(type: string): string {
  return eventWords[type]?.description ?? "";
}

export type DeliveryState = {
  status: "pending" | "succeeded" | "failed";
  attempt_count: number;
};

/** The delivery's state as a badge: what happened, not the API's status name. */
export function deliveryStatus(delivery: DeliveryState): { label: string; tone: string } {
  if (delivery.status === "succeeded") return { label: "Delivered", tone: "badge--success" };
  if (delivery.status === "failed") return { label: "Failed", tone: "badge--danger" };
  // Pending: not tried yet, or tried and waiting for its next attempt.
  return delivery.attempt_count === 0
    ? { label: "Sending", tone: "badge--accent" }
    : { label: "Retrying", tone: "badge--warning" };
}

/** "in 5 s", "in 1 min", "in 6 h", "now" (due or overdue: the worker takes it next). */
export function timeUntil(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (seconds <= 0) return "now";
  if (seconds < 60) return `in ${seconds} s`;
  // Whole units, rounded down, so a retry never reads as later than it is ("in 59 min", not "in 60 min").
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `in ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `in ${hours} h`;
  return `in ${Math.floor(hours / 24)} days`;
}

/** "85 ms", "1.2 s", "10 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
}

export type AttemptOutcome = { response_status: number | null; error: string | null };

/** What the receiver answered: "200", "500", or why there was no answer ("timeout after 10 s"). */
export function attemptOutcome(attempt: AttemptOutcome | undefined): string {
  if (!attempt) return "Not tried yet";
  if (attempt.response_status !== null) return String(attempt.response_status);
  return attempt.error ?? "No answer";
}

/** "example.com/hooks/numbers": the endpoint as people name it, for buttons and headings. */
export function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname === "/" ? "" : parsed.pathname;
    return `${parsed.host}${path}`;
  } catch {
    return url;
  }
}

/**
 * Why the address cannot be used, before asking the server: a mistyped or non-web address.
 * Which hosts are allowed (no private networks) is the server's decision, with DNS.
 */
export function urlProblem(text: string): string | null {
  const value = text.trim();
  if (!value) return "Enter the address that should receive the events, starting with https://";
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return "This is not a web address. Write it in full, e.g. https://example.com/webhooks";
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:")
    return "The address must start with https://";
  return null;
}
