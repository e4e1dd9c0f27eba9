// GET, PUT, DELETE /api/v2/numbers/{number_id} – one configuration with its ETag; replace it
// under If-Match; release it (docs/CONTRACT.md §16)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { changeNumberConfiguration, getConfigurationWithEtag } from "@/lib/numbers/change-configuration";
import { releaseNumber } from "@/lib/numbers/lifecycle";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/numbers/{number_id}", {
  GET: async ({ principal, params }) => {
    const { configuration, etag } = await getConfigurationWithEtag(principal, params.number_id);
    return new Reply({ data: configuration }, { headers: { ETag: etag } });
  },
  PUT: async ({ principal, params, headers, body }) => {
    const { configuration, etag } = await changeNumberConfiguration(
      principal,
      params.number_id,
      headers["If-Match"],
      body,
    );
    return new Reply({ data: configuration }, { headers: { ETag: etag } });
  },
  DELETE: async ({ principal, params, headers, query }) => {
    const { configuration, etag } = await releaseNumber(
      principal,
      params.number_id,
      headers["If-Match"],
      query,
    );
    return new Reply({ data: configuration }, { headers: { ETag: etag } });
  },
});
