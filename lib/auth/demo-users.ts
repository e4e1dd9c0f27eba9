import type { Role } from "@/lib/schemas/roles";

// The demo accounts, here rather than in prisma/seed so that the sign-in page's hint
// (lib/auth/demo-accounts.ts) reads them without lib importing the seed; the seed and the tests
// take them from prisma/seed/fixtures.ts, which passes them on.

export type DemoUser = {
  id: string;
  organizationId: string;
  email: string;
  name: string;
  role: Role;
};

// docs/CONTRACT.md §15: each Acme role can be tried at once; support is the operator's.
export const demoUsers = {
  acmeCustomer: {
    id: "usr_acme_customer",
    organizationId: "org_acme",
    email: "customer@acme.example",
    name: "Alex Carter",
    role: "owner",
  },
  acmeAdmin: {
    id: "usr_acme_admin",
    organizationId: "org_acme",
    email: "admin@acme.example",
    name: "Riley Brooks",
    role: "admin",
  },
  acmeDeveloper: {
    id: "usr_acme_developer",
    organizationId: "org_acme",
    email: "developer@acme.example",
    name: "Casey Nguyen",
    role: "developer",
  },
  acmeBilling: {
    id: "usr_acme_billing",
    organizationId: "org_acme",
    email: "billing@acme.example",
    name: "Jamie Okafor",
    role: "billing",
  },
  acmeViewer: {
    id: "usr_acme_viewer",
    organizationId: "org_acme",
    email: "viewer@acme.example",
    name: "Robin Silva",
    role: "viewer",
  },
  globexCustomer: {
    id: "usr_globex_customer",
    organizationId: "org_globex",
    email: "customer@globex.example",
    name: "Jordan Lee",
    role: "owner",
  },
  support: {
    id: "usr_numbers_support",
    organizationId: "org_operator",
    email: "support@numbers.example",
    name: "Sam Patel",
    role: "support",
  },
} as const satisfies Record<string, DemoUser>;
