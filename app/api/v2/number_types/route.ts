// GET /api/v2/number_types – local, national, mobile, toll_free
import "server-only";
import { route } from "@/lib/api/route";
import { listNumberTypes } from "@/lib/reference/lookups";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/number_types", {
  GET: () => listNumberTypes(),
});
