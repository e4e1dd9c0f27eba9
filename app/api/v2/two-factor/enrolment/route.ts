// POST /api/v2/two-factor/enrolment – a new authenticator secret and its QR code
import "server-only";
import { route } from "@/lib/api/route";
import { personOf } from "@/lib/auth/account";
import { startEnrolment } from "@/lib/auth/two-factor";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/two-factor/enrolment", {
  POST: async ({ principal }) => startEnrolment(personOf(principal)),
});
