import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { sessionHeaders } from "@/tests/session";
import { getPrisma } from "@/lib/db/client";
import { decryptAtRest } from "@/lib/crypto/data-key";
import { clientSecretContext } from "@/lib/sso/connection";
import {
  acme,
  connect,
  disconnectBeforeEachTest,
  err,
  globex,
  put,
  verify,
} from "@/app/api/v2/organization/sso/sso-fixtures";

// The single sign-on connection through the route wrapper: the owner's GET, PUT and DELETE, and
// every refusal with its exact body; support's verification of a domain is in
// sso-domains.test.ts.

disconnectBeforeEachTest();

describe("PUT /organization/sso", () => {
  it("connects: the secret is stored encrypted, never answered, and audited as changed only", async () => {
    const answer = await put(connect);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      organization_id: acme,
      issuer: "https://login.acme.example",
      client_id: "numbers-portal",
      client_secret_set: true,
      domains: [
        { domain: "acme.example", verified: false, verified_at: null },
        { domain: "sales.acme.example", verified: false, verified_at: null },
      ],
      default_role: "developer",
      required: false,
      redirect_uri: "http://localhost:3000/sso/callback",
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(JSON.stringify(answer.body)).not.toContain("s3cret");
    const prisma = await getPrisma();
    const row = await prisma.ssoConnection.findUniqueOrThrow({ where: { organizationId: acme } });
    expect(row.clientSecret).not.toContain("s3cret");
    expect(decryptAtRest(row.clientSecret, clientSecretContext(acme))).toBe("s3cret from the provider");
    expect(() => decryptAtRest(row.clientSecret, clientSecretContext(globex))).toThrow();
    const audit = await prisma.auditEvent.findMany({ where: { action: "sso.connected" } });
    expect(audit).toHaveLength(1);
    expect(audit[0].organizationId).toBe(acme);
    expect(JSON.stringify(audit[0])).not.toContain("s3cret");
    expect(audit[0].changes).toContainEqual({ field: "client_secret", from: "[redacted]", to: "[redacted]" });
    expect(audit[0].changes).toContainEqual({
      field: "domains",
      from: [],
      to: ["acme.example", "sales.acme.example"],
    });

    const read = await api("GET", "/organization/sso", { headers: await sessionHeaders("acmeCustomer") });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(answer.body);
  });

  it("changes it without the secret; kept domains stay verified, removed ones go", async () => {
    expect((await put(connect)).status).toBe(200);
    expect((await verify("acme.example", acme)).status).toBe(200);
    const { client_secret: _secret, ...withoutSecret } = connect;
    const answer = await put({
      ...withoutSecret,
      domains: ["acme.example", "acme-corp.example"],
      required: true,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      domains: [
        { domain: "acme-corp.example", verified: false, verified_at: null },
        { domain: "acme.example", verified: true, verified_at: expect.any(String) },
      ],
      required: true,
    });
    const prisma = await getPrisma();
    const row = await prisma.ssoConnection.findUniqueOrThrow({ where: { organizationId: acme } });
    expect(decryptAtRest(row.clientSecret, clientSecretContext(acme))).toBe("s3cret from the provider");
    const changed = await prisma.auditEvent.findFirstOrThrow({ where: { action: "sso.changed" } });
    expect(changed.changes).toEqual([
      {
        field: "domains",
        from: ["acme.example", "sales.acme.example"],
        to: ["acme-corp.example", "acme.example"],
      },
      { field: "required", from: false, to: true },
    ]);
  });

  it.each([
    {
      name: "a secret missing when connecting",
      body: { ...connect, client_secret: undefined },
      message: "client_secret is required to connect",
      details: "body.client_secret",
    },
    {
      name: "an http issuer elsewhere than this machine",
      body: { ...connect, issuer: "http://login.acme.example" },
      message: "issuer must be an https:// URL (http:// only for a provider on this machine)",
      details: "body.issuer=http://login.acme.example",
    },
    {
      name: "an issuer that is no URL",
      body: { ...connect, issuer: "login.acme.example" },
      message: "issuer must be a URL, such as https://login.example.com",
      details: "body.issuer=login.acme.example",
    },
    {
      name: "an issuer with a query",
      body: { ...connect, issuer: "https://login.acme.example/?tenant=1" },
      message: "issuer must have no query and no fragment",
      details: "body.issuer=https://login.acme.example/?tenant=1",
    },
    {
      name: "a domain that is no domain",
      body: { ...connect, domains: ["acme.example", "not a domain"] },
      message: "domains.1: each domain must be a domain name such as example.com",
      details: "body.domains.1=not a domain",
    },
    {
      name: "no domain",
      body: { ...connect, domains: [] },
      message: "domains must list at least one domain",
      details: "body.domains=[]",
    },
    {
      name: "a repeated domain",
      body: { ...connect, domains: ["acme.example", "ACME.example"] },
      message: "domains must not repeat a domain",
      details: 'body.domains=["acme.example","acme.example"]',
    },
    {
      name: "owner as the default role",
      body: { ...connect, default_role: "owner" },
      message: "default_role must be one of admin, developer, billing, viewer",
      details: "body.default_role=owner",
    },
    {
      name: "a field it does not know",
      body: { ...connect, organization_id: globex },
      message: "unknown body parameter: organization_id",
      details: "body.organization_id",
    },
  ])("refuses $name and changes nothing", async ({ body, message, details }) => {
    const answer = await put(body);
    expect(answer.body).toEqual(err("Bad Request", "invalid_parameter", message, details));
    expect(answer.status).toBe(400);
    const prisma = await getPrisma();
    expect(await prisma.ssoConnection.count()).toBe(0);
    expect(await prisma.auditEvent.count({ where: { action: { startsWith: "sso." } } })).toBe(0);
  });

  it("refuses a new client without its secret", async () => {
    expect((await put(connect)).status).toBe(200);
    const { client_secret: _secret, ...withoutSecret } = connect;
    const answer = await put({ ...withoutSecret, client_id: "another-client" });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      err(
        "Bad Request",
        "invalid_parameter",
        "client_secret is required when issuer or client_id change",
        "body.client_secret",
      ),
    );
  });

  it("refuses a domain another organization has verified", async () => {
    expect((await put({ ...connect, domains: ["shared.example"] }, "globexCustomer")).status).toBe(200);
    expect((await verify("shared.example", globex)).status).toBe(200);
    const answer = await put({ ...connect, domains: ["acme.example", "shared.example"] });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      err(
        "Bad Request",
        "invalid_parameter",
        "shared.example is verified for another organization",
        "body.domains.1=shared.example",
      ),
    );
    const prisma = await getPrisma();
    expect(await prisma.ssoConnection.count({ where: { organizationId: acme } })).toBe(0);
  });
});

