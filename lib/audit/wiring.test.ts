import { beforeAll, describe, expect, it, vi } from "vitest";
import { encode } from "next-auth/jwt";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { getSessionSecret } from "@/lib/auth/secret";
import { sessionCookieName } from "@/lib/auth/session-cookie";
import { verifyCredentials } from "@/lib/auth/credentials";
import { SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { memoryStore } from "@/lib/counters/stores";
import { hashTokenSecret } from "@/lib/auth/tokens";
import { testTokens } from "@/tests/fixtures";
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";
import { REDACTED } from "@/lib/audit/record";

// Each change through the API records exactly one audit entry per thing changed, in its
// transaction; a refused change records none.

vi.hoisted(() => {
  process.env.WEBHOOKS_ALLOW_HTTP = "1";
});

type Entry = {
  organizationId: string | null;
  actorType: string;
  actorId: string | null;
  actorName: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  changes: unknown;
};

let acmeToken: { id: string; name: string };
let supportToken: { id: string; name: string };
const support = demoUsers.support;

beforeAll(async () => {
  const prisma = await getPrisma();
  const select = { id: true, name: true } as const;
  acmeToken = await prisma.apiToken.findUniqueOrThrow({
    where: { tokenHash: hashTokenSecret(testTokens.acmeAll.secret) },
    select,
  });
  supportToken = await prisma.apiToken.findUniqueOrThrow({
    where: { tokenHash: hashTokenSecret(testTokens.support.secret) },
    select,
  });
});

/**
 * Every entry recorded since `since` (exclusive), oldest first, without id, time and address.
 * Entries of one transaction share its time: those go by resource id.
 */
async function entriesAfter(since: Date): Promise<Entry[]> {
  const prisma = await getPrisma();
  const rows = await prisma.auditEvent.findMany({
    where: { at: { gt: since } },
    orderBy: [{ at: "asc" }, { resourceId: "asc" }],
  });
  return rows.map(({ id: _id, at: _at, ip: _ip, ...entry }) => entry);
}

async function latest(): Promise<Date> {
  const prisma = await getPrisma();
  const row = await prisma.auditEvent.findFirst({ orderBy: { at: "desc" }, select: { at: true } });
  // Entries written in this millisecond still count as after it.
  return new Date((row?.at ?? new Date(0)).getTime());
}

const byAcmeToken = () => ({ actorType: "token", actorId: acmeToken.id, actorName: acmeToken.name });

async function sessionHeaders(user: keyof typeof demoUsers): Promise<Record<string, string>> {
  const { id, email, name, role, organizationId } = demoUsers[user];
  const value = await encode({
    token: { sub: id, email, name, role, organizationId },
    secret: getSessionSecret(),
  });
  return { cookie: `${sessionCookieName(false)}=${value}`, origin: "http://localhost:3000" };
}

async function freeNumbers(count: number): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.inventoryNumber.findMany({
    where: { status: "available", hold: null, countryId: "GB" },
    take: count,
    orderBy: { id: "asc" },
    select: { numberE164: true },
  });
  return rows.map((row) => row.numberE164).sort();
}

describe("orders and holds", () => {
  it("records order.placed once with the numbers bought, and nothing for a refused order", async () => {
    const [number] = await freeNumbers(1);
    const since = await latest();
    const placed = await api<{ data: { reference_id: string } }>("POST", "/order", {
      token: "acmeAll",
      body: { contact_name: "Audit", items: [{ number_e164: number }] },
    });
    expect(placed.status).toBe(200);
    const refused = await api("POST", "/order", {
      token: "acmeAll",
      body: { contact_name: "Audit", items: [{ number_e164: number }] },
    });
    expect(refused.status).toBe(409);
    expect(await entriesAfter(since)).toEqual([
      {
        organizationId: "org_acme",
        ...byAcmeToken(),
        action: "order.placed",
        resourceType: "order",
        resourceId: placed.body.data.reference_id,
        changes: [
          { field: "numbers", from: null, to: [number] },
          { field: "backordered_quantity", from: null, to: 0 },
        ],
      },
    ]);
  });

  it("records reservation.placed per number held and reservation.released", async () => {
    const numbers = await freeNumbers(2);
    const since = await latest();
    const held = await api<{ data: { held: Array<{ number_e164: string; held_until: string }> } }>(
      "POST",
      "/reservations",
      { token: "acmeAll", body: { numbers } },
    );
    expect(held.status).toBe(200);
    const released = await api("DELETE", `/reservations/${encodeURIComponent(numbers[0])}`, {
      token: "acmeAll",
    });
    expect(released.status).toBe(200);
    const again = await api("DELETE", `/reservations/${encodeURIComponent(numbers[0])}`, {
      token: "acmeAll",
    });
    expect(again.status).toBe(404);
    const until = new Map(held.body.data.held.map((entry) => [entry.number_e164, entry.held_until]));
    const hold = (number: string) => ({
      organizationId: "org_acme",
      ...byAcmeToken(),
      action: "reservation.placed",
      resourceType: "reservation",
      resourceId: number,
      changes: [{ field: "held_until", from: null, to: until.get(number) }],
    });
    expect(await entriesAfter(since)).toEqual([
      hold(numbers[0]),
      hold(numbers[1]),
      {
        ...hold(numbers[0]),
        action: "reservation.released",
        changes: [{ field: "held_until", from: until.get(numbers[0]), to: null }],
      },
    ]);
  });
});

