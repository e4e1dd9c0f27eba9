// GET /api/v2/numbers – configurations of the caller's numbers and extensions, filtered and paged, or all as CSV
import "server-only";
import { csvDownload } from "@/lib/api/downloads";
import { paginationHeaders } from "@/lib/api/pagination";
import { Reply, route } from "@/lib/api/route";
import { searchNumberConfigurations } from "@/lib/numbers/configurations";
import { exportNumbersCsv } from "@/lib/numbers/export-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers", {
  GET: async ({ request, principal, query }) => {
    // format=csv, or Accept naming text/csv (and not format=json), answers GET /numbers/export's
    // CSV: clients written before that operation existed ask this way.
    const wantsCsv =
      query.format === "csv" ||
      (query.format === undefined && (request.headers.get("accept") ?? "").includes("text/csv"));
    if (wantsCsv) return csvDownload(await exportNumbersCsv(principal, query), "numbers.csv");
    const { items, total } = await searchNumberConfigurations(principal, query);
    return new Reply(
      { data: items },
      { headers: paginationHeaders(request.url, { limit: query.limit, offset: query.offset, total }) },
    );
  },
});
