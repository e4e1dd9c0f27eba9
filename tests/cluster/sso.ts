// Across instances: members signed in through the organization's provider (a real OpenID
// Connect provider on loopback, oauth2-mock-server), each on another instance; the owner
// disconnects single sign-on on one instance; every instance refuses every one of those
// sessions within a second (docs/API.md "Single sign-on"), while the owner's password session goes on.
// A session made through the provider carries its connection's id, and lib/auth/session.ts
// reads the organization's connection with the person on each request, with no cache.
import { OAuth2Server } from "oauth2-mock-server";
import { DEFAULT_DEMO_PASSWORD, demoOrganizations, demoUsers } from "@/prisma/seed/fixtures";
import type { Instance } from "@/scripts/cluster/servers";
import { call } from "@/tests/cluster/http";
import { check, histogram, section } from "@/tests/cluster/report";
import { signIn } from "@/tests/cluster/security";

const DEADLINE_MS = 1_000;
const DOMAIN = "cluster-sso.example";

const cookieOf = (setCookies: string[]) =>
  setCookies
    .map((entry) => entry.split(";")[0])
    .filter((pair) => !pair.endsWith("="))
    .join("; ");

/** A provider on loopback that signs in whoever the portal names in login_hint. */
async function startProvider(port: number): Promise<OAuth2Server> {
  const provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(port, "127.0.0.1");
  const hints = new Map<string, string>();
  provider.service.on(
    "beforeAuthorizeRedirect",
    (redirect: { url: URL }, request: { query: Record<string, unknown> }) => {
      hints.set(redirect.url.searchParams.get("code") ?? "", String(request.query.login_hint));
    },
  );
  provider.service.on(
    "beforeTokenSigning",
    (token: { payload: Record<string, unknown> }, request: { body: Record<string, unknown> }) => {
      if ("scope" in token.payload) return;
      Object.assign(token.payload, { email: hints.get(String(request.body.code)), email_verified: true });
    },
  );
  return provider;
}

/** /sso/start → the provider → /sso/callback on one instance, as a browser follows them: the session's cookie. */
async function signInThroughProvider(instance: Instance, email: string): Promise<string | null> {
  const started = await fetch(`${instance.url}/sso/start?email=${encodeURIComponent(email)}`, {
    redirect: "manual",
  });
  const state = cookieOf(started.headers.getSetCookie());
  const atProvider = await fetch(started.headers.get("location") ?? "", { redirect: "manual" });
  const back = await fetch(atProvider.headers.get("location") ?? "", {
    headers: { cookie: state },
    redirect: "manual",
  });
  await back.text();
  const session = back.headers.getSetCookie().find((entry) => /session-token=[^;]/.test(entry));
  return session ? session.split(";")[0] : null;
}

/** Milliseconds from `since` to the first 401 for the session, asking back to back; Infinity past 3 s. */
async function firstRefusal(target: Instance, cookie: string, since: number): Promise<number> {
  while (performance.now() - since < 3 * DEADLINE_MS) {
    const answer = await call(target, "GET", "/two-factor", { headers: { cookie } });
    if (answer.status === 401) return performance.now() - since;
  }
  return Infinity;
}

export async function ssoDisconnectChecks(instances: Instance[], providerPort: number): Promise<void> {
  section(
    "single sign-on: members signed in through the provider on three instances, disconnected on one, refused by all within 1 s",
  );
  const provider = await startProvider(providerPort);
  try {
    const [home] = instances;
    const owner = cookieOf(
      (await signIn(home, demoUsers.acmeCustomer.email, DEFAULT_DEMO_PASSWORD)).setCookies,
    );
    const support = cookieOf((await signIn(home, demoUsers.support.email, DEFAULT_DEMO_PASSWORD)).setCookies);
    const connected = await call(home, "PUT", "/organization/sso", {
      headers: { cookie: owner, origin: home.url },
      body: {
        issuer: provider.issuer.url,
        client_id: "numbers-portal",
        client_secret: "cluster provider secret",
        domains: [DOMAIN],
        default_role: "developer",
        required: false,
      },
    });
    const verified = await call(home, "POST", `/organization/sso/domains/${DOMAIN}/verify`, {
      headers: { cookie: support, origin: home.url },
      body: { organization_id: demoOrganizations.acme.id },
    });
    if (
      !check(
        "the owner connects Acme and support verifies its domain",
        connected.status === 200 && verified.status === 200,
        `${connected.status}, ${verified.status}`,
      )
    )
      return;

    const sessions: Array<{ instance: Instance; cookie: string }> = [];
    for (const [index, instance] of instances.entries()) {
      const cookie = await signInThroughProvider(instance, `member${index + 1}@${DOMAIN}`);
      if (cookie) sessions.push({ instance, cookie });
    }
    check(
      `a member signs in through the provider on each of the ${instances.length} instances`,
      sessions.length === instances.length,
      `${sessions.length} sessions`,
    );
    const before = await Promise.all(
      sessions.flatMap((session) =>
        instances.map((target) =>
          call(target, "GET", "/two-factor", { headers: { cookie: session.cookie } }),
        ),
      ),
    );
    if (
      !check(
        `each of the ${sessions.length} sessions works on every instance`,
        sessions.length > 0 && before.every((answer) => answer.status === 200),
        histogram(before.map((answer) => answer.status)),
      )
    )
      return;

    const disconnected = await call(home, "DELETE", "/organization/sso", {
      headers: { cookie: owner, origin: home.url },
    });
    const disconnectedAt = performance.now();
    check(`${home.name} disconnects single sign-on`, disconnected.status === 204, `${disconnected.status}`);

    const delays = await Promise.all(
      sessions.flatMap((session) =>
        instances.map(async (target) => ({
          label: `${session.instance.name}'s session on ${target.name}`,
          delay: await firstRefusal(target, session.cookie, disconnectedAt),
        })),
      ),
    );
    for (const entry of delays)
      console.log(`  …  ${entry.label}: refused after ${entry.delay.toFixed(0)} ms`);
    console.log(
      `  …  slowest refusal: ${Math.max(...delays.map((entry) => entry.delay)).toFixed(0)} ms after the answer`,
    );
    check(
      `all ${delays.length} (session, instance) pairs refuse within ${DEADLINE_MS} ms`,
      delays.every((entry) => entry.delay <= DEADLINE_MS),
      delays
        .filter((entry) => entry.delay > DEADLINE_MS)
        .map((entry) => entry.label)
        .join(", "),
    );
    const still = await Promise.all(
      instances.map((target) => call(target, "GET", "/two-factor", { headers: { cookie: owner } })),
    );
    check(
      "the owner's password session still works on every instance",
      still.every((answer) => answer.status === 200),
      histogram(still.map((answer) => answer.status)),
    );
  } finally {
    await provider.stop();
  }
}
