// POST /api/v2/billing/payments – support records a payment received (201; Idempotency-Key replays)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { recordPayment } from "@/lib/billing/payments";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/payments", {
  POST: async ({ principal, body, headers, now }) => {
    const answer = await recordPayment(principal, body, headers["Idempotency-Key"], now);
    return new Reply(answer.body, {
      status: 201,
      headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {},
    });
  },
});
