// GET /api/v2/requirements/{country}/{number_type} – per region, the documents numbers require
import "server-only";
import { route } from "@/lib/api/route";
import { getRequirements } from "@/lib/compliance/requirements";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/requirements/{country}/{number_type}", {
  GET: async ({ params }) => ({ data: await getRequirements(params.country, params.number_type) }),
});
