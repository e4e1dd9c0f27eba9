import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";

// The one SQL form of "held by another organization" (lib/reservations/expiry.ts says the same
// in TypeScript), for the statements that search and sell inventory. It lives with inventory,
// which decides what is for sale; lib/reservations sits above it and never the other way round. `number` is the column holding the
// E.164 number in the caller's statement. A NOT EXISTS on number_hold's primary key: with no
// holds it costs an empty index probe, and inventory_number's covering indexes are untouched.
export function notHeldByAnother(number: Prisma.Sql, organizationId: string, now: Date): Prisma.Sql {
  return Prisma.sql`NOT EXISTS (
    SELECT 1 FROM number_hold h
    WHERE h.number_e164 = ${number} AND h.organization_id <> ${organizationId} AND h.held_until > ${now}
  )`;
}
