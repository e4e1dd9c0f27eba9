// POST /api/v2/numbers/{number_id}/restore – a released number back, within its window (docs/CONTRACT.md §16)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { restoreNumber } from "@/lib/numbers/lifecycle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers/{number_id}/restore", {
  POST: async ({ principal, params }) => {
    const { configuration, etag } = await restoreNumber(principal, params.number_id);
    return new Reply({ data: configuration }, { headers: { ETag: etag } });
  },
});
