import "server-only";
import { getPrisma } from "@/lib/db/client";
import type { Tx } from "@/lib/db/transaction";
import { toPolicy, type DestinationPolicy } from "@/lib/numbers/validate-configuration";

// Where a configuration may forward calls: the destinations GET /destinations serves for the
// number's country and type (docs/CONTRACT.md §4, §11). An extension belongs to no country or type,
// so it may use every destination the service offers for any of them (so may a number ported
// in, which has no inventory number).

export async function loadDestinationPolicy(inventoryNumberId: number | null): Promise<DestinationPolicy> {
  return (await loadDestinationPolicies([inventoryNumberId]))(inventoryNumberId);
}

/**
 * The policies of many numbers at once (a bulk job's batch), by inventory number: at most
 * three statements however many numbers, countries and types there are.
 */
export async function loadDestinationPolicies(
  inventoryNumberIds: readonly (number | null)[],
  db?: Tx,
): Promise<(inventoryNumberId: number | null) => DestinationPolicy> {
  // In the caller's transaction when it has one: PGlite's one connection is that transaction's.
  const prisma = db ?? (await getPrisma());
  const ids = [...new Set(inventoryNumberIds.filter((id) => id !== null))];
  const numbers =
    ids.length === 0
      ? []
      : await prisma.inventoryNumber.findMany({
          where: { id: { in: ids } },
          select: { id: true, countryId: true, numberTypeId: true },
        });
  const pairs = [...new Map(numbers.map((row) => [key(row), row])).values()];
  const rows =
    pairs.length === 0
      ? []
      : await prisma.forwardingDestination.findMany({
          where: { OR: pairs.map(({ countryId, numberTypeId }) => ({ countryId, numberTypeId })) },
          select: { countryId: true, numberTypeId: true, code: true },
          distinct: ["countryId", "numberTypeId", "code"],
        });
  const byPair = new Map(
    pairs.map((pair) => [
      key(pair),
      toPolicy(rows.filter((row) => key(row) === key(pair)).map((row) => row.code)),
    ]),
  );
  const byNumber = new Map(numbers.map((row) => [row.id, byPair.get(key(row))]));
  const everywhere = inventoryNumberIds.includes(null)
    ? toPolicy(
        (await prisma.forwardingDestination.findMany({ select: { code: true }, distinct: ["code"] })).map(
          (row) => row.code,
        ),
      )
    : undefined;
  return (inventoryNumberId) => {
    const policy = inventoryNumberId === null ? everywhere : byNumber.get(inventoryNumberId);
    // Asked only for what it was given; an inventory number that is not there is a broken row.
    if (policy === undefined)
      throw new Error(`no destination policy for inventory number ${inventoryNumberId}`);
    return policy;
  };
}

function key(row: { countryId: string; numberTypeId: string }): string {
  return `${row.countryId}/${row.numberTypeId}`;
}
