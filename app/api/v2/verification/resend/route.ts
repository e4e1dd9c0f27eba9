// POST /api/v2/verification/resend – the verification email again, for the signed-in person
import "server-only";
import { route } from "@/lib/api/route";
import { answerResend } from "@/lib/accounts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/verification/resend", {
  POST: ({ principal, request, now }) => answerResend(principal, request, now),
});
