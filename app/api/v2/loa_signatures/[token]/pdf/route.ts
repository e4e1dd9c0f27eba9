// GET /api/v2/loa_signatures/{token}/pdf – the unsigned LOA a signing link is for (no credentials)
import "server-only";
import { route } from "@/lib/api/route";
import { pdfDownload } from "@/lib/api/downloads";
import { readLoaPdfByLink } from "@/lib/porting/loa-signatures";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/loa_signatures/{token}/pdf", {
  GET: async ({ params, now }) => pdfDownload(await readLoaPdfByLink(params.token, now)),
});
