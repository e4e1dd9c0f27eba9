// POST /api/v2/extensions – create an extension in the caller's organization (support: ?organization_id=)
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { createExtension, extensionOrganization } from "@/lib/numbers/change-configuration";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/extensions", {
  POST: async ({ principal, query, body }) => {
    const { configuration, etag } = await createExtension(
      principal,
      extensionOrganization(principal, query.organization_id),
      body,
    );
    return new Reply({ data: configuration }, { headers: { ETag: etag } });
  },
});
