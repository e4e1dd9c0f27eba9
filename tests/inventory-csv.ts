import { getPrisma } from "@/lib/db/client";
import { isValidForType, nationalDigits, type NumberTypeId } from "@/lib/reference/phone";

// Inventory CSV fixtures shared by the import and restock tests.
export const INVENTORY_CSV_HEADER = "number_e164,region,sms_enabled,voice_enabled,required_documents";
const taken = new Set<string>();

/** Valid numbers of a region that are not in the inventory yet, counting up from its highest. */
export async function freshNumbers(regionId: string, count: number): Promise<string[]> {
  const prisma = await getPrisma();
  const region = await prisma.region.findUniqueOrThrow({ where: { id: regionId } });
  const stocked = await prisma.inventoryNumber.findMany({
    where: { regionId },
    select: { numberE164: true },
  });
  for (const row of stocked) taken.add(row.numberE164);
  let next = BigInt(
    stocked
      .map((row) => row.numberE164)
      .sort()
      .at(-1)
      ?.slice(1) ?? "0",
  );
  const fresh: string[] = [];
  while (fresh.length < count) {
    next += 1n;
    const e164 = `+${next}`;
    if (taken.has(e164) || !isValidForType(e164, region.countryId, region.numberTypeId as NumberTypeId))
      continue;
    if (!nationalDigits(e164).startsWith(region.prefix)) continue;
    taken.add(e164);
    fresh.push(e164);
  }
  return fresh;
}
