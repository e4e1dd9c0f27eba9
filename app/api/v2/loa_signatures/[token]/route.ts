// GET, POST /api/v2/loa_signatures/{token} – a signing link (no credentials): read the LOA, then sign it
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { signLoa, viewLoaSignature } from "@/lib/porting/loa-signatures";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/loa_signatures/{token}", {
  GET: async ({ params, now }) => ({ data: await viewLoaSignature(params.token, now) }),
  POST: async ({ params, body, now }) =>
    new Reply({ data: await signLoa(params.token, body, now) }, { status: 201 }),
});
