import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import {
  auditActor,
  isSecretField,
  recordAudit,
  redactChanges,
  REDACTED,
  runWithAuditSource,
  auditSource,
} from "@/lib/audit/record";

describe("isSecretField", () => {
  it.each([
    ["secret", true],
    ["webhook_secret", true],
    ["password", true],
    ["passwordHash", true],
    ["token_hash", true],
    ["totp_secret", true],
    ["recovery_codes", true],
    ["verification_code", true],
    ["reset_token", true],
    ["accessToken", true],
    ["document.contents", true],
    ["token", true],
    ["name", false],
    ["country_code", false],
    ["code", true],
    ["token_id", false],
    ["tokenName", false],
    ["scopes", false],
    ["url", false],
    ["description", false],
    ["expires_at", false],
  ])("%s → %s", (field, secret) => {
    expect(isSecretField(field)).toBe(secret);
  });
});

describe("redactChanges", () => {
  it("keeps that a secret changed but never its value, at any depth", () => {
    expect(
      redactChanges([
        { field: "secret", from: "whsec_old", to: "whsec_new" },
        { field: "url", from: "https://a.example", to: "https://b.example" },
        { field: "user", from: null, to: { name: "Ann", password: "hunter2", nested: [{ code: "123456" }] } },
        { field: "expires_at", from: new Date("2026-01-01T00:00:00Z"), to: undefined },
      ]),
    ).toEqual([
      { field: "secret", from: REDACTED, to: REDACTED },
      { field: "url", from: "https://a.example", to: "https://b.example" },
      { field: "user", from: null, to: { name: "Ann", password: REDACTED, nested: [{ code: REDACTED }] } },
      { field: "expires_at", from: "2026-01-01T00:00:00.000Z", to: null },
    ]);
  });
});

describe("recordAudit", () => {
  it("stores one entry as given, with secrets stripped", async () => {
    const prisma = await getPrisma();
    const at = new Date("2026-11-01T10:00:00.000Z");
    await recordAudit(prisma, {
      actor: { type: "user", id: "usr_x", name: "Ann" },
      ip: "203.0.113.7",
      action: "webhook.secret_rotated",
      organizationId: "org_acme",
      resource: { type: "webhook", id: "wh_1" },
      changes: [{ field: "secret", from: "whsec_a", to: "whsec_b" }],
      at,
    });
    const rows = await prisma.auditEvent.findMany({ where: { resourceId: "wh_1" } });
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^aud_[0-9a-f]{32}$/),
        organizationId: "org_acme",
        at,
        actorType: "user",
        actorId: "usr_x",
        actorName: "Ann",
        ip: "203.0.113.7",
        action: "webhook.secret_rotated",
        resourceType: "webhook",
        resourceId: "wh_1",
        changes: [{ field: "secret", from: REDACTED, to: REDACTED }],
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain("whsec_");
  });

  it("is undone with the transaction it was recorded in", async () => {
    const prisma = await getPrisma();
    await expect(
      prisma.$transaction(async (tx) => {
        await recordAudit(tx, {
          actor: { type: "system", id: null, name: "system" },
          ip: null,
          action: "test.rolled_back",
          organizationId: "org_acme",
          resource: { type: "test", id: "t1" },
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await prisma.auditEvent.count({ where: { action: "test.rolled_back" } })).toBe(0);
  });
});

describe("auditActor and auditSource", () => {
  it("names a person, a token, and support staff as support", async () => {
    const prisma = await getPrisma();
    const user = await prisma.user.findFirstOrThrow({ where: { email: "customer@acme.example" } });
    const support = await prisma.user.findFirstOrThrow({ where: { role: "support" } });
    const token = await prisma.apiToken.findFirstOrThrow({
      where: { organizationId: "org_acme", revokedAt: null },
    });
    const base = { organizationId: "org_acme", scopes: [] as never[] };
    expect(
      await auditActor(prisma, {
        ...base,
        kind: "session",
        id: user.id,
        role: "owner",
        userId: user.id,
        tokenId: null,
      }),
    ).toEqual({ type: "user", id: user.id, name: user.name });
    expect(
      await auditActor(prisma, {
        ...base,
        kind: "token",
        id: token.id,
        role: "owner",
        userId: token.userId,
        tokenId: token.id,
      }),
    ).toEqual({ type: "token", id: token.id, name: token.name });
    expect(
      await auditActor(prisma, {
        ...base,
        kind: "session",
        id: support.id,
        role: "support",
        userId: support.id,
        tokenId: null,
      }),
    ).toEqual({ type: "support", id: support.id, name: support.name });
  });

  it("takes the address of the request being served, as the rate limiter reads it", async () => {
    const prisma = await getPrisma();
    const user = await prisma.user.findFirstOrThrow({ where: { email: "customer@acme.example" } });
    const principal = {
      kind: "session" as const,
      id: user.id,
      role: "owner" as const,
      userId: user.id,
      tokenId: null,
    };
    const request = new Request("http://localhost/", { headers: { "x-forwarded-for": "198.51.100.4" } });
    const source = await runWithAuditSource(request, null, () => auditSource(prisma, principal));
    expect(source).toEqual({ actor: { type: "user", id: user.id, name: user.name }, ip: "198.51.100.4" });
    expect((await auditSource(prisma, principal)).ip).toBeNull();
  });
});
