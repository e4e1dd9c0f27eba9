// GET /api/v2/numbers/export – every configuration GET /numbers would list with these filters, as CSV
import "server-only";
import { csvDownload } from "@/lib/api/downloads";
import { route } from "@/lib/api/route";
import { exportNumbersCsv } from "@/lib/numbers/export-csv";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers/export", {
  GET: async ({ principal, query }) => csvDownload(await exportNumbersCsv(principal, query), "numbers.csv"),
});
