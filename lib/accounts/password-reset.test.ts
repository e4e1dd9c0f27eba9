import { readFileSync } from "node:fs";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-node";
import { api } from "@/tests/api-client";
import { testDatabaseKind, testDatabaseUrl } from "@/tests/test-database";
import { connectPostgres, getDatabase, setDatabase, wrapPglite, type Database } from "@/lib/db/client";
import { openPglite } from "@/lib/db/pglite";
import { setTracer } from "@/lib/observability/tracing";
import { AttemptThrottle, setAttemptThrottle } from "@/lib/auth/attempt-throttle";
import { memoryStore } from "@/lib/counters/stores";
import { RESET_ACCEPTED } from "@/lib/accounts/endpoints";
import { setRequestClock } from "@/lib/api/request-clock";
import { actOnPasswordResetRequests } from "@/lib/accounts/password-reset";
import { demoUsers } from "@/prisma/seed/fixtures";

// Asking for a reset must not tell, by its timing, whether the email has an account: the
// request sends the same SQL statements, in the same order, for a known and an unknown email.
// The statements are read from the spans lib/db/traced.ts makes per statement, on a database
// opened with tracing on (the file's own one was opened without).

const T0 = new Date("2026-11-27T10:00:00.000Z");
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let untraced: Database;
let traced: Database;

beforeAll(async () => {
  untraced = await getDatabase();
  setTracer(provider.getTracer("password-reset.test"));
  traced =
    testDatabaseKind === "postgres"
      ? await connectPostgres(await testDatabaseUrl(), 2)
      : wrapPglite(
          await openPglite("memory://", { loadDataDir: new Blob([readFileSync(inject("testTemplate"))]) }),
        );
  setDatabase(traced);
  setRequestClock(() => T0);
});

afterAll(async () => {
  setRequestClock(undefined);
  setTracer(undefined);
  setDatabase(untraced);
  await traced.close();
  await provider.shutdown();
});

beforeEach(async () => {
  setAttemptThrottle(new AttemptThrottle(memoryStore(), () => T0.getTime()));
  await traced.prisma.emailMessage.deleteMany();
  await traced.prisma.passwordResetRequest.deleteMany();
});

/** The SQL (text only: values are parameters) each statement of one reset request sent. */
async function statementsOfResetRequest(email: string, ip: string): Promise<string[]> {
  exporter.reset();
  const response = await api("POST", "/password-reset", {
    headers: { "x-forwarded-for": ip },
    body: { email },
  });
  expect([response.status, response.body]).toEqual([202, RESET_ACCEPTED]);
  return exporter
    .getFinishedSpans()
    .map((span) => span.attributes["db.query.text"])
    .filter((text): text is string => typeof text === "string");
}

describe("asking for a password reset", () => {
  it("sends the same statements for an email with an account and one without", async () => {
    // Once first, so that nothing done once per process (a cache filled) counts below.
    await statementsOfResetRequest("warm-up@example.com", "192.0.2.1");
    const known = await statementsOfResetRequest(demoUsers.acmeCustomer.email, "192.0.2.2");
    const unknown = await statementsOfResetRequest("nobody@example.com", "192.0.2.3");
    expect(unknown).toEqual(known);
    // Besides the API rate limit's count (kept in the database on PostgreSQL), one statement:
    // the request's own row, and no lookup of the email.
    expect(known.filter((text) => !text.includes('"rate_limit_counter"'))).toEqual([
      expect.stringMatching(/^INSERT INTO "public"."password_reset_request" /),
    ]);
  });

  it("the worker's step mails the known email once, the unknown never, and keeps neither request", async () => {
    await statementsOfResetRequest(demoUsers.acmeCustomer.email, "192.0.2.4");
    await statementsOfResetRequest("nobody@example.com", "192.0.2.5");
    expect(await traced.prisma.emailMessage.count()).toBe(0);
    expect(await actOnPasswordResetRequests({ now: T0 })).toBe(2);
    const queued = await traced.prisma.emailMessage.findMany({ select: { to: true, kind: true } });
    expect(queued).toEqual([{ to: demoUsers.acmeCustomer.email, kind: "password_reset" }]);
    expect(await traced.prisma.passwordResetRequest.count()).toBe(0);
    // Acted on once: a second pass finds nothing to do.
    expect(await actOnPasswordResetRequests({ now: T0 })).toBe(0);
    expect(await traced.prisma.emailMessage.count()).toBe(1);
  });
});
