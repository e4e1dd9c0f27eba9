// Nothing a client sends may crash the service or leak another organization's data.
// fast-check generates requests for every route of the registry (plus stray paths and wrong
// methods) and sends them in-process through tests/api-client.ts's `send`, which checks each
// answer against the OpenAPI document. Every answer must be below 500, carry X-Request-Id,
// use the status its error code maps to, and name nothing of an organization the caller is not.
// FUZZ_RUNS (default 5,200) sets the total; FUZZ_SEED replays a run.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { encode } from "next-auth/jwt";
import { send } from "@/tests/api-client";
import { endpoints, type EndpointKey } from "@/lib/api/registry";
import { errorStatus, type ErrorCode } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { demoUsers } from "@/prisma/seed/fixtures";
import { identifiersOf, leakedIdentifiers } from "@/tests/authz/identifiers";
import { violatedInvariants } from "@/tests/cluster/invariants";
import { routeRequests, strayRequests, type FuzzRequest, type FuzzSamples } from "@/tests/fuzz/arbitraries";

// The rate limit is not under test here: with it, most of the 5,000 requests would be 429s
// that never reach the parsers. Read lazily by lib/env, so setting it here is in time; put
// back afterwards for any file that runs later in this worker.
const savedEnv = {
  RATE_LIMIT_DEFAULT_PER_MINUTE: process.env.RATE_LIMIT_DEFAULT_PER_MINUTE,
  RATE_LIMIT_ORDERS_PER_MINUTE: process.env.RATE_LIMIT_ORDERS_PER_MINUTE,
};
process.env.RATE_LIMIT_DEFAULT_PER_MINUTE = "100000000";
process.env.RATE_LIMIT_ORDERS_PER_MINUTE = "100000000";

const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 5_200);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const routeKeys = Object.keys(endpoints) as EndpointKey[];
const STRAY_RUNS = Math.ceil(TOTAL_RUNS * 0.1);
const RUNS_PER_ROUTE = Math.ceil((TOTAL_RUNS - STRAY_RUNS) / routeKeys.length);

let samples: FuzzSamples;
const identifiers: Record<"acme" | "globex", string[]> = { acme: [], globex: [] };
const stats = {
  sent: 0,
  refusedByFetch: 0,
  answeredByNextRouter: 0,
  perRoute: new Map<string, number>(),
  statuses: new Map<number, number>(),
};

async function sessionValue(user: keyof typeof demoUsers): Promise<string> {
  const { id, email, name, role, organizationId } = demoUsers[user];
  return encode({ token: { sub: id, email, name, role, organizationId }, secret: getSessionSecret() });
}

/** An endpoint of Acme's with one finished delivery of one event, for the routes of docs/CONTRACT.md §14. */
async function webhookSamples() {
  const prisma = await getPrisma();
  await prisma.webhook.create({
    data: {
      id: "wh_fuzz_acme",
      organizationId: "org_acme",
      url: "https://93.184.216.34/fuzz",
      events: ["reservation.expired"],
      secret: "whsec_ZnV6eg==",
    },
  });
  await prisma.event.create({
    data: {
      id: "evt_fuzz_acme",
      organizationId: "org_acme",
      type: "reservation.expired",
      data: { number_e164: "+442079460000", held_until: "2026-01-01T00:00:00.000Z" },
    },
  });
  await prisma.webhookDelivery.create({
    data: { id: "dlv_fuzz_acme", webhookId: "wh_fuzz_acme", eventId: "evt_fuzz_acme", status: "failed" },
  });
  return { webhookIds: ["wh_fuzz_acme"], deliveryIds: ["dlv_fuzz_acme"], eventIds: ["evt_fuzz_acme"] };
}

/**
 * One of each record of the member, compliance and job routes (docs/CONTRACT.md §2, §3, §15–§17) for
 * Acme and for Globex, so that requests name real ones of the caller's and of a stranger's.
 * The members are made for the fuzz: removing or demoting them leaves the seeded users alone.
 * The document has no file (GET …/file is then a 404, as for a deleted one).
 */
