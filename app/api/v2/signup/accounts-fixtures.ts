// Shared by the accounts*.test.ts files (sign-up, verification and password reset through the
// routes, docs/CONTRACT.md §15) on a clock the test moves. Links are read from the queued email
// rows, as the worker would send them; a reset request becomes its email in the worker's step,
// which `askReset` runs after the request.
import { afterAll, beforeEach } from "vitest";
import { encode } from "next-auth/jwt";
import { api } from "@/tests/api-client";
import { getSessionSecret } from "@/lib/auth/secret";
import { SIGNED_IN_AT_CLAIM, sessionCookieName } from "@/lib/auth/session-cookie";
import { AttemptThrottle, setAttemptThrottle } from "@/lib/auth/attempt-throttle";
import { memoryStore } from "@/lib/counters/stores";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { actOnPasswordResetRequests } from "@/lib/accounts/password-reset";

const ORIGIN = "http://localhost:3000";
export const T0 = new Date("2026-11-27T10:00:00.000Z");
export let clockMs = T0.getTime();
export const advance = (ms: number) => (clockMs += ms);
export const PASSWORD = "violet tangent harbour";

/** Each test of the file starts at T0, with a fresh throttle and no queued email or reset request. */
export function startEachTestAtT0(): void {
  beforeEach(async () => {
    clockMs = T0.getTime();
    setRequestClock(() => new Date(clockMs));
    // A fresh throttle per test, on the same clock: budgets are tested where they are meant to be.
    setAttemptThrottle(new AttemptThrottle(memoryStore(), () => clockMs));
    const prisma = await getPrisma();
    await prisma.emailMessage.deleteMany();
    await prisma.passwordResetRequest.deleteMany();
  });
  afterAll(() => setRequestClock(undefined));
}

export const from = (ip: string) => ({ "x-forwarded-for": ip });
export const bad = (message: string, details: string) => ({
  message: "Bad Request",
  error: { message, details, code: "invalid_parameter" },
});

export async function signUp(email: string, overrides: Record<string, unknown> = {}, ip = "198.51.100.7") {
  return api("POST", "/signup", {
    headers: from(ip),
    body: {
      organization_name: "Example Telecom Ltd",
      name: "Ada Lovelace",
      email,
      password: PASSWORD,
      ...overrides,
    },
  });
}

/** Asks for a reset of `email`, then runs the worker's step that acts on the request. */
export async function askReset(email: string, headers: Record<string, string> = {}) {
  const response = await api("POST", "/password-reset", { headers, body: { email } });
  await actOnPasswordResetRequests({ now: new Date(clockMs) });
  return response;
}

export async function emailsTo(to: string) {
  const prisma = await getPrisma();
  return prisma.emailMessage.findMany({ where: { to }, orderBy: { createdAt: "asc" } });
}

/** The token of the last link of `kind` queued to `to`. */
export async function linkToken(to: string, kind: string): Promise<string> {
  const message = (await emailsTo(to)).filter((email) => email.kind === kind).at(-1);
  const match = /token=([A-Za-z0-9_-]+)/.exec(message?.text ?? "");
  if (!match) throw new Error(`no ${kind} link queued for ${to}`);
  return match[1];
}

export async function userByEmail(email: string) {
  const prisma = await getPrisma();
  return prisma.user.findUniqueOrThrow({ where: { email }, include: { organization: true } });
}

export async function sessionFor(email: string, signedInAt = clockMs): Promise<Record<string, string>> {
  const user = await userByEmail(email);
  const value = await encode({
    token: {
      sub: user.id,
      email,
      name: user.name,
      role: user.role,
      organizationId: user.organizationId,
      [SIGNED_IN_AT_CLAIM]: signedInAt,
    },
    secret: getSessionSecret(),
  });
  return { cookie: `${sessionCookieName(false)}=${value}`, origin: ORIGIN };
}
