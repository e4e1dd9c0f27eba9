import { z } from "zod";

// docs/CONTRACT.md §15: the roles of an organization's members, most powerful first, and support (§2),
// the operator's staff, who stand outside customer organizations. What each may do is
// lib/auth/roles.ts's table.
export const organizationRoles = ["owner", "admin", "developer", "billing", "viewer"] as const;
export const roles = [...organizationRoles, "support"] as const;

export const organizationRoleSchema = z.enum(organizationRoles);
export type OrganizationRole = z.infer<typeof organizationRoleSchema>;
export type Role = (typeof roles)[number];
