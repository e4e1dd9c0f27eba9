// POST /api/v2/password-reset – a reset link by email; 202 whatever the email (docs/CONTRACT.md §15)
import "server-only";
import { route } from "@/lib/api/route";
import { answerResetRequest } from "@/lib/accounts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/password-reset", {
  POST: ({ body, request, now }) => answerResetRequest(body.email, request, now),
});
