// POST /api/v2/billing/credits – support credits an organization (201; Idempotency-Key replays)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { recordCredit } from "@/lib/billing/payments";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/credits", {
  POST: async ({ principal, body, headers, now }) => {
    const answer = await recordCredit(principal, body, headers["Idempotency-Key"], now);
    return new Reply(answer.body, {
      status: 201,
      headers: answer.replayed ? { "Idempotent-Replayed": "true" } : {},
    });
  },
});
