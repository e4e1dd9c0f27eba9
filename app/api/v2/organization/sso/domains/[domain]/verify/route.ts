// POST /api/v2/organization/sso/domains/{domain}/verify – support: the organization's domain is theirs
import "server-only";
import { route } from "@/lib/api/route";
import { personOf } from "@/lib/auth/account";
import { verifySsoDomain } from "@/lib/sso/connection";
import { ssoRedirectUri } from "@/lib/sso/redirect-uri";
import { publicOrigin } from "@/lib/api/public-url";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/organization/sso/domains/{domain}/verify", {
  POST: async ({ principal, request, params, body }) =>
    verifySsoDomain(
      personOf(principal),
      params.domain,
      body.organization_id,
      ssoRedirectUri(publicOrigin(request)),
      new Date(),
    ),
});
