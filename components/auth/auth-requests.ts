// The two requests the portal makes of next-auth, without its React client (18 kB gzip on
// every portal page, for two form posts): the same posts next-auth/react's signIn and
// signOut send, CSRF token included, with `json` so next-auth answers instead of redirecting.
const AUTH_BASE = "/api/auth";

async function csrfToken(): Promise<string> {
  // Also sets the CSRF cookie the token is checked against.
  const response = await fetch(`${AUTH_BASE}/csrf`, { credentials: "same-origin" });
  const body: unknown = await response.json();
  if (
    typeof body !== "object" ||
    body === null ||
    !("csrfToken" in body) ||
    typeof body.csrfToken !== "string"
  ) {
    throw new Error(`${AUTH_BASE}/csrf answered ${response.status} without a token`);
  }
  return body.csrfToken;
}

async function postForm(path: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${AUTH_BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...fields, csrfToken: await csrfToken(), json: "true" }),
    credentials: "same-origin",
  });
}

/**
 * Signs in with the credentials provider. Answers null when signed in, else the error code
 * next-auth puts in its answer's URL ("CredentialsSignin", "throttled:12"; "" when it gave none).
 */
export async function signInWithCredentials(
  credentials: { email: string; password: string; code?: string },
  callbackUrl: string,
): Promise<string | null> {
  try {
    const response = await postForm("/callback/credentials", { ...credentials, callbackUrl });
    const body: unknown = await response.json();
    const url =
      typeof body === "object" && body !== null && "url" in body && typeof body.url === "string"
        ? body.url
        : null;
    const error = url === null ? null : new URL(url, window.location.href).searchParams.get("error");
    if (error !== null) return error;
    return response.ok ? null : "";
  } catch {
    return "";
  }
}

/** Ends the session (next-auth clears its cookie); the caller then leaves the page. */
export async function signOut(): Promise<void> {
  await postForm("/signout", { callbackUrl: "/sign-in" });
}
