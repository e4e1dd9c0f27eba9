// GET /api/v2/countries – the countries numbers are sold in, by English name
import "server-only";
import { route } from "@/lib/api/route";
import { listCountries } from "@/lib/reference/lookups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/countries", {
  GET: () => listCountries(),
});
