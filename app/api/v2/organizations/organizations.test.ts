import { describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { errorBody } from "@/tests/error-body";

describe("GET /organizations", () => {
  it("lists every customer organization by name for support, not the operator's own", async () => {
    const prisma = await getPrisma();
    const rows = await prisma.organization.findMany({
      where: { isOperator: false },
      orderBy: [{ name: "asc" }, { id: "asc" }],
    });
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const response = await get<{ data: unknown }>("/organizations", { token: "support" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: rows.map((row) => ({ organization_id: row.id, name: row.name })),
    });
    expect(response.body.data).toContainEqual({
      organization_id: "org_acme",
      name: expect.not.stringMatching(/^org_/),
    });
    expect(response.body.data).not.toContainEqual(
      expect.objectContaining({ organization_id: "org_operator" }),
    );
    expect(await prisma.organization.count({ where: { isOperator: true } })).toBe(1);
  });

  it("answers a customer 404, naming no organization", async () => {
    const response = await get("/organizations", { token: "acmeAll" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(
      errorBody(
        "Not Found",
        "not_found",
        "Listing organizations is for support users.",
        "path=/organizations",
      ),
    );
  });

  it("needs the reference:read scope", async () => {
    const response = await get("/organizations", { token: "acmeNoScopes" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      errorBody(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'reference:read' scope.",
        "required_scope=reference:read",
      ),
    );
  });
});
