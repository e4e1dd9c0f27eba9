// GET /api/v2/destinations/{country}/{number_type} – where calls may be forwarded (no token needed)
import "server-only";
import { route } from "@/lib/api/route";
import { listDestinations } from "@/lib/reference/lookups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/destinations/{country}/{number_type}", {
  GET: async ({ params }) => ({ data: await listDestinations(params.country, params.number_type) }),
});
