// Shared by the sso*.test.ts files here (the single sign-on connection through the route
// wrapper): error bodies, a connection to send, PUT and support's verify with a session, and no
// connection or sso.* audit entry left from the test before.
import { beforeEach } from "vitest";
import { api } from "@/tests/api-client";
import { sessionHeaders } from "@/tests/session";
import { getPrisma } from "@/lib/db/client";
import { demoOrganizations } from "@/prisma/seed/fixtures";

export const err = (status: string, code: string, message: string, details: string) => ({
  message: status,
  error: { message, details, code },
});

export const connect = {
  issuer: "https://login.acme.example",
  client_id: "numbers-portal",
  client_secret: "s3cret from the provider",
  domains: ["acme.example", "Sales.Acme.Example"],
  default_role: "developer",
  required: false,
};

export const acme = demoOrganizations.acme.id;
export const globex = demoOrganizations.globex.id;

export async function put(body: unknown, user: Parameters<typeof sessionHeaders>[0] = "acmeCustomer") {
  return api("PUT", "/organization/sso", { headers: await sessionHeaders(user), body });
}

export async function verify(
  domain: string,
  organizationId: string,
  user: Parameters<typeof sessionHeaders>[0] = "support",
) {
  return api("POST", `/organization/sso/domains/${domain}/verify`, {
    headers: await sessionHeaders(user),
    body: { organization_id: organizationId },
  });
}

/** Before each test of the file, no connection and no sso.* audit entry. */
export function disconnectBeforeEachTest(): void {
  beforeEach(async () => {
    const prisma = await getPrisma();
    await prisma.ssoConnection.deleteMany({});
    await prisma.auditEvent.deleteMany({ where: { action: { startsWith: "sso." } } });
  });
}
