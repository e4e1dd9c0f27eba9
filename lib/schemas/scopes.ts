import { z } from "zod";

// Contract §2: what each scope lets a token do.
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
};
