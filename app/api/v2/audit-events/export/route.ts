// GET /api/v2/audit-events/export – every audit entry GET /audit-events would list with these filters, as CSV
import "server-only";
import { csvDownload } from "@/lib/api/downloads";
import { route } from "@/lib/api/route";
import { streamAuditCsv } from "@/lib/audit-events/audit-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/audit-events/export", {
  GET: async ({ principal, query }) => csvDownload(await streamAuditCsv(principal, query), "audit-log.csv"),
});
