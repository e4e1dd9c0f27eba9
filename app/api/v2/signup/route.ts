// POST /api/v2/signup – a new organization and its owner (docs/CONTRACT.md §15); 202 whatever the email
import "server-only";
import { route } from "@/lib/api/route";
import { answerSignUp } from "@/lib/accounts/endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/signup", {
  POST: ({ body, request, now }) => answerSignUp(body, request, now),
});
