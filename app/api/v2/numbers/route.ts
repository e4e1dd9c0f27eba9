// GET /api/v2/numbers – configurations of the caller's numbers and extensions, filtered and paged, or all as CSV
import { paginationHeaders } from "@/lib/api/pagination";
import { Reply, route, StreamReply } from "@/lib/api/route";
import { searchNumberConfigurations } from "@/lib/numbers/configurations";
import { exportNumbersCsv } from "@/lib/numbers/export-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers", {
  GET: async ({ request, principal, query }) => {
    // Contract §16: format=csv, or Accept naming text/csv (and not format=json), streams every match.
    const wantsCsv =
      query.format === "csv" ||
      (query.format === undefined && (request.headers.get("accept") ?? "").includes("text/csv"));
    if (wantsCsv)
      return new StreamReply(await exportNumbersCsv(principal, query), {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": 'attachment; filename="numbers.csv"',
      });
    const { items, total } = await searchNumberConfigurations(principal, query);
    return new Reply(
      { data: items },
      { headers: paginationHeaders(request.url, { limit: query.limit, offset: query.offset, total }) },
    );
  },
});
