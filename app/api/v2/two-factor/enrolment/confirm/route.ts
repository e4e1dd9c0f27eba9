// POST /api/v2/two-factor/enrolment/confirm – turn two-factor sign-in on; the recovery codes, once
import "server-only";
import { route } from "@/lib/api/route";
import { personOf } from "@/lib/auth/account";
import { confirmEnrolment } from "@/lib/auth/two-factor";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/two-factor/enrolment/confirm", {
  POST: async ({ principal, body }) => confirmEnrolment(personOf(principal), body.code, new Date()),
});
