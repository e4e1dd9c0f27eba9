import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { ImportFileError, importInventory } from "@/lib/inventory/import";
import { formatNational, isValidForType, nationalDigits, type NumberTypeId } from "@/lib/reference/phone";

const HEADER = "number_e164,region,sms_enabled,voice_enabled,required_documents";
const REGION = "GB-NATIONAL-3";
const taken = new Set<string>();

/** Valid numbers of a region that are not in the inventory yet, counting up from its highest. */
async function freshNumbers(regionId: string, count: number): Promise<string[]> {
  const prisma = await getPrisma();
  const region = await prisma.region.findUniqueOrThrow({ where: { id: regionId } });
  const stocked = await prisma.inventoryNumber.findMany({ where: { regionId }, select: { numberE164: true } });
  for (const row of stocked) taken.add(row.numberE164);
  let next = BigInt(stocked.map((row) => row.numberE164).sort().at(-1)?.slice(1) ?? "0");
  const fresh: string[] = [];
  while (fresh.length < count) {
    next += 1n;
    const e164 = `+${next}`;
    if (taken.has(e164) || !isValidForType(e164, region.countryId, region.numberTypeId as NumberTypeId)) continue;
    if (!nationalDigits(e164).startsWith(region.prefix)) continue;
    taken.add(e164);
    fresh.push(e164);
  }
  return fresh;
}

describe("importInventory: the file", () => {
  it.each([
    ["", "the file is empty; it needs a header row"],
    ["number_e164,region,sms_enabled,voice_enabled,required_documents,colour\n", "line 1: unknown column 'colour'"],
    ["number_e164,region,sms_enabled\n", "line 1: missing column(s) voice_enabled, required_documents"],
    [`${HEADER},region\n`, "line 1: column 'region' appears twice"],
    [`${HEADER}\n"+442079460000,${REGION},true,true,\n`, "line 2: a quoted field is never closed"],
  ])("refuses %j", async (csv, message) => {
    await expect(importInventory(csv)).rejects.toThrow(new ImportFileError(message));
  });
});

describe("importInventory: rows", () => {
  let prismaRows: Awaited<ReturnType<typeof load>>;
  const load = async () => (await getPrisma()).inventoryNumber.findMany({ where: { regionId: { in: [REGION, "GB-ENG-LONDON-20", "GB-MOBILE-7"] } } });
  beforeAll(async () => {
    prismaRows = await load();
  });

  it("imports the valid rows and reports every other one with its line and reason", async () => {
    const [first, second, third, fourth, fifth] = await freshNumbers(REGION, 5);
    const mobile = prismaRows.find((row) => row.regionId === "GB-MOBILE-7")?.numberE164;
    const london = prismaRows.find((row) => row.regionId === "GB-ENG-LONDON-20")?.numberE164;
    const stocked = prismaRows.find((row) => row.regionId === REGION)?.numberE164;
    const csv = [
      HEADER,
      `${first},${REGION},true,1,identity_document`,
      `12345,${REGION},true,true,`,
      `${second},GB-XX-NOWHERE-1,true,true,`,
      `${mobile},${REGION},true,true,`,
      `${london},GB-ENG-MANCHESTER-161,true,true,`,
      `${third},${REGION},yes,true,`,
      `${fourth},${REGION},true,true,passport`,
      `${first},${REGION},false,false,`,
      `${stocked},${REGION},true,true,`,
      `${fifth},${REGION},true`,
      "",
      `"${fifth}", ${REGION} ,0,1,"identity_document; tax_id"`,
    ].join("\r\n");

    const report = await importInventory(csv);
    expect(report.rejected).toEqual([
      { line: 3, reason: "number_e164 '12345' is not a valid E.164 number" },
      { line: 4, reason: "unknown region 'GB-XX-NOWHERE-1'" },
      { line: 5, reason: `${mobile} is not a valid GB national number` },
      { line: 6, reason: `${london} is not in region GB-ENG-MANCHESTER-161 (its numbers start 161)` },
      { line: 7, reason: "sms_enabled 'yes' must be true, false, 1 or 0" },
      { line: 8, reason: "unknown document type 'passport'" },
      { line: 9, reason: `${first} is already on line 2` },
      { line: 10, reason: "the number is already in the inventory" },
      { line: 11, reason: "expected 5 fields, found 3" },
    ]);
    expect(report.imported).toBe(2);

    const prisma = await getPrisma();
    const cheapest = await prisma.product.findFirstOrThrow({ where: { regionId: REGION }, orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }] });
    const imported = await prisma.inventoryNumber.findMany({ where: { numberE164: { in: [first, fifth] } }, orderBy: { numberE164: "asc" } });
    expect(imported.map((row) => [row.numberE164, row.nationalNumber, row.countryId, row.numberTypeId, row.status, row.smsEnabled, row.voiceEnabled, row.requiredDocumentIds])).toEqual([
      [first, first.slice(3), "GB", "national", "available", true, true, ["identity_document"]],
      [fifth, fifth.slice(3), "GB", "national", "available", false, true, ["identity_document", "tax_id"]],
    ]);
    for (const row of imported) {
      expect([row.standardCapacity, row.geographicRestrictions, row.mobileAccessible, row.outsideCountryDisplay, row.portable]).toEqual([
        cheapest.standardCapacity,
        cheapest.geographicRestrictions,
        cheapest.mobileAccessible,
        cheapest.outsideCountryDisplay,
        cheapest.portable,
      ]);
    }
    const search = await get<Array<{ number_e164: string }>>(`/inventory/GB/national?contains=${first.slice(1)}`, { token: "acmeAll" });
    expect(search.body.map((item) => item.number_e164)).toEqual([first]);
  });

  it("takes attribute columns when given", async () => {
    const [number] = await freshNumbers(REGION, 1);
    const csv = `number_e164,region,sms_enabled,voice_enabled,required_documents,standard_capacity,portable\n${number},${REGION},1,0,,"5 calls, burst 8",No\n`;
    expect(await importInventory(csv)).toMatchObject({ imported: 1, rejected: [] });
    const row = await (await getPrisma()).inventoryNumber.findUniqueOrThrow({ where: { numberE164: number } });
    expect([row.standardCapacity, row.portable, row.requiredDocumentIds]).toEqual(["5 calls, burst 8", "No", []]);
  });
});

