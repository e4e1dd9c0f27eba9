// Where the provider sends people back after they signed in there: the owner registers it
// with the provider as the client's redirect URI, and every sign-in names it again.
const SSO_CALLBACK_PATH = "/sso/callback";

/** `origin`: the service's public origin (PUBLIC_URL, else the request's own host). */
export function ssoRedirectUri(origin: string): string {
  return `${origin}${SSO_CALLBACK_PATH}`;
}