describe("configurations", () => {
  it("records an extension's creation, change and deletion beside its history, with the fields changed", async () => {
    const since = await latest();
    const rules = [{ name: "Desk", priority: 1, action: { type: "dial", destination: "+442079460000" } }];
    const created = await api<{ data: { number_id: string; rules: unknown[] } }>("POST", "/extensions", {
      token: "acmeAll",
      body: { extension: "577", name: "Audit", rules },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.number_id;
    const changed = await api("PUT", "/extension/577", {
      token: "acmeAll",
      body: { name: "Audit 2", rules: created.body.data.rules },
      headers: { "if-match": created.headers.get("etag") as string },
    });
    expect(changed.status).toBe(200);
    const stale = await api("DELETE", "/extension/577", {
      token: "acmeAll",
      headers: { "if-match": created.headers.get("etag") as string },
    });
    expect(stale.status).toBe(412);
    const deleted = await api("DELETE", "/extension/577", {
      token: "acmeAll",
      headers: { "if-match": changed.headers.get("etag") as string },
    });
    expect(deleted.status).toBe(200);
    const base = { organizationId: "org_acme", ...byAcmeToken(), resourceType: "extension", resourceId: id };
    expect(await entriesAfter(since)).toEqual([
      {
        ...base,
        action: "extension.created",
        changes: [
          { field: "number", from: null, to: "577" },
          { field: "name", from: null, to: "Audit" },
          { field: "rules", from: null, to: created.body.data.rules },
        ],
      },
      { ...base, action: "extension.updated", changes: [{ field: "name", from: "Audit", to: "Audit 2" }] },
      {
        ...base,
        action: "extension.deleted",
        changes: [
          { field: "number", from: "577", to: null },
          { field: "name", from: "Audit 2", to: null },
          { field: "rules", from: created.body.data.rules, to: null },
        ],
      },
    ]);
  });

  it("records support's change of another organization's number in that organization's log, as support", async () => {
    const prisma = await getPrisma();
    const number = await prisma.numberConfiguration.findFirstOrThrow({
      where: { organizationId: "org_globex", kind: "number" },
      orderBy: { id: "asc" },
    });
    const read = await api<{ data: { name: string; rules: unknown[] } }>("GET", `/numbers/${number.id}`, {
      token: "support",
    });
    expect(read.status).toBe(200);
    const since = await latest();
    const changed = await api("PUT", `/numbers/${number.id}`, {
      token: "support",
      body: { name: "Renamed by support", rules: read.body.data.rules },
      headers: { "if-match": read.headers.get("etag") as string },
    });
    expect(changed.status).toBe(200);
    expect(await entriesAfter(since)).toEqual([
      {
        organizationId: "org_globex",
        actorType: "support",
        actorId: support.id,
        actorName: support.name,
        action: "number.configuration_changed",
        resourceType: "number",
        resourceId: number.id,
        changes: [{ field: "name", from: read.body.data.name, to: "Renamed by support" }],
      },
    ]);
    expect(supportToken.id).toMatch(/^tok_/);
  });
});

describe("tokens and webhooks", () => {
  it("records token.created without its secret, and token.revoked once", async () => {
    const headers = await sessionHeaders("acmeCustomer");
    const since = await latest();
    const created = await api<{ data: { id: string; secret: string } }>("POST", "/tokens", {
      headers,
      body: { name: "audit ci", scopes: ["reference:read"] },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect((await api("DELETE", `/tokens/${id}`, { headers })).status).toBe(200);
    expect((await api("DELETE", `/tokens/${id}`, { headers })).status).toBe(200);
    const person = {
      organizationId: "org_acme",
      actorType: "user",
      actorId: demoUsers.acmeCustomer.id,
      actorName: demoUsers.acmeCustomer.name,
      resourceType: "token",
      resourceId: id,
    };
    const entries = await entriesAfter(since);
    expect(entries).toEqual([
      {
        ...person,
        action: "token.created",
        changes: [
          { field: "name", from: null, to: "audit ci" },
          { field: "scopes", from: null, to: ["reference:read"] },
          { field: "expires_at", from: null, to: null },
        ],
      },
      {
        ...person,
        action: "token.revoked",
        changes: [{ field: "revoked_at", from: null, to: expect.any(String) }],
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(created.body.data.secret);
  });

  it("records webhook.created (never the secret), webhook.tested and webhook.deleted", async () => {
    const since = await latest();
    const created = await api<{ data: { webhook_id: string; secret: string } }>("POST", "/webhooks", {
      token: "acmeAll",
      body: { url: "http://127.0.0.1:9/hook", events: ["order.created"] },
    });
    expect(created.status).toBe(201);
    const id = created.body.data.webhook_id;
    expect((await api("POST", `/webhooks/${id}/test`, { token: "acmeAll" })).status).toBe(202);
    expect((await api("DELETE", `/webhooks/${id}`, { token: "acmeAll" })).status).toBe(204);
    expect((await api("DELETE", `/webhooks/${id}`, { token: "acmeAll" })).status).toBe(404);
    const base = { organizationId: "org_acme", ...byAcmeToken(), resourceType: "webhook", resourceId: id };
    const entries = await entriesAfter(since);
    expect(entries).toEqual([
      {
        ...base,
        action: "webhook.created",
        changes: [
          { field: "url", from: null, to: "http://127.0.0.1:9/hook" },
          { field: "events", from: null, to: ["order.created"] },
          { field: "description", from: null, to: null },
        ],
      },
      { ...base, action: "webhook.tested", changes: [] },
      {
        ...base,
        action: "webhook.deleted",
        changes: [
          { field: "url", from: "http://127.0.0.1:9/hook", to: null },
          { field: "events", from: ["order.created"], to: null },
          { field: "description", from: null, to: null },
        ],
      },
    ]);
    expect(JSON.stringify(entries)).not.toContain(created.body.data.secret);
    expect(REDACTED).toBe("[redacted]");
  });
});

describe("portal sign-ins", () => {
  const throttle = () => new SignInThrottle(memoryStore());

  it("records a success and a failure in the user's organization, and an unknown email under none; never the password", async () => {
    const user = demoUsers.acmeCustomer;
    const since = await latest();
    await verifyCredentials(
      { email: user.email, password: DEFAULT_DEMO_PASSWORD },
      "203.0.113.5",
      throttle(),
    );
    await expect(
      verifyCredentials({ email: user.email, password: "wrong password 1" }, "203.0.113.5", throttle()),
    ).rejects.toThrow();
    await expect(
      verifyCredentials({ email: "nobody@nowhere.example", password: "wrong password 2" }, null, throttle()),
    ).rejects.toThrow();
    const person = {
      actorType: "user",
      actorId: user.id,
      actorName: user.name,
      resourceType: "user",
      resourceId: user.id,
    };
    const entries = await entriesAfter(since);
    expect(entries).toEqual([
      { organizationId: "org_acme", ...person, action: "sign_in.succeeded", changes: [] },
      { organizationId: "org_acme", ...person, action: "sign_in.failed", changes: [] },
      {
        organizationId: null,
        actorType: "user",
        actorId: null,
        actorName: "nobody@nowhere.example",
        action: "sign_in.failed",
        resourceType: "user",
        resourceId: null,
        changes: [],
      },
    ]);
    const prisma = await getPrisma();
    const addresses = await prisma.auditEvent.findMany({
      where: { at: { gt: since } },
      orderBy: { at: "asc" },
      select: { ip: true },
    });
    expect(addresses.map((row) => row.ip)).toEqual(["203.0.113.5", "203.0.113.5", null]);
    expect(JSON.stringify(entries)).not.toMatch(/wrong password|demo-password/);
  });
});
