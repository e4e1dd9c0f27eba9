// GET, PUT, DELETE /api/v2/extension/{extension} – read an extension's configurations; change or delete one under If-Match
import "server-only";
import { Reply, route } from "@/lib/api/route";
import { getExtensionConfigurations } from "@/lib/numbers/configurations";
import { changeExtension, deleteExtension, extensionOrganization } from "@/lib/numbers/change-configuration";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/extension/{extension}", {
  GET: async ({ principal, params, query }) => ({
    data: await getExtensionConfigurations(principal, params.extension, query.organization_id),
  }),
  PUT: async ({ principal, params, query, headers, body }) => {
    const organizationId = extensionOrganization(principal, query.organization_id);
    const { configuration, etag } = await changeExtension(
      principal,
      organizationId,
      params.extension,
      headers["If-Match"],
      body,
    );
    return new Reply({ data: configuration }, { headers: { ETag: etag } });
  },
  DELETE: async ({ principal, params, query, headers }) => ({
    data: await deleteExtension(
      principal,
      extensionOrganization(principal, query.organization_id),
      params.extension,
      headers["If-Match"],
    ),
  }),
});