describe("importInventory: back-orders", () => {
  type View = { status: string; items: Array<{ assigned_numbers: string[]; backordered_quantity: number }> };
  const place = async (item: Record<string, unknown>, token: "acmeAll" | "globexAll") =>
    (await api<{ data: { reference_id: string } }>("POST", "/order", { token, body: { contact_name: "Back-order test", items: [item] } })).body.data.reference_id;
  const view = async (referenceId: string) => (await get<{ data: View }>(`/orders/${referenceId}`, { token: "acmeSupport" })).body.data;
  const csvOf = (numbers: string[]) => [HEADER, ...numbers.map((number) => `${number},${REGION},true,true,`)].join("\n");

  it("fills waiting items oldest order first and moves their orders on", async () => {
    const prisma = await getPrisma();
    const stock = await prisma.inventoryNumber.count({ where: { regionId: REGION, status: "available" } });
    const otherNational = await prisma.inventoryNumber.count({ where: { countryId: "GB", numberTypeId: "national", status: "available", NOT: { regionId: REGION } } });
    expect(otherNational).toBe(0);

    const a = await place({ country: "GB", number_type: "national", region: REGION, quantity: stock + 3 }, "acmeAll");
    const b = await place({ country: "GB", number_type: "national", region: REGION, quantity: 2 }, "globexAll");
    const c = await place({ country: "GB", number_type: "national", quantity: 1 }, "acmeAll");
    expect((await view(a)).status).toBe("partially_fulfilled");
    expect((await view(b)).status).toBe("backordered");
    expect((await view(c)).status).toBe("backordered");

    const firstBatch = await freshNumbers(REGION, 2);
    const first = await importInventory(csvOf(firstBatch));
    expect(first.backorders).toEqual({ assignedNumbers: 2, orders: [{ referenceId: a, status: "partially_fulfilled" }] });
    expect((await view(a)).items[0]).toMatchObject({ backordered_quantity: 1 });
    expect((await view(a)).items[0].assigned_numbers).toEqual(expect.arrayContaining(firstBatch));

    const secondBatch = await freshNumbers(REGION, 2);
    const second = await importInventory(csvOf(secondBatch));
    expect(second.backorders.assignedNumbers).toBe(2);
    expect(second.backorders.orders).toEqual(expect.arrayContaining([{ referenceId: a, status: "completed" }, { referenceId: b, status: "partially_fulfilled" }]));
    expect(await view(b)).toMatchObject({ status: "partially_fulfilled", items: [{ backordered_quantity: 1 }] });

    const thirdBatch = await freshNumbers(REGION, 3);
    const third = await importInventory(csvOf(thirdBatch));
    expect(third.backorders.orders).toEqual(expect.arrayContaining([{ referenceId: b, status: "completed" }, { referenceId: c, status: "completed" }]));
    expect(await view(c)).toMatchObject({ status: "completed", items: [{ backordered_quantity: 0, assigned_numbers: [thirdBatch[1]] }] });
    expect(await view(b)).toMatchObject({ status: "completed", items: [{ assigned_numbers: [secondBatch[1], thirdBatch[0]] }] });
    expect((await prisma.inventoryNumber.findUniqueOrThrow({ where: { numberE164: thirdBatch[2] } })).status).toBe("available");

    const configurations = await prisma.numberConfiguration.findMany({ where: { number: { in: [...secondBatch, ...thirdBatch.slice(0, 2)] } }, orderBy: { number: "asc" } });
    expect(configurations.map((configuration) => [configuration.number, configuration.organizationId, configuration.name])).toEqual([
      [secondBatch[0], "org_acme", formatNational(secondBatch[0])],
      [secondBatch[1], "org_globex", formatNational(secondBatch[1])],
      [thirdBatch[0], "org_globex", formatNational(thirdBatch[0])],
      [thirdBatch[1], "org_acme", formatNational(thirdBatch[1])],
    ]);
  });
});
