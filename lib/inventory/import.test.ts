import { beforeAll, describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { ImportFileError, importInventory } from "@/lib/inventory/import";
import { freshNumbers, INVENTORY_CSV_HEADER as HEADER } from "@/tests/inventory-csv";

const REGION = "GB-NATIONAL-3";

describe("importInventory: the file", () => {
  it.each([
    ["", "the file is empty; it needs a header row"],
    [
      "number_e164,region,sms_enabled,voice_enabled,required_documents,colour\n",
      "line 1: unknown column 'colour'",
    ],
    ["number_e164,region,sms_enabled\n", "line 1: missing column(s) voice_enabled, required_documents"],
    [`${HEADER},region\n`, "line 1: column 'region' appears twice"],
    [`${HEADER}\n"+442079460000,${REGION},true,true,\n`, "line 2: a quoted field is never closed"],
  ])("refuses %j", async (csv, message) => {
    await expect(importInventory(csv)).rejects.toThrow(new ImportFileError(message));
  });
});

describe("importInventory: rows", () => {
  let prismaRows: Awaited<ReturnType<typeof load>>;
  const load = async () =>
    (await getPrisma()).inventoryNumber.findMany({
      where: { regionId: { in: [REGION, "GB-ENG-LONDON-20", "GB-MOBILE-7"] } },
    });
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
    const cheapest = await prisma.product.findFirstOrThrow({
      where: { regionId: REGION },
      orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
    });
    const imported = await prisma.inventoryNumber.findMany({
      where: { numberE164: { in: [first, fifth] } },
      orderBy: { numberE164: "asc" },
    });
    expect(
      imported.map((row) => [
        row.numberE164,
        row.nationalNumber,
        row.countryId,
        row.numberTypeId,
        row.status,
        row.smsEnabled,
        row.voiceEnabled,
        row.requiredDocumentIds,
      ]),
    ).toEqual([
      [first, first.slice(3), "GB", "national", "available", true, true, ["identity_document"]],
      [fifth, fifth.slice(3), "GB", "national", "available", false, true, ["identity_document", "tax_id"]],
    ]);
    for (const row of imported) {
      expect([
        row.standardCapacity,
        row.geographicRestrictions,
        row.mobileAccessible,
        row.outsideCountryDisplay,
        row.portable,
      ]).toEqual([
        cheapest.standardCapacity,
        cheapest.geographicRestrictions,
        cheapest.mobileAccessible,
        cheapest.outsideCountryDisplay,
        cheapest.portable,
      ]);
    }
    const search = await get<Array<{ number_e164: string }>>(
      `/inventory/GB/national?contains=${first.slice(1)}`,
      { token: "acmeAll" },
    );
    expect(search.body.map((item) => item.number_e164)).toEqual([first]);
  });

  it("takes attribute columns when given", async () => {
    const [number] = await freshNumbers(REGION, 1);
    const csv = `number_e164,region,sms_enabled,voice_enabled,required_documents,standard_capacity,portable\n${number},${REGION},1,0,,"5 calls, burst 8",No\n`;
    expect(await importInventory(csv)).toEqual({
      imported: 1,
      rejected: [],
      stocked: [{ countryId: "GB", numberTypeId: "national", regionId: REGION }],
    });
    const row = await (
      await getPrisma()
    ).inventoryNumber.findUniqueOrThrow({ where: { numberE164: number } });
    expect([row.standardCapacity, row.portable, row.requiredDocumentIds]).toEqual([
      "5 calls, burst 8",
      "No",
      [],
    ]);
  });
});
