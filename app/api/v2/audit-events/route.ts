// GET /api/v2/audit-events – the organization's audit log, newest first (format=csv: every match)
import "server-only";
import { csvDownload } from "@/lib/api/downloads";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { listAuditEvents } from "@/lib/audit-events/list-audit";
import { streamAuditCsv } from "@/lib/audit-events/audit-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/audit-events", {
  GET: async ({ request, principal, query }) => {
    // format=csv answers GET /audit-events/export's CSV, for clients that ask this way.
    if (query.format === "csv") return csvDownload(await streamAuditCsv(principal, query), "audit-log.csv");
    const { items, total } = await listAuditEvents(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
});
