import { createHmac } from "node:crypto";

// Standard Webhooks (docs/CONTRACT.md §14): the signature is HMAC-SHA256 over `id.timestamp.body` with
// the key that the secret's base64 after "whsec_" encodes, sent as "v1,<base64>".

const SECRET_PREFIX = "whsec_";

function signatureFor(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    "base64",
  );
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

/** The headers of one attempt: the id is the event's (the same on every retry). */
export function webhookHeaders(secret: string, id: string, now: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  return {
    "Content-Type": "application/json",
    "Webhook-Id": id,
    "Webhook-Timestamp": String(timestamp),
    "Webhook-Signature": signatureFor(secret, id, timestamp, body),
  };
}
