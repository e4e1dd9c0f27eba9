import { beforeAll, describe, expect, it, vi } from "vitest";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { verifyCredentials } from "@/lib/auth/credentials";
import { SignInThrottle } from "@/lib/auth/sign-in-throttle";
import { memoryStore } from "@/lib/counters/stores";
import { sessionHeaders } from "@/tests/session";
import { DEFAULT_DEMO_PASSWORD, demoUsers } from "@/prisma/seed/fixtures";
import { REDACTED } from "@/lib/audit/record";
import { entriesAfter, latest, tokenRow } from "@/tests/audit-entries";

// Each change through the API records exactly one audit entry per thing changed, in its
// transaction; a refused change records none. Tokens, webhooks and sign-ins here, whose
// secrets and passwords never reach the log; orders, holds and configurations in
// wiring-numbers.test.ts.

vi.hoisted(() => {
  process.env.WEBHOOKS_ALLOW_HTTP = "1";
});

let acmeToken: { id: string; name: string };

beforeAll(async () => {
  acmeToken = await tokenRow("acmeAll");
});

const byAcmeToken = () => ({ actorType: "token", actorId: acmeToken.id, actorName: acmeToken.name });

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
