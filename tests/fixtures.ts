import type { Database } from "@/lib/db/client";
import { createApiToken } from "@/lib/auth/tokens";
import { scopes, type Scope } from "@/lib/schemas/scopes";
import { seedDatabase } from "@/prisma/seed/seed";

// How many inventory numbers the test template holds: enough for every region to have
// stock and for pagination to span pages, small enough to seed in seconds.
export const TEST_INVENTORY_SIZE = 3_000;

function allScopesBut(missing: Scope): Scope[] {
  return scopes.filter((scope) => scope !== missing);
}

// Tokens exist only in test databases; their secrets are known so tests can send them.
export const testTokens = {
  acmeAll: {
    secret: "npk_test_acme_all_scopes_0000000000000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes,
  },
  // Support staff are the operator's (docs/CONTRACT.md §15): their tokens belong to the operator.
  support: {
    secret: "npk_test_acme_support_000000000000000000",
    organizationId: "org_operator",
    userId: "usr_numbers_support",
    scopes,
  },
  globexAll: {
    secret: "npk_test_globex_all_scopes_000000000000000",
    organizationId: "org_globex",
    userId: "usr_globex_customer",
    scopes,
  },
  acmeNoScopes: {
    secret: "npk_test_acme_no_scopes_0000000000000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: [],
  },
  acmeInventoryOnly: {
    secret: "npk_test_acme_inventory_only_00000000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: ["inventory:read"],
  },
  acmeExpired: {
    secret: "npk_test_acme_expired_000000000000000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes,
    expiresAt: new Date("2020-01-01T00:00:00Z"),
  },
  acmeRevoked: {
    secret: "npk_test_acme_revoked_000000000000000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes,
    revoked: true,
  },
  // One token lacking each scope (and holding all the others), for the authorization matrix.
  acmeLacksReferenceRead: {
    secret: "npk_test_acme_lacks_reference_read_000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("reference:read"),
  },
  acmeLacksInventoryRead: {
    secret: "npk_test_acme_lacks_inventory_read_000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("inventory:read"),
  },
  acmeLacksProductsRead: {
    secret: "npk_test_acme_lacks_products_read_0000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("products:read"),
  },
  acmeLacksOrdersWrite: {
    secret: "npk_test_acme_lacks_orders_write_00000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("orders:write"),
  },
  acmeLacksOrdersRead: {
    secret: "npk_test_acme_lacks_orders_read_000000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("orders:read"),
  },
  acmeLacksNumbersRead: {
    secret: "npk_test_acme_lacks_numbers_read_00000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("numbers:read"),
  },
  acmeLacksNumbersWrite: {
    secret: "npk_test_acme_lacks_numbers_write_0000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("numbers:write"),
  },
  acmeLacksReservationsWrite: {
    secret: "npk_test_acme_lacks_reservations_write_00",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("reservations:write"),
  },
  acmeLacksEventsRead: {
    secret: "npk_test_acme_lacks_events_read_00000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("events:read"),
  },
  acmeLacksWebhooksWrite: {
    secret: "npk_test_acme_lacks_webhooks_write_000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("webhooks:write"),
  },
  acmeLacksAuditRead: {
    secret: "npk_test_acme_lacks_audit_read_0000000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("audit:read"),
  },
  // Every scope, made by each Acme role: what a token may do is capped by its creator's role.
  acmeAdminAll: {
    secret: "npk_test_acme_admin_all_scopes_000000000",
    organizationId: "org_acme",
    userId: "usr_acme_admin",
    scopes,
  },
  acmeDeveloperAll: {
    secret: "npk_test_acme_developer_all_scopes_00000",
    organizationId: "org_acme",
    userId: "usr_acme_developer",
    scopes,
  },
  acmeBillingAll: {
    secret: "npk_test_acme_billing_all_scopes_0000000",
    organizationId: "org_acme",
    userId: "usr_acme_billing",
    scopes,
  },
  acmeViewerAll: {
    secret: "npk_test_acme_viewer_all_scopes_00000000",
    organizationId: "org_acme",
    userId: "usr_acme_viewer",
    scopes,
  },
  acmeLacksNumbersRelease: {
    secret: "npk_test_acme_lacks_numbers_release_00000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("numbers:release"),
  },
  acmeLacksJobsWrite: {
    secret: "npk_test_acme_lacks_jobs_write_0000000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("jobs:write"),
  },
  acmeLacksBillingRead: {
    secret: "npk_test_acme_lacks_billing_read_00000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("billing:read"),
  },
  acmeLacksBillingWrite: {
    secret: "npk_test_acme_lacks_billing_write_0000000",
    organizationId: "org_acme",
    userId: "usr_acme_customer",
    scopes: allScopesBut("billing:write"),
  },
} satisfies Record<
  string,
  {
    secret: string;
    organizationId: string;
    userId: string;
    scopes: readonly Scope[];
    expiresAt?: Date;
    revoked?: boolean;
  }
>;

export type TestTokenName = keyof typeof testTokens;

/** The template every test database is cloned from: migrated, seeded, with the test tokens. */
export async function buildTestTemplate(db: Database): Promise<void> {
  await seedDatabase(db, { numbers: TEST_INVENTORY_SIZE, log: () => {} });
  for (const [name, token] of Object.entries(testTokens)) {
    const { token: row } = await createApiToken(
      db.prisma,
      {
        organizationId: token.organizationId,
        userId: token.userId,
        name: `test ${name}`,
        scopes: token.scopes,
        expiresAt: "expiresAt" in token ? token.expiresAt : null,
      },
      token.secret,
    );
    if ("revoked" in token)
      await db.prisma.apiToken.update({
        where: { id: row.id },
        data: { revokedAt: new Date("2024-01-01T00:00:00Z") },
      });
  }
}
