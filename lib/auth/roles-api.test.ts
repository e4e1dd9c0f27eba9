import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { sessionHeaders } from "@/tests/session";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import type { TestTokenName } from "@/tests/fixtures";

// docs/CONTRACT.md §15: each role is refused (401 role_forbidden) or let through on a representative
// endpoint of each row of the table. A request that passes the role check is sent with a
// body the endpoint refuses (400), so nothing changes and the answer still shows the gate
// was passed: the role check comes before validation.

type Row = {
  method: string;
  path: string;
  body?: unknown;
  /** What the endpoint answers the bad body once the role check passed. */
  invalid?: string;
  allowed: TestTokenName[];
  does: string;
  needs: string;
};

const tokenOf = {
  owner: "acmeAll",
  admin: "acmeAdminAll",
  developer: "acmeDeveloperAll",
  billing: "acmeBillingAll",
  viewer: "acmeViewerAll",
  support: "support",
} as const satisfies Record<string, TestTokenName>;

const rows: Row[] = [
  {
    method: "POST",
    path: "/order",
    body: { not: "an order" },
    allowed: ["acmeAll", "acmeAdminAll", "acmeBillingAll"],
    does: "hold numbers, use the cart and place orders",
    needs: "owner|admin|billing",
  },
  {
    method: "POST",
    path: "/reservations",
    body: { numbers: [] },
    allowed: ["acmeAll", "acmeAdminAll", "acmeBillingAll"],
    does: "hold numbers, use the cart and place orders",
    needs: "owner|admin|billing",
  },
  {
    method: "POST",
    path: "/extensions",
    body: { extension: "" },
    invalid: "invalid_configuration",
    allowed: ["acmeAll", "acmeAdminAll", "acmeDeveloperAll", "support"],
    does: "change configurations, extensions and tags, and run configuration jobs",
    needs: "owner|admin|developer|support",
  },
  {
    method: "POST",
    path: "/webhooks",
    body: { url: "not a url" },
    allowed: ["acmeAll", "acmeAdminAll", "acmeDeveloperAll", "support"],
    does: "manage API tokens and webhooks",
    needs: "owner|admin|developer|support",
  },
];

describe.each(rows)("$method $path", ({ method, path, body, invalid, allowed, does, needs }) => {
  it.each(Object.entries(tokenOf))("%s", async (role, token) => {
    const response = await api<{ error: { code: string } }>(method, path, { token, body });
    if (allowed.includes(token)) {
      expect([response.status, response.body.error.code]).toEqual([400, invalid ?? "invalid_parameter"]);
      return;
    }
    const names = needs.split("|");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      errorBody(
        "Unauthorized",
        "role_forbidden",
        `The ${role} role cannot ${does}; that needs the ${names.slice(0, -1).join(", ")} or ${names.at(-1)} role.`,
        `role=${role} required_role=${needs}`,
      ),
    );
  });
});

describe("every member reads", () => {
  it.each(Object.entries(tokenOf))("%s reads numbers", async (_role, token) => {
    expect((await api("GET", "/numbers", { token })).status).toBe(200);
  });
});

describe("tokens are capped by their creator's role", () => {
  it("refuses to create a token with a scope the creator's role lacks, naming it", async () => {
    const prisma = await getPrisma();
    const before = await prisma.apiToken.count();
    const response = await api("POST", "/tokens", {
      headers: await sessionHeaders("acmeDeveloper"),
      body: { name: "buyer", scopes: ["numbers:read", "orders:write", "reservations:write"] },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      errorBody(
        "Unauthorized",
        "role_forbidden",
        "The developer role cannot give a token orders:write, reservations:write: orders:write needs the owner, admin or billing role; reservations:write needs the owner, admin or billing role.",
        "body.scopes=orders:write,reservations:write",
      ),
    );
    expect(await prisma.apiToken.count()).toBe(before);
  });

  it("lets a viewer's session neither manage tokens nor fill a cart", async () => {
    const headers = await sessionHeaders("acmeViewer");
    const tokens = await api<{ error: { code: string; message: string } }>("GET", "/tokens", { headers });
    expect([tokens.status, tokens.body.error.code, tokens.body.error.message]).toEqual([
      401,
      "role_forbidden",
      "The viewer role cannot manage API tokens and webhooks; that needs the owner, admin, developer or support role.",
    ]);
    const cart = await api<{ error: { code: string } }>("PUT", "/cart", { headers, body: { lines: [] } });
    expect([cart.status, cart.body.error.code]).toEqual([401, "role_forbidden"]);
    expect((await api("GET", "/cart", { headers })).status).toBe(200);
  });

  it("takes a demoted creator's new role at the next request", async () => {
    const prisma = await getPrisma();
    const probe = () =>
      api<{ error: { code: string } }>("POST", "/order", {
        token: "acmeAdminAll",
        body: { not: "an order" },
      });
    expect((await probe()).status).toBe(400);
    await prisma.user.update({ where: { id: "usr_acme_admin" }, data: { role: "viewer" } });
    try {
      const refused = await probe();
      expect([refused.status, refused.body.error.code]).toEqual([401, "role_forbidden"]);
    } finally {
      await prisma.user.update({ where: { id: "usr_acme_admin" }, data: { role: "admin" } });
    }
  });
});
