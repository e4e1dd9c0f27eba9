// Ids and names of the demo accounts and their numbers, shared by the seed and the tests so
// the two cannot drift apart. The E.164 of an owned number comes from the inventory
// generator (the first number it makes in the region); see resolveDemoNumbers in demo.ts.
import { createHash } from "node:crypto";
import { demoUsers } from "@/lib/auth/demo-users";

export const DEFAULT_DEMO_PASSWORD = "demo-password-2026";

export const demoOrganizations = {
  acme: { id: "org_acme", name: "Acme Telecom Ltd" },
  globex: { id: "org_globex", name: "Globex Corporation" },
  // The operator's own organization: support staff belong to it, never to a customer (docs/CONTRACT.md §15).
  operator: { id: "org_operator", name: "Numbers support", isOperator: true },
} as const;

export { demoUsers };
export type { DemoUser } from "@/lib/auth/demo-users";

/** Demo sign-ins of earlier versions, removed when the demo data is seeded again (docs/CONTRACT.md §15). */
export const retiredDemoUserIds = ["usr_acme_support", "usr_globex_support"] as const;

/** Public order ids of the seed's orders: "ORD-" and 10 RFC 4648 base32 characters, stable per key. */
export function seedOrderReferenceId(key: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bytes = createHash("sha256").update(`seed-order:${key}`).digest();
  let id = "";
  for (let index = 0; index < 10; index++) id += alphabet[bytes[index] % 32];
  return `ORD-${id}`;
}

export type DemoOwnedNumber = {
  /** NumberConfiguration id (the API's number_id). */
  id: string;
  organizationId: string;
  regionId: string;
  /** Absent: the number in national format, as a freshly bought number is named. */
  name?: string;
  orderReferenceId: string;
  orderedAt: string;
  placedByUserId: string;
  referenceNumber: string | null;
};

function owned(entry: Omit<DemoOwnedNumber, "orderReferenceId">): DemoOwnedNumber {
  return { ...entry, orderReferenceId: seedOrderReferenceId(entry.id) };
}

const acme = demoOrganizations.acme.id;
const globex = demoOrganizations.globex.id;
const acmeBuyer = demoUsers.acmeCustomer.id;
const globexBuyer = demoUsers.globexCustomer.id;

export const demoOwnedNumbers: DemoOwnedNumber[] = [
  owned({
    id: "num_acme_main",
    organizationId: acme,
    regionId: "GB-ENG-LONDON-20",
    name: "Main line",
    orderedAt: "2026-01-12T09:30:00Z",
    placedByUserId: acmeBuyer,
    referenceNumber: "PO-2026-0012",
  }),
  owned({
    id: "num_acme_manchester",
    organizationId: acme,
    regionId: "GB-ENG-MANCHESTER-161",
    name: "Manchester office",
    orderedAt: "2026-01-12T09:35:00Z",
    placedByUserId: acmeBuyer,
    referenceNumber: "PO-2026-0012",
  }),
  owned({
    id: "num_acme_on_call",
    organizationId: acme,
    regionId: "GB-MOBILE-7",
    name: "On-call mobile",
    orderedAt: "2026-02-03T14:10:00Z",
    placedByUserId: acmeBuyer,
    referenceNumber: null,
  }),
  owned({
    id: "num_acme_freephone",
    organizationId: acme,
    regionId: "GB-TOLL_FREE-800",
    name: "Customer care freephone",
    orderedAt: "2026-02-20T11:00:00Z",
    placedByUserId: acmeBuyer,
    referenceNumber: "PO-2026-0047",
  }),
  owned({
    id: "num_acme_new_york",
    organizationId: acme,
    regionId: "US-NY-NEW_YORK-212",
    name: "New York sales",
    orderedAt: "2026-03-09T16:45:00Z",
    placedByUserId: acmeBuyer,
    referenceNumber: null,
  }),
  owned({
    id: "num_acme_berlin",
    organizationId: acme,
    regionId: "DE-BE-BERLIN-30",
    name: "Berlin office",
    orderedAt: "2026-04-01T08:00:00Z",
    placedByUserId: acmeBuyer,
    referenceNumber: "PO-2026-0103",
  }),
  owned({
    id: "num_globex_hq",
    organizationId: globex,
    regionId: "US-IL-CHICAGO-312",
    name: "Headquarters",
    orderedAt: "2026-01-20T15:00:00Z",
    placedByUserId: globexBuyer,
    referenceNumber: "GX-7781",
  }),
  owned({
    id: "num_globex_support",
    organizationId: globex,
    regionId: "US-TOLL_FREE-800",
    name: "Support hotline",
    orderedAt: "2026-01-20T15:05:00Z",
    placedByUserId: globexBuyer,
    referenceNumber: "GX-7781",
  }),
  owned({
    id: "num_globex_engineering",
    organizationId: globex,
    regionId: "US-CA-SAN_FRANCISCO-415",
    name: "Engineering",
    orderedAt: "2026-02-11T18:20:00Z",
    placedByUserId: globexBuyer,
    referenceNumber: null,
  }),
  owned({
    id: "num_globex_toronto",
    organizationId: globex,
    regionId: "CA-ON-TORONTO-416",
    orderedAt: "2026-03-02T13:00:00Z",
    placedByUserId: globexBuyer,
    referenceNumber: "GX-7902",
  }),
  owned({
    id: "num_globex_paris",
    organizationId: globex,
    regionId: "FR-IDF-PARIS-1",
    name: "Paris office",
    orderedAt: "2026-03-16T10:15:00Z",
    placedByUserId: globexBuyer,
    referenceNumber: "GX-7930",
  }),
  owned({
    id: "num_globex_sydney",
    organizationId: globex,
    regionId: "AU-NSW-SYDNEY-2",
    name: "Sydney office",
    orderedAt: "2026-04-22T23:30:00Z",
    placedByUserId: globexBuyer,
    referenceNumber: null,
  }),
];

export type DemoExtension = { id: string; organizationId: string; number: string; name: string };

// Both organizations have an extension 101, so extension lookups show organization scoping.
export const demoExtensions: DemoExtension[] = [
  { id: "num_acme_ext_101", organizationId: acme, number: "101", name: "Reception" },
  { id: "num_acme_ext_102", organizationId: acme, number: "102", name: "Sales desk" },
  { id: "num_acme_ext_2040", organizationId: acme, number: "2040", name: "Support queue" },
  { id: "num_acme_ext_7001", organizationId: acme, number: "7001", name: "Night operator" },
  { id: "num_globex_ext_101", organizationId: globex, number: "101", name: "Front desk" },
  { id: "num_globex_ext_300", organizationId: globex, number: "300", name: "Accounts" },
  { id: "num_globex_ext_4400", organizationId: globex, number: "4400", name: "IT helpdesk" },
  { id: "num_globex_ext_88001234", organizationId: globex, number: "88001234", name: "Conference bridge" },
];
