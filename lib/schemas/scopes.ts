import { z } from "zod";

// docs/CONTRACT.md §2: what each scope lets a token do.
export const scopes = [
  "reference:read",
  "inventory:read",
  "products:read",
  "orders:write",
  "orders:read",
  "numbers:read",
  "numbers:write",
  "reservations:write",
  "events:read",
  "webhooks:write",
  "members:read",
  "audit:read",
  "numbers:release",
  "jobs:write",
  "compliance:read",
  "compliance:write",
  "billing:read",
  "billing:write",
  "porting:read",
  "porting:write",
] as const;

export const scopeSchema = z.enum(scopes);
export type Scope = z.infer<typeof scopeSchema>;

export const scopeDescriptions: Record<Scope, string> = {
  "reference:read": "Countries, regions, number types and document types",
  "inventory:read": "Search numbers for sale",
  "products:read": "Products and prices",
  "orders:write": "Place orders",
  "orders:read": "Read orders",
  "numbers:read": "Read number and extension configurations",
  "numbers:write": "Change number and extension configurations",
  "reservations:write": "Hold numbers for a while before buying them, and release them",
  "events:read": "Read the organization's events of the last 30 days",
  "webhooks:write": "Manage webhook endpoints and see their deliveries",
  "members:read": "Read the organization's members and pending invitations",
  "audit:read": "Read the organization's audit log",
  "numbers:release": "Release, restore and lock numbers",
  "jobs:write": "Run configuration jobs over many numbers",
  "compliance:read": "Read end users, addresses, documents and compliance bundles, and what numbers require",
  "compliance:write":
    "Add and change end users, addresses, documents and bundles, and submit bundles for review",
  "billing:read": "Read billing accounts, the ledger, invoices and the upcoming invoice",
  "billing:write": "Change the billing profile and balance alerts",
  "porting:read":
    "Read port-in orders, their timeline and their letters of authorization, and check portability",
  "porting:write":
    "Create, change, submit and cancel port-in orders, comment on them and have their LOA signed",
};