describe("who may", () => {
  const forbidden = (role: string) =>
    err(
      "Unauthorized",
      "role_forbidden",
      `The ${role} role cannot manage the single sign-on connection; that needs the owner role.`,
      `role=${role} required_role=owner`,
    );

  it.each(["acmeAdmin", "acmeDeveloper", "acmeBilling", "acmeViewer"] as const)(
    "refuses %s every method with role_forbidden, changing nothing",
    async (user) => {
      expect((await put(connect)).status).toBe(200);
      const prisma = await getPrisma();
      const before = await prisma.ssoConnection.findUniqueOrThrow({ where: { organizationId: acme } });
      const role = user.slice("acme".length).toLowerCase();
      const headers = await sessionHeaders(user);
      for (const [method, body] of [
        ["GET", undefined],
        ["PUT", { ...connect, issuer: "https://evil.example" }],
        ["DELETE", undefined],
      ] as const) {
        const answer = await api(method, "/organization/sso", { headers, body });
        expect(answer.status).toBe(401);
        expect(answer.body).toEqual(forbidden(role));
      }
      expect(await prisma.ssoConnection.findUniqueOrThrow({ where: { organizationId: acme } })).toEqual(
        before,
      );
    },
  );

  it("refuses a token, even the owner's", async () => {
    const answer = await api("GET", "/organization/sso", { token: "acmeAll" });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(
      err(
        "Unauthorized",
        "unauthorized",
        "Only a person signed in to the portal can call this endpoint; an API token cannot.",
        "principal=token",
      ),
    );
  });
});

describe("DELETE /organization/sso", () => {
  it("disconnects, with the domains, and is audited", async () => {
    expect((await put(connect)).status).toBe(200);
    const headers = await sessionHeaders("acmeCustomer");
    const answer = await api("DELETE", "/organization/sso", { headers });
    expect(answer.status).toBe(204);
    const prisma = await getPrisma();
    expect(await prisma.ssoDomain.count()).toBe(0);
    expect(
      await prisma.auditEvent.count({ where: { action: "sso.disconnected", organizationId: acme } }),
    ).toBe(1);
    const gone = await api("GET", "/organization/sso", { headers });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(
      err(
        "Not Found",
        "not_found",
        "The organization has no single sign-on connection.",
        `organization_id=${acme}`,
      ),
    );
    expect((await api("DELETE", "/organization/sso", { headers })).status).toBe(404);
  });
});
