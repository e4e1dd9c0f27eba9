import "server-only";
import { getPrisma } from "@/lib/db/client";
import { toPolicy, type DestinationPolicy } from "@/lib/numbers/validate-configuration";

// Where a configuration may forward calls: the destinations GET /destinations serves for the
// number's country and type (docs/CONTRACT.md §4, §11). An extension belongs to no country or type,
// so it may use every destination the service offers for any of them.

export async function loadDestinationPolicy(inventoryNumberId: number | null): Promise<DestinationPolicy> {
  const prisma = await getPrisma();
  let where = {};
  if (inventoryNumberId !== null) {
    const number = await prisma.inventoryNumber.findUniqueOrThrow({
      where: { id: inventoryNumberId },
      select: { countryId: true, numberTypeId: true },
    });
    where = { countryId: number.countryId, numberTypeId: number.numberTypeId };
  }
  const rows = await prisma.forwardingDestination.findMany({
    where,
    select: { code: true },
    distinct: ["code"],
  });
  return toPolicy(rows.map((row) => row.code));
}
