// Across instances: a person signed in on all three instances signs out everywhere on one;
// every instance refuses every one of those sessions within a second (docs/CONTRACT.md §15). Sessions
// are cookies, and the person's row (app_user.sessions_valid_after) is read on each request
// with no cache in between (lib/auth/end-sessions.ts), so the refusal is immediate.
// Then one session's plain "Sign out" on one instance: a copy of its cookie taken before is
// refused by the others within a second (its sid is in ended_session), while the person's
// other session goes on.
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";
import type { Instance } from "@/scripts/cluster/servers";
import { call } from "@/tests/cluster/http";
import { check, histogram, section } from "@/tests/cluster/report";
import { signIn } from "@/tests/cluster/security";

const DEADLINE_MS = 1_000;

export async function sessionsEndChecks(instances: Instance[]): Promise<void> {
  section(
    "sessions end: signed in on three instances, signed out everywhere on one, refused by all within 1 s",
  );
  // Not a person the other sections sign in as: their throttling must not meet this one.
  const person = demoUsers.globexCustomer;
  const sessions = [];
  for (const instance of instances) {
    const result = await signIn(instance, person.email, DEFAULT_DEMO_PASSWORD);
    const cookie = result.setCookies.map((entry) => entry.split(";")[0]).join("; ");
    sessions.push({ instance, cookie });
  }
  const before = await Promise.all(
    sessions.flatMap((session) =>
      instances.map((target) => call(target, "GET", "/two-factor", { headers: { cookie: session.cookie } })),
    ),
  );
  if (
    !check(
      `each of the ${sessions.length} sessions works on every instance`,
      before.every((answer) => answer.status === 200),
      histogram(before.map((answer) => answer.status)),
    )
  )
    return;

  const [home] = sessions;
  const ended = await call(home.instance, "POST", "/sessions/end-all", {
    headers: { cookie: home.cookie, origin: home.instance.url },
  });
  const endedAt = performance.now();
  check(`${home.instance.name} signs out everywhere`, ended.status === 204, `${ended.status}`);

  const delays = await Promise.all(
    sessions.flatMap((session) =>
      instances.map(async (target) => ({
        label: `${session.instance.name}'s session on ${target.name}`,
        delay: await firstRefusal(target, session.cookie, endedAt),
      })),
    ),
  );
  const slowest = Math.max(...delays.map((entry) => entry.delay));
  console.log(`  …  slowest refusal: ${slowest.toFixed(0)} ms after the answer`);
  check(
    `all ${delays.length} (session, instance) pairs refuse within ${DEADLINE_MS} ms`,
    delays.every((entry) => entry.delay <= DEADLINE_MS),
    delays
      .filter((entry) => entry.delay > DEADLINE_MS)
      .map((entry) => entry.label)
      .join(", "),
  );

  const again = await signIn(instances[1], person.email, DEFAULT_DEMO_PASSWORD);
  const cookie = again.setCookies.map((entry) => entry.split(";")[0]).join("; ");
  const after = await Promise.all(
    instances.map((target) => call(target, "GET", "/two-factor", { headers: { cookie } })),
  );
  check(
    "signing in again afterwards works on every instance",
    after.every((answer) => answer.status === 200),
    histogram(after.map((answer) => answer.status)),
  );
}

/** Milliseconds from `since` to the first 401 for the session, asking back to back; Infinity past 3 s. */
async function firstRefusal(target: Instance, cookie: string, since: number): Promise<number> {
  while (performance.now() - since < 3 * DEADLINE_MS) {
    const answer = await call(target, "GET", "/two-factor", { headers: { cookie } });
    if (answer.status === 401) return performance.now() - since;
  }
  return Infinity;
}

const cookieOf = (setCookies: string[]) => setCookies.map((entry) => entry.split(";")[0]).join("; ");

/** next-auth's sign-out as the portal's button does it: a CSRF token, then POST /api/auth/signout. */
async function signOut(
  instance: Instance,
  cookie: string,
): Promise<{ status: number; setCookies: string[] }> {
  const csrf = await fetch(`${instance.url}/api/auth/csrf`, { headers: { cookie } });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${instance.url}/api/auth/signout`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      cookie: [cookie, cookieOf(csrf.headers.getSetCookie())].filter(Boolean).join("; "),
    },
    body: new URLSearchParams({ csrfToken, callbackUrl: `${instance.url}/sign-in`, json: "true" }),
    redirect: "manual",
  });
  await response.text();
  return { status: response.status, setCookies: response.headers.getSetCookie() };
}

export async function signOutChecks(instances: Instance[]): Promise<void> {
  const [home, ...others] = instances;
  section(
    `sign out: a cookie copied before signing out on ${home.name} is refused on ${others.map((other) => other.name).join(" and ")} within 1 s`,
  );
  // Not a person another section signs in as, so no throttling or ended session is shared.
  const person = demoUsers.acmeDeveloper;
  const copied = cookieOf((await signIn(home, person.email, DEFAULT_DEMO_PASSWORD)).setCookies);
  const otherBrowser = cookieOf((await signIn(others[0], person.email, DEFAULT_DEMO_PASSWORD)).setCookies);
  const before = await Promise.all(
    [copied, otherBrowser].flatMap((cookie) =>
      instances.map((target) => call(target, "GET", "/two-factor", { headers: { cookie } })),
    ),
  );
  if (
    !check(
      "both sessions work on every instance before",
      before.every((answer) => answer.status === 200),
      histogram(before.map((answer) => answer.status)),
    )
  )
    return;

  const out = await signOut(home, copied);
  const signedOutAt = performance.now();
  const cleared = out.setCookies.some((entry) => /session-token=;/.test(entry));
  check(
    `${home.name} signs the session out and clears its cookie`,
    out.status === 200 && cleared,
    `${out.status}`,
  );

  const delays = await Promise.all(
    instances.map(async (target) => ({ target, delay: await firstRefusal(target, copied, signedOutAt) })),
  );
  console.log(
    `  …  the copied cookie refused after ${delays.map(({ target, delay }) => `${delay.toFixed(0)} ms on ${target.name}`).join(", ")}`,
  );
  check(
    `the copied cookie is refused on every instance within ${DEADLINE_MS} ms`,
    delays.every((entry) => entry.delay <= DEADLINE_MS),
    delays
      .filter((entry) => entry.delay > DEADLINE_MS)
      .map((entry) => entry.target.name)
      .join(", "),
  );
  const still = await Promise.all(
    instances.map((target) => call(target, "GET", "/two-factor", { headers: { cookie: otherBrowser } })),
  );
  check(
    "the person's other session still works on every instance",
    still.every((answer) => answer.status === 200),
    histogram(still.map((answer) => answer.status)),
  );
}
