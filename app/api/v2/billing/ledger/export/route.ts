// GET /api/v2/billing/ledger/export – every ledger entry GET /billing/ledger would list with these filters, as CSV
import "server-only";
import { csvDownload } from "@/lib/api/downloads";
import { route } from "@/lib/api/route";
import { streamLedgerCsv } from "@/lib/billing/ledger-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/billing/ledger/export", {
  GET: async ({ principal, query }) => csvDownload(await streamLedgerCsv(principal, query), "ledger.csv"),
});
