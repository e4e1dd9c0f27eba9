// Across instances: a token revoked on one instance is refused by the others within a second
// (their token caches hear of it through PostgreSQL's LISTEN/NOTIFY, lib/auth/token-cache.ts),
// and three instances share one rate-limit budget without overshooting it.
import { connectPostgres } from "@/lib/db/client";
import { createApiToken } from "@/lib/auth/tokens";
import { leaseFor } from "@/lib/api/rate-limit";
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";
import { freePorts, Instance } from "@/scripts/cluster/servers";
import { call } from "@/tests/cluster/http";
import { check, histogram, section } from "@/tests/cluster/report";
import { signIn } from "@/tests/cluster/security";

type Target = { name: string; url: string };

const REVOCATION_DEADLINE_MS = 1_000;
// 300 a minute: each instance claims counts 3 at a time once a caller is busy (leaseFor), so the
// budget may be refused up to (3 − 1) × (3 − 1) = 4 requests early, and is never overshot.
const LIMIT = 300;
const EARLY = 2 * (leaseFor(LIMIT) - 1);

/** Runs both; `fromPort` on, free ports for three instances with a low rate limit. */
export async function crossInstanceChecks(options: {
  instances: Instance[];
  databaseUrl: string;
  env: Record<string, string>;
  fromPort: number;
}): Promise<void> {
  section("revocation: a token revoked on one instance, refused by the other two within 1 s");
  await revocationChecks(options.instances);
  section(`rate limit: ${LIMIT} a minute for one token, shared by three instances`);
  await sharedBudgetChecks(options);
}

export async function revocationChecks(instances: Instance[]): Promise<void> {
  const [home, ...others] = instances;
  const session = await signIn(home, demoUsers.acmeCustomer.email, DEFAULT_DEMO_PASSWORD);
  const cookie = session.setCookies.map((entry) => entry.split(";")[0]).join("; ");
  // A session's writes must come from the portal's own origin (docs/CONTRACT.md §10).
  const asPortal = { cookie, origin: home.url };
  const created = await call<{ data: { id: string; secret: string } }>(home, "POST", "/tokens", {
    headers: asPortal,
    body: { name: "cluster revocation", scopes: ["reference:read"] },
  });
  if (!check("a session makes a token on the first instance", created.status === 200, `${created.status}`))
    return;
  const { id, secret } = created.body.data;
  // Twice each, so that every instance has the token in its cache before the revocation.
  const warm = await Promise.all(
    [...instances, ...instances].map((target) => call(target, "GET", "/countries", { token: secret })),
  );
  check(
    "every instance accepts it",
    warm.every((answer) => answer.status === 200),
    histogram(warm.map((answer) => answer.status)),
  );

  const revoked = await call(home, "DELETE", `/tokens/${id}`, { headers: asPortal });
  const revokedAt = performance.now();
  check(`${home.name} revokes it`, revoked.status === 200, `${revoked.status}`);
  const own = await call(home, "GET", "/countries", { token: secret });
  check(`${home.name} refuses it at once`, own.status === 401, `${own.status}`);
  const delays = await Promise.all(others.map((target) => firstRefusal(target, secret, revokedAt)));
  console.log(
    `  …  refused after: ${others.map((target, index) => `${target.name} ${delays[index].toFixed(0)} ms`).join(", ")}`,
  );
  check(
    `the other instances refuse it within ${REVOCATION_DEADLINE_MS} ms of the revocation's answer`,
    delays.every((delay) => delay <= REVOCATION_DEADLINE_MS),
    delays.map((delay) => `${delay.toFixed(0)} ms`).join(", "),
  );
}

/** Milliseconds from `since` to the first 401 for the token, asking back to back; Infinity past 3 s. */
async function firstRefusal(target: Target, secret: string, since: number): Promise<number> {
  while (performance.now() - since < 3 * REVOCATION_DEADLINE_MS) {
    const answer = await call(target, "GET", "/countries", { token: secret });
    if (answer.status === 401) return performance.now() - since;
  }
  return Infinity;
}

/**
 * 3 × LIMIT requests at once, round robin over three fresh instances, with one token: the
 * counter is one upsert per request in PostgreSQL, so exactly LIMIT pass whatever instance
 * each lands on (the overshoot the design allows is none).
 */
async function sharedBudgetChecks(options: {
  databaseUrl: string;
  env: Record<string, string>;
  fromPort: number;
}): Promise<void> {
  const db = await connectPostgres(options.databaseUrl, 1);
  const { secret } = await createApiToken(db.prisma, {
    organizationId: "org_globex",
    userId: "usr_globex_customer",
    name: "cluster shared budget",
    scopes: ["reference:read"],
  });
  await db.close();
  const ports = await freePorts(3, options.fromPort);
  const env = { ...options.env, RATE_LIMIT_DEFAULT_PER_MINUTE: String(LIMIT) };
  const limited = ports.map((port, index) => new Instance(`limited${index + 1}`, port, env));
  try {
    await Promise.all(limited.map((instance) => instance.start()));
    // The budget is a calendar minute: start early in one, so that all the requests count in it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    const answers = await Promise.all(
      Array.from({ length: 3 * LIMIT }, (_, index) =>
        call<{ error?: { code: string } }>(limited[index % 3], "GET", "/countries", { token: secret }),
      ),
    );
    const passed = answers.filter((answer) => answer.status === 200).length;
    const limitedAnswers = answers.filter(
      (answer) => answer.status === 429 && answer.body.error?.code === "rate_limited",
    );
    check(
      `${LIMIT - EARLY} to ${LIMIT} of ${3 * LIMIT} pass (never more than the budget), the rest are 429 rate_limited`,
      passed <= LIMIT && passed >= LIMIT - EARLY && limitedAnswers.length === 3 * LIMIT - passed,
      `${histogram(answers.map((answer) => answer.status))}; ${passed} passed`,
    );
    console.log(
      `  …  passed by instance: ${histogram(answers.filter((answer) => answer.status === 200).map((answer) => answer.instance))}`,
    );
  } finally {
    await Promise.all(limited.map((instance) => instance.stop()));
  }
}
