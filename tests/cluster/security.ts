// Portal sessions over real HTTP (next-auth needs Next's request context, so these run
// against `next start`): cookie flags on http and behind an https proxy, the session's use
// by the API with the Origin check, and sign-in throttling across the instances.
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";
import { SESSION_MAX_AGE_S } from "@/lib/auth/session-cookie";
import { SIGN_IN_THROTTLE } from "@/lib/auth/sign-in-throttle";
import { call } from "@/tests/cluster/http";
import { check, histogram, section } from "@/tests/cluster/report";

type Target = { name: string; url: string };

export type SignInResult = { status: number; url: string; setCookies: string[]; csrfToken: string };

/** next-auth's credentials sign-in, as the portal's form does it (json=true: the answer names the next URL). */
export async function signIn(
  target: Target,
  email: string,
  password: string,
  options: { https?: boolean; address?: string } = {},
): Promise<SignInResult> {
  const headers: Record<string, string> = {};
  if (options.https) headers["x-forwarded-proto"] = "https";
  if (options.address) headers["x-forwarded-for"] = options.address;
  const csrf = await fetch(`${target.url}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((entry) => entry.split(";")[0])
    .join("; ");
  const form = new URLSearchParams({
    csrfToken,
    email,
    password,
    callbackUrl: `${target.url}/inventory`,
    json: "true",
  });
  const response = await fetch(`${target.url}/api/auth/callback/credentials`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/x-www-form-urlencoded", cookie },
    body: form,
    redirect: "manual",
  });
  const text = await response.text();
  let url = response.headers.get("location") ?? "";
  try {
    url = (JSON.parse(text) as { url?: string }).url ?? url;
  } catch {
    // A redirect, not JSON.
  }
  return { status: response.status, url, setCookies: response.headers.getSetCookie(), csrfToken };
}

/** The error code next-auth put in the answer's URL ("CredentialsSignin", "throttled:15"), or "". */
function errorOf(result: SignInResult): string {
  try {
    return new URL(result.url).searchParams.get("error") ?? "";
  } catch {
    return "";
  }
}

function attributes(setCookie: string): { name: string; value: string; flags: Map<string, string> } {
  const [pair, ...rest] = setCookie.split(";").map((part) => part.trim());
  const index = pair.indexOf("=");
  const flags = new Map(
    rest.map((part) => {
      const at = part.indexOf("=");
      return at < 0 ? [part.toLowerCase(), ""] : [part.slice(0, at).toLowerCase(), part.slice(at + 1)];
    }),
  );
  return { name: pair.slice(0, index), value: pair.slice(index + 1), flags };
}

function sessionCookieOf(result: SignInResult, secure: boolean) {
  const name = secure ? "__Secure-next-auth.session-token" : "next-auth.session-token";
  const found = result.setCookies
    .map(attributes)
    .find((cookie) => cookie.name === name || cookie.name.startsWith(`${name}.`));
  return found ?? null;
}

/** The headers next.config.js sets on every answer, and none that names the server. */
async function headerChecks(target: Target): Promise<void> {
  for (const path of ["/api/v2/countries", "/sign-in"]) {
    const response = await fetch(`${target.url}${path}`, { redirect: "manual" });
    await response.arrayBuffer();
    const headers = response.headers;
    check(
      `${path} carries CSP frame-ancestors 'none', X-Frame-Options DENY, nosniff, a Referrer-Policy, no X-Powered-By`,
      /frame-ancestors 'none'/.test(headers.get("content-security-policy") ?? "") &&
        headers.get("x-frame-options") === "DENY" &&
        headers.get("x-content-type-options") === "nosniff" &&
        headers.get("referrer-policy") !== null &&
        headers.get("x-powered-by") === null,
    );
  }
  const preflight = await fetch(`${target.url}/api/v2/order`, {
    method: "OPTIONS",
    headers: { origin: "https://elsewhere.example", "access-control-request-method": "POST" },
  });
  await preflight.arrayBuffer();
  check(
    "CORS lets other origins call with a token, never with credentials (cookies)",
    preflight.headers.get("access-control-allow-origin") === "*" &&
      preflight.headers.get("access-control-allow-credentials") === null,
  );
}

/** Runs the checks; returns the secrets it saw (cookie values, CSRF tokens) for the log check. */
export async function sessionSecurityChecks(instances: readonly Target[]): Promise<string[]> {
  const target = instances[0];
  section("security headers");
  await headerChecks(target);
  section("portal sessions over HTTP (next-auth)");
  const secrets: string[] = [];
  const customer = demoUsers.acmeCustomer;

  const plain = await signIn(target, customer.email, DEFAULT_DEMO_PASSWORD, { address: "10.77.0.1" });
  secrets.push(plain.csrfToken);
  const cookie = sessionCookieOf(plain, false);
  check(
    "signing in over http sets the session cookie",
    cookie !== null,
    `status ${plain.status}, cookies: ${plain.setCookies.map((entry) => entry.split("=")[0]).join(", ")}`,
  );
  if (cookie) {
    secrets.push(cookie.value);
    const maxAge = Number(cookie.flags.get("max-age") ?? NaN);
    const expires = Date.parse(cookie.flags.get("expires") ?? "");
    const lifetime = Number.isFinite(maxAge) ? maxAge : (expires - Date.now()) / 1000;
    check("… HttpOnly", cookie.flags.has("httponly"));
    check(
      "… SameSite=Lax",
      cookie.flags.get("samesite")?.toLowerCase() === "lax",
      `SameSite=${cookie.flags.get("samesite") ?? "(none)"}`,
    );
    check("… Path=/", cookie.flags.get("path") === "/");
    check("… not Secure on plain http (browsers would drop it)", !cookie.flags.has("secure"));
    check(
      `… lives at most ${SESSION_MAX_AGE_S / 3600} h`,
      lifetime > 0 && lifetime <= SESSION_MAX_AGE_S + 60,
      `${Math.round(lifetime)} s`,
    );

    const headers = { cookie: `next-auth.session-token=${cookie.value}` };
    const orders = await call(target, "GET", "/orders", { headers });
    check("the session reads the API (GET /orders → 200)", orders.status === 200, `got ${orders.status}`);
    const order = { contact_name: "Session buyer", items: [{ country: "GB", number_type: "mobile" }] };
    const crossSite = await call(target, "POST", "/order", {
      headers: { ...headers, origin: "https://evil.example" },
      body: order,
    });
    check(
      "a session write from another origin is refused (401)",
      crossSite.status === 401,
      `got ${crossSite.status}`,
    );
    const noOrigin = await call(target, "POST", "/order", { headers, body: order });
    check(
      "a session write without Origin is refused (401)",
      noOrigin.status === 401,
      `got ${noOrigin.status}`,
    );
    const sameSite = await call(target, "POST", "/order", {
      headers: { ...headers, origin: target.url },
      body: order,
    });
    check(
      "a session write from the site itself is served (200)",
      sameSite.status === 200,
      `got ${sameSite.status}`,
    );
    const tokens = await call(target, "GET", "/tokens", { headers });
    check(
      "GET /tokens with the session answers no secret or hash",
      tokens.status === 200 && !/secret|token_hash|[0-9a-f]{64}/.test(JSON.stringify(tokens.body)),
      `got ${tokens.status}`,
    );
  }

  const https = await signIn(target, customer.email, DEFAULT_DEMO_PASSWORD, {
    https: true,
    address: "10.77.0.2",
  });
  secrets.push(https.csrfToken);
  const secure = sessionCookieOf(https, true);
  check(
    "behind an https proxy the cookie is __Secure-next-auth.session-token",
    secure !== null,
    `cookies: ${https.setCookies.map((entry) => entry.split("=")[0]).join(", ")}`,
  );
  if (secure) {
    secrets.push(secure.value);
    check(
      "… Secure, HttpOnly, SameSite=Lax",
      secure.flags.has("secure") &&
        secure.flags.has("httponly") &&
        secure.flags.get("samesite")?.toLowerCase() === "lax",
    );
    const csrf = https.setCookies.map(attributes).filter((entry) => entry.name.includes("csrf-token"));
    check(
      "… and its CSRF cookie is __Host-, Secure, HttpOnly",
      csrf.every(
        (entry) =>
          entry.name.startsWith("__Host-") && entry.flags.has("secure") && entry.flags.has("httponly"),
      ),
    );
  }

  const wrong = await signIn(target, customer.email, "wrong-password-guess", { address: "10.77.0.3" });
  check(
    "a wrong password sets no session cookie and says CredentialsSignin",
    sessionCookieOf(wrong, false) === null && wrong.url.includes("error=CredentialsSignin"),
    wrong.url,
  );

  // Throttling, in the store every instance shares. The instances trust no proxy
  // (TRUST_PROXY_HOPS=0), so each request comes from 127.0.0.1 whatever X-Forwarded-For it
  // claims; every claim below is a fresh one, and none of them buys an attempt.
  section("sign-in throttling over the instances");
  const { perEmail, perAddress } = SIGN_IN_THROTTLE;
  let failedFromHere = 1; // the wrong password above
  const on = (index: number) => instances[index % instances.length];
  const victim = demoUsers.acmeViewer.email;
  const failures: SignInResult[] = [];
  for (let attempt = 0; attempt < perEmail; attempt++)
    failures.push(await signIn(on(attempt), victim, `guess-${attempt}`, { address: `10.88.0.${attempt}` }));
  failedFromHere += perEmail;
  check(
    `${perEmail} wrong passwords for one account, spread over the ${instances.length} instances, each claiming another address, are each refused`,
    failures.every((result) => errorOf(result) === "CredentialsSignin"),
    histogram(failures.map(errorOf)),
  );
  const locked = await signIn(on(perEmail), victim, DEFAULT_DEMO_PASSWORD, { address: "10.88.1.1" });
  const minutes = Number(/^throttled:(\d+)$/.exec(errorOf(locked))?.[1]);
  check(
    "then even the right password, on another instance and from another claimed address, is refused with the minutes to wait (1–15)",
    sessionCookieOf(locked, false) === null && minutes >= 1 && minutes <= 15,
    errorOf(locked),
  );
  const other = await signIn(on(perEmail + 1), demoUsers.support.email, DEFAULT_DEMO_PASSWORD, {
    address: "10.88.1.2",
  });
  check(
    "another account from the same client is not held up",
    sessionCookieOf(other, false) !== null,
    errorOf(other) || "signed in",
  );

  // The per-address budget: wrong guesses at many accounts from one client, each claiming
  // another address, up to the limit; then no account signs in from that client.
  const spray: SignInResult[] = [];
  for (let attempt = failedFromHere; attempt < perAddress; attempt++)
    spray.push(
      await signIn(on(attempt), `nobody-${attempt}@spray.example`, "guess", {
        address: `10.99.0.${attempt}`,
      }),
    );
  check(
    `${spray.length} more wrong guesses at other accounts from the same client are each refused (${perAddress} failures from it in all)`,
    spray.every((result) => errorOf(result) === "CredentialsSignin"),
    histogram(spray.map(errorOf)),
  );
  const blocked = await signIn(on(perAddress), customer.email, DEFAULT_DEMO_PASSWORD, {
    address: "10.99.1.1",
  });
  check(
    `after ${perAddress} failures from one client its next sign-in is refused, whatever address it claims`,
    sessionCookieOf(blocked, false) === null && /^throttled:\d+$/.test(errorOf(blocked)),
    errorOf(blocked),
  );

  for (const result of [wrong, ...failures, locked, other, ...spray, blocked]) secrets.push(result.csrfToken);
  const value = sessionCookieOf(other, false)?.value;
  if (value) secrets.push(value);
  return secrets;
}
