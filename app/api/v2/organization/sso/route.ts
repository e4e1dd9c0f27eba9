// GET /api/v2/organization/sso – the single sign-on connection; PUT – connect or change it; DELETE – disconnect (owners)
import "server-only";
import { route } from "@/lib/api/route";
import { personOf } from "@/lib/auth/account";
import { deleteSsoConnection, getSsoConnection, putSsoConnection } from "@/lib/sso/connection";
import { ssoRedirectUri } from "@/lib/sso/redirect-uri";
import { publicOrigin } from "@/lib/api/public-url";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route("/organization/sso", {
  GET: async ({ principal, request }) =>
    getSsoConnection(personOf(principal), ssoRedirectUri(publicOrigin(request))),
  PUT: async ({ principal, request, body }) =>
    putSsoConnection(personOf(principal), body, ssoRedirectUri(publicOrigin(request)), new Date()),
  DELETE: async ({ principal }) => {
    await deleteSsoConnection(personOf(principal), new Date());
    return undefined;
  },
});
