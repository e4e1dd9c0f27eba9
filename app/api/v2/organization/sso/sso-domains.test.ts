import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import {
  acme,
  connect,
  disconnectBeforeEachTest,
  err,
  globex,
  put,
  verify,
} from "@/app/api/v2/organization/sso/sso-fixtures";

// POST /organization/sso/domains/{domain}/verify: support's verification of a domain of the
// single sign-on connection, and every refusal with its exact body.

disconnectBeforeEachTest();

describe("POST /organization/sso/domains/{domain}/verify", () => {
  it("lets support verify a listed domain, once, in the organization's audit log", async () => {
    expect((await put(connect)).status).toBe(200);
    const answer = await verify("Sales.Acme.Example", acme);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      organization_id: acme,
      domains: [
        { domain: "acme.example", verified: false, verified_at: null },
        { domain: "sales.acme.example", verified: true, verified_at: expect.any(String) },
      ],
    });
    expect((await verify("sales.acme.example", acme)).status).toBe(200);
    const prisma = await getPrisma();
    const audit = await prisma.auditEvent.findMany({ where: { action: "sso.domain_verified" } });
    expect(audit.map((entry) => [entry.organizationId, entry.actorType, entry.changes])).toEqual([
      [acme, "support", [{ field: "domains.sales.acme.example.verified", from: false, to: true }]],
    ]);
  });

  it("is support's alone: an owner gets role_forbidden", async () => {
    expect((await put(connect)).status).toBe(200);
    const answer = await verify("acme.example", acme, "acmeCustomer");
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(
      err(
        "Unauthorized",
        "role_forbidden",
        "The owner role cannot verify an organization's single sign-on domains; that needs the support role.",
        "role=owner required_role=support",
      ),
    );
    const prisma = await getPrisma();
    expect(await prisma.ssoDomain.count({ where: { verifiedAt: { not: null } } })).toBe(0);
  });

  it.each([
    { name: "a domain the organization does not list", domain: "globex.example", organizationId: acme },
    { name: "an organization without a connection", domain: "acme.example", organizationId: globex },
  ])("answers 404 for $name", async ({ domain, organizationId }) => {
    expect((await put(connect)).status).toBe(200);
    const answer = await verify(domain, organizationId);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(
      err(
        "Not Found",
        "not_found",
        `The organization has no single sign-on connection listing ${domain}.`,
        `organization_id=${organizationId} domain=${domain}`,
      ),
    );
  });

  it("refuses a domain another organization has verified", async () => {
    expect((await put({ ...connect, domains: ["shared.example"] })).status).toBe(200);
    expect((await put({ ...connect, domains: ["shared.example"] }, "globexCustomer")).status).toBe(200);
    expect((await verify("shared.example", acme)).status).toBe(200);
    const answer = await verify("shared.example", globex);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(
      err(
        "Bad Request",
        "invalid_parameter",
        "shared.example is verified for another organization",
        "path.domain=shared.example",
      ),
    );
  });
});
