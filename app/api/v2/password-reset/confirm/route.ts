// POST /api/v2/password-reset/confirm – the new password, through the reset link (docs/CONTRACT.md §15)
import "server-only";
import { route } from "@/lib/api/route";
import { answerResetConfirm } from "@/lib/accounts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/password-reset/confirm", {
  POST: ({ body, request, now }) => answerResetConfirm(body.token, body.password, request, now),
});
