import { getPrisma } from "@/lib/db/client";
import { hashTokenSecret } from "@/lib/auth/tokens";
import { testTokens, type TestTokenName } from "@/tests/fixtures";

// What the audit wiring tests (lib/audit/wiring-*.test.ts) share: the entries recorded since a
// moment, and the fixtures they act with.

export type Entry = {
  organizationId: string | null;
  actorType: string;
  actorId: string | null;
  actorName: string;
  action: string;
  resourceType: string;
  resourceId: string | null;
  changes: unknown;
};

/** A fixture token's row: the id and name an entry names it by. */
export async function tokenRow(name: TestTokenName): Promise<{ id: string; name: string }> {
  const prisma = await getPrisma();
  return prisma.apiToken.findUniqueOrThrow({
    where: { tokenHash: hashTokenSecret(testTokens[name].secret) },
    select: { id: true, name: true },
  });
}

/**
 * Every entry recorded since `since` (exclusive), oldest first, without id, time and address.
 * Entries of one transaction share its time: those go by resource id.
 */
export async function entriesAfter(since: Date): Promise<Entry[]> {
  const prisma = await getPrisma();
  const rows = await prisma.auditEvent.findMany({
    where: { at: { gt: since } },
    orderBy: [{ at: "asc" }, { resourceId: "asc" }],
  });
  return rows.map(({ id: _id, at: _at, ip: _ip, ...entry }) => entry);
}

export async function latest(): Promise<Date> {
  const prisma = await getPrisma();
  const row = await prisma.auditEvent.findFirst({ orderBy: { at: "desc" }, select: { at: true } });
  // Entries written in this millisecond still count as after it.
  return new Date((row?.at ?? new Date(0)).getTime());
}

export async function freeNumbers(count: number): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.inventoryNumber.findMany({
    where: { status: "available", hold: null, countryId: "GB" },
    take: count,
    orderBy: { id: "asc" },
    select: { numberE164: true },
  });
  return rows.map((row) => row.numberE164).sort();
}