async function ownedSamples() {
  const prisma = await getPrisma();
  const created: Record<"acme" | "globex", string[]> = { acme: [], globex: [] };
  for (const org of ["acme", "globex"] as const) {
    const organizationId = `org_${org}`;
    const ids = {
      member: `usr_fuzz_${org}_member`,
      invitation: `inv_fuzz_${org}`,
      endUser: `eu_fuzz_${org}`,
      address: `adr_fuzz_${org}`,
      document: `doc_fuzz_${org}`,
      bundle: `bun_fuzz_${org}`,
      job: `job_fuzz_${org}`,
    };
    await prisma.user.create({
      data: {
        id: ids.member,
        organizationId,
        email: `fuzz-member@${org}.example`,
        name: `Fuzz member of ${org}`,
        role: "developer",
        passwordHash: "not-a-hash",
      },
    });
    await prisma.memberInvitation.create({
      data: {
        id: ids.invitation,
        organizationId,
        email: `fuzz-invitee@${org}.example`,
        role: "viewer",
        tokenHash: `fuzz-token-hash-${org}`,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 7 * 86_400_000),
      },
    });
    await prisma.endUser.create({
      data: {
        id: ids.endUser,
        organizationId,
        type: "business",
        name: `Fuzz end user ${org}`,
        businessName: "Fuzz Ltd",
      },
    });
    await prisma.complianceAddress.create({
      data: {
        id: ids.address,
        organizationId,
        street: "1 Fuzz Street",
        city: "London",
        postalCode: "EC1A 1BB",
        countryId: "GB",
      },
    });
    await prisma.complianceDocument.create({
      data: {
        id: ids.document,
        organizationId,
        documentTypeId: "proof_of_address",
        endUserId: ids.endUser,
        addressId: ids.address,
        contentType: "application/pdf",
        size: 0,
        sha256: "0".repeat(64),
      },
    });
    await prisma.complianceBundle.create({
      data: {
        id: ids.bundle,
        organizationId,
        countryId: "GB",
        numberTypeId: "local",
        endUserId: ids.endUser,
      },
    });
    await prisma.job.create({
      data: {
        id: ids.job,
        organizationId,
        type: "lock",
        status: "completed",
        actorKind: "session",
        actorScopes: [],
        completedAt: new Date(),
      },
    });
    created[org] = [...Object.values(ids), `fuzz-member@${org}.example`, `fuzz-invitee@${org}.example`];
  }
  const both = (key: (org: "acme" | "globex") => string) => [key("acme"), key("globex")];
  return {
    created,
    samples: {
      memberIds: both((org) => `usr_fuzz_${org}_member`),
      invitationIds: both((org) => `inv_fuzz_${org}`),
      endUserIds: both((org) => `eu_fuzz_${org}`),
      addressIds: both((org) => `adr_fuzz_${org}`),
      documentIds: both((org) => `doc_fuzz_${org}`),
      bundleIds: both((org) => `bun_fuzz_${org}`),
      jobIds: both((org) => `job_fuzz_${org}`),
    },
  };
}

beforeAll(async () => {
  const prisma = await getPrisma();
  const [available, configurations, orders, tokens] = await Promise.all([
    prisma.inventoryNumber.findMany({
      where: { status: "available", countryId: { in: ["GB", "US"] } },
      select: { numberE164: true },
      take: 40,
      orderBy: { id: "asc" },
    }),
    prisma.numberConfiguration.findMany({ select: { id: true, number: true, kind: true } }),
    prisma.order.findMany({ select: { referenceId: true } }),
    prisma.apiToken.findMany({ select: { id: true } }),
  ]);
  const owned = await ownedSamples();
  samples = {
    availableNumbers: available.map((number) => number.numberE164),
    soldNumbers: configurations
      .filter((configuration) => configuration.kind === "number")
      .map((configuration) => configuration.number),
    orderReferenceIds: orders.map((order) => order.referenceId),
    numberIds: configurations.map((configuration) => configuration.id),
    tokenIds: tokens.map((token) => token.id),
    ...(await webhookSamples()),
    ...owned.samples,
    sessions: {
      acmeCustomer: await sessionValue("acmeCustomer"),
      globexCustomer: await sessionValue("globexCustomer"),
      support: await sessionValue("support"),
    },
    sessionCookieName: sessionCookieName(false),
  };
  // The new records' ids too (tests/authz/identifiers.ts reads the older tables only).
  identifiers.acme = [...new Set([...(await identifiersOf("org_acme")), ...owned.created.acme])];
  identifiers.globex = [...new Set([...(await identifiersOf("org_globex")), ...owned.created.globex])];
});

