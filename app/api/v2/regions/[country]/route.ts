// GET /api/v2/regions/{country} – every region of a country, by name
import "server-only";
import { route } from "@/lib/api/route";
import { listRegions } from "@/lib/reference/lookups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/regions/{country}", {
  GET: ({ params }) => listRegions(params.country),
});
