// POST /api/v2/portability_checks – whether numbers can be ported in, and what an order of them would be
import "server-only";
import { route } from "@/lib/api/route";
import { checkPortability } from "@/lib/porting/portability";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/portability_checks", {
  POST: async ({ body, now }) => ({ data: await checkPortability(body.numbers, now) }),
});