afterAll(() => {
  for (const [name, value] of Object.entries(savedEnv)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  const statuses = [...stats.statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(" ");
  console.log(
    `fuzz: ${stats.sent} requests (${stats.answeredByNextRouter} stopped by Next's router, ${stats.refusedByFetch} refused by fetch) — ${statuses}`,
  );
});

async function check(label: string, fuzz: FuzzRequest): Promise<void> {
  const url = new URL(`/api/v2${fuzz.path.startsWith("/") ? "" : "/"}${fuzz.path}`, "http://localhost:3000");
  // "/api/v2/../x" leaves the API: Next answers it without any route of ours.
  if (!url.pathname.startsWith("/api/v2/")) return;
  let request: Request;
  try {
    const headers = new Headers();
    for (const [name, value] of fuzz.headers) headers.append(name, value);
    request = new Request(url, { method: fuzz.method, headers, body: fuzz.body });
  } catch {
    // A request fetch cannot build cannot reach a server either (Node's HTTP parser refuses it).
    stats.refusedByFetch++;
    return;
  }
  stats.sent++;
  stats.perRoute.set(label, (stats.perRoute.get(label) ?? 0) + 1);
  const response = await send<{ error?: { code: ErrorCode } } | null>(request);
  stats.statuses.set(response.status, (stats.statuses.get(response.status) ?? 0) + 1);
  const what = `${fuzz.method} ${url.pathname}${url.search} → ${response.status} ${JSON.stringify(response.body)?.slice(0, 300)}`;

  expect(response.status, what).toBeLessThan(500);
  if (response.routedByNext) {
    stats.answeredByNextRouter++;
    return;
  }
  expect(response.headers.get("x-request-id"), what).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  if (response.status >= 400) {
    const code = response.body?.error?.code;
    expect(code && errorStatus[code], what).toBe(response.status);
    expect(response.headers.get("content-type"), what).toBe("application/json; charset=utf-8");
  }
  const stranger =
    fuzz.principal === "acme-customer" ? "globex" : fuzz.principal === "globex-customer" ? "acme" : null;
  // The OpenAPI document is public by design; its path examples are demo data (`npm run
  // test:contract` uses them).
  // A trailing slash names the same document (the server answers both alike).
  const publicDocument = /^\/api\/v2\/openapi\.json\/?$/.test(url.pathname);
  if ((stranger !== null || fuzz.principal === "none") && !publicDocument) {
    // What the request named, decoded as the server reads it: an error may echo any of it.
    // (An unencoded "+" arrives as a space, which the number parameters read as "+" again.)
    const decoded = [...url.searchParams].flat().join(" ");
    const query = `${decoded} ${decoded.replaceAll(" ", "+")}`;
    const sent = `${decodeURIComponentSafely(url.pathname)} ${query} ${typeof fuzz.body === "string" ? fuzz.body : ""} ${fuzz.headers.map(([, value]) => value).join(" ")}`;
    const strangers =
      stranger === null ? [...identifiers.acme, ...identifiers.globex] : identifiers[stranger];
    expect(
      leakedIdentifiers(strangers, JSON.stringify(response.body), sent),
      `${what} names data the caller may not see`,
    ).toEqual([]);
  }
}

function decodeURIComponentSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const parameters = (runs: number) => ({
  numRuns: runs,
  seed: SEED,
  endOnFailure: process.env.FUZZ_SHRINK !== "1",
});

describe("fuzzing every route of the registry", () => {
  it.each(routeKeys)(
    "%s",
    async (key) => {
      await fc.assert(
        fc.asyncProperty(routeRequests(key, samples), (fuzz) => check(key, fuzz)),
        parameters(RUNS_PER_ROUTE),
      );
    },
    // Generous: on PostgreSQL, POST /extensions' generated bodies (up to 50 rules of 20
    // activations, each row its own INSERT) took more than 400 s for one route's runs.
    900_000,
  );

  it("stray paths and methods", async () => {
    await fc.assert(
      fc.asyncProperty(strayRequests(samples), (fuzz) => check("stray", fuzz)),
      parameters(STRAY_RUNS),
    );
  }, 180_000);

  it("sent the requests it promised, to every route", () => {
    expect(stats.sent).toBeGreaterThanOrEqual(TOTAL_RUNS * 0.97);
    for (const key of routeKeys)
      expect(stats.perRoute.get(key) ?? 0, key).toBeGreaterThanOrEqual(RUNS_PER_ROUTE * 0.9);
  });

  it("left the orders and billing consistent", async () => {
    const prisma = await getPrisma();
    expect(await violatedInvariants((sql) => prisma.$queryRawUnsafe(sql))).toEqual([]);
  });
});
