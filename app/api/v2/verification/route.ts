// POST /api/v2/verification – use the link of the verification email (docs/CONTRACT.md §15)
import "server-only";
import { route } from "@/lib/api/route";
import { answerVerification } from "@/lib/accounts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/verification", {
  POST: ({ body, request, now }) => answerVerification(body.token, request, now),
});
