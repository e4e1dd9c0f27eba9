// GET /api/v2/billing/ledger – the organization's ledger entries, newest first (format=csv: every match)
import "server-only";
import { csvDownload } from "@/lib/api/downloads";
import { paginationHeaders } from "@/lib/api/pagination";
import { publicRequestUrl } from "@/lib/api/public-url";
import { Reply, route } from "@/lib/api/route";
import { listLedger } from "@/lib/billing/ledger-list";
import { streamLedgerCsv } from "@/lib/billing/ledger-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/ledger", {
  GET: async ({ request, principal, query }) => {
    // format=csv answers GET /billing/ledger/export's CSV, for clients that ask this way.
    if (query.format === "csv") return csvDownload(await streamLedgerCsv(principal, query), "ledger.csv");
    const { items, total } = await listLedger(principal, query);
    const page = { limit: query.limit, offset: query.offset, total };
    return new Reply({ data: items }, { headers: paginationHeaders(publicRequestUrl(request), page) });
  },
});
