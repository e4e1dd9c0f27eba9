import "server-only";
import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { isSecureRequest, readSessionClaims } from "@/lib/auth/session-cookie";
import { loadSessionUser, type PortalUser } from "@/lib/auth/session";
import { PORTAL_PATH_HEADER, TWO_FACTOR_SETUP_PAGE } from "@/lib/auth/portal-path";

// The signed-in person, for server components: the same cookie reading as the API.

export async function getPortalUser(): Promise<PortalUser | null> {
  const cookieStore = await cookies();
  const claims = await readSessionClaims(
    new Map(cookieStore.getAll().map((cookie) => [cookie.name, cookie.value])),
    isSecureRequest(await headers()),
  );
  return claims ? loadSessionUser(claims) : null;
}

/**
 * The proxy already sent people without a cookie to /sign-in with their page as callbackUrl;
 * this catches the rest (a cookie whose user no longer exists).
 */
export async function requirePortalUser(): Promise<PortalUser> {
  const user = await getPortalUser();
  if (!user) redirect("/sign-in");
  // docs/CONTRACT.md §15: until a person whose organization requires it has set up two-factor
  // sign-in, every page leads to the page that sets it up (the API answers 401 meanwhile).
  if (user.twoFactorSetupRequired && (await headers()).get(PORTAL_PATH_HEADER) !== TWO_FACTOR_SETUP_PAGE)
    redirect(TWO_FACTOR_SETUP_PAGE);
  return user;
}

/** Only paths on this site: an open redirect through callbackUrl would help phishing. */
export function safeCallbackUrl(value: string | string[] | undefined): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (!candidate || !candidate.startsWith("/") || candidate.startsWith("//") || candidate.startsWith("/\\"))
    return "/inventory";
  return candidate;
}
