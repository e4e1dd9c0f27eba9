import "server-only";
import { getPrisma } from "@/lib/db/client";
import { parseCsv, type CsvRecord } from "@/lib/inventory/csv";
import { loadDocumentTypes, type DocumentTypesById } from "@/lib/inventory/documents";
import {
  isValidForType,
  nationalDigits,
  numberTypeIds,
  parseE164,
  type NumberTypeId,
} from "@/lib/reference/phone";
import type { Prisma, Region } from "@/lib/generated/prisma/client";

const REQUIRED_COLUMNS = [
  "number_e164",
  "region",
  "sms_enabled",
  "voice_enabled",
  "required_documents",
] as const;
// When a column is absent or a cell empty, the region's cheapest product's terms apply.
const ATTRIBUTE_COLUMNS = [
  "standard_capacity",
  "geographic_restrictions",
  "mobile_accessible",
  "outside_country_display",
  "portable",
] as const;

type Attribute = (typeof ATTRIBUTE_COLUMNS)[number];
type Row = Prisma.InventoryNumberCreateManyInput;

type RejectedRow = { line: number; reason: string };
/** A region that received numbers. */
type StockedGeography = { countryId: string; numberTypeId: string; regionId: string };
export type ImportResult = { imported: number; rejected: RejectedRow[]; stocked: StockedGeography[] };

/** A file that cannot be read as an inventory file at all (bad header, broken quoting). */
export class ImportFileError extends Error {}

type Context = {
  regions: Map<string, Region>;
  documents: DocumentTypesById;
  defaults: Map<string, Record<Attribute, string>>;
  firstLineOf: Map<string, number>;
};

const BATCH = 1000;

/**
 * Adds the numbers of an inventory CSV (header row first; see REQUIRED_COLUMNS and
 * ATTRIBUTE_COLUMNS). Every row is checked on its own; rejected rows are reported with their
 * line and reason and the rest is imported. Filling back-orders is the caller's next step
 * (restockInventory in lib/orders), with the regions that received numbers.
 */
export async function importInventory(csv: string): Promise<ImportResult> {
  let records: CsvRecord[];
  try {
    records = parseCsv(csv);
  } catch (error) {
    throw new ImportFileError((error as Error).message);
  }
  if (records.length === 0) throw new ImportFileError("the file is empty; it needs a header row");
  const columns = readHeader(records[0]);
  const context = await loadContext();

  const rejected: RejectedRow[] = [];
  const accepted: Array<{ line: number; row: Row }> = [];
  for (const record of records.slice(1)) {
    const result = checkRecord(record, columns, context);
    if (typeof result === "string") rejected.push({ line: record.line, reason: result });
    else accepted.push({ line: record.line, row: result });
  }

  const { inserted, alreadyStocked } = await insertNew(accepted);
  rejected.push(
    ...alreadyStocked.map((line) => ({ line, reason: "the number is already in the inventory" })),
  );
  rejected.sort((a, b) => a.line - b.line);

  const stocked = new Map<string, StockedGeography>();
  for (const row of inserted)
    stocked.set(row.regionId, {
      countryId: row.countryId,
      numberTypeId: row.numberTypeId,
      regionId: row.regionId,
    });
  return { imported: inserted.length, rejected, stocked: [...stocked.values()] };
}

function readHeader(header: CsvRecord): Map<string, number> {
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const known = new Set<string>([...REQUIRED_COLUMNS, ...ATTRIBUTE_COLUMNS]);
  const unknown = names.find((name) => !known.has(name));
  if (unknown !== undefined) throw new ImportFileError(`line ${header.line}: unknown column '${unknown}'`);
  const repeated = names.find((name, index) => names.indexOf(name) !== index);
  if (repeated !== undefined)
    throw new ImportFileError(`line ${header.line}: column '${repeated}' appears twice`);
  const missing = REQUIRED_COLUMNS.filter((name) => !names.includes(name));
  if (missing.length > 0)
    throw new ImportFileError(`line ${header.line}: missing column(s) ${missing.join(", ")}`);
  return new Map(names.map((name, index) => [name, index]));
}

async function loadContext(): Promise<Context> {
  const prisma = await getPrisma();
  const [regions, documents, products] = await Promise.all([
    prisma.region.findMany(),
    loadDocumentTypes(),
    prisma.product.findMany({ orderBy: [{ monthlyFee: "desc" }, { setupFee: "desc" }, { id: "desc" }] }),
  ]);
  // Sorted dearest first, so the cheapest product of a region is the one left in the map.
  const defaults = new Map<string, Record<Attribute, string>>();
  for (const product of products) {
    defaults.set(product.regionId, {
      standard_capacity: product.standardCapacity,
      geographic_restrictions: product.geographicRestrictions,
      mobile_accessible: product.mobileAccessible,
      outside_country_display: product.outsideCountryDisplay,
      portable: product.portable,
    });
  }
  return {
    regions: new Map(regions.map((region) => [region.id, region])),
    documents,
    defaults,
    firstLineOf: new Map(),
  };
}

/** The row to insert, or why the record is rejected. */
function checkRecord(record: CsvRecord, columns: Map<string, number>, context: Context): Row | string {
  if (record.fields.length !== columns.size)
    return `expected ${columns.size} fields, found ${record.fields.length}`;
  const cell = (name: string) => {
    const index = columns.get(name);
    return index === undefined ? "" : record.fields[index].trim();
  };

  const raw = cell("number_e164");
  const e164 = parseE164(raw);
  if (e164 === null || e164 !== raw) return `number_e164 '${raw}' is not a valid E.164 number`;
  const region = context.regions.get(cell("region"));
  if (!region) return `unknown region '${cell("region")}'`;
  const numberType = region.numberTypeId as NumberTypeId;
  if (!numberTypeIds.includes(numberType) || !isValidForType(e164, region.countryId, numberType)) {
    return `${e164} is not a valid ${region.countryId} ${region.numberTypeId} number`;
  }
  const national = nationalDigits(e164);
  if (!national.startsWith(region.prefix))
    return `${e164} is not in region ${region.id} (its numbers start ${region.prefix})`;

  const sms = parseFlag(cell("sms_enabled"));
  if (sms === null) return `sms_enabled '${cell("sms_enabled")}' must be true, false, 1 or 0`;
  const voice = parseFlag(cell("voice_enabled"));
  if (voice === null) return `voice_enabled '${cell("voice_enabled")}' must be true, false, 1 or 0`;
  const documents = cell("required_documents")
    .split(";")
    .map((id) => id.trim())
    .filter((id) => id !== "");
  const unknownDocument = documents.find((id) => !context.documents.has(id));
  if (unknownDocument !== undefined) return `unknown document type '${unknownDocument}'`;

  const first = context.firstLineOf.get(e164);
  if (first !== undefined) return `${e164} is already on line ${first}`;
  context.firstLineOf.set(e164, record.line);

  const defaults = context.defaults.get(region.id);
  const attribute = (name: Attribute) => cell(name) || defaults?.[name] || "";
  return {
    numberE164: e164,
    nationalNumber: national,
    countryId: region.countryId,
    numberTypeId: region.numberTypeId,
    regionId: region.id,
    smsEnabled: sms,
    voiceEnabled: voice,
    requiredDocumentIds: [...new Set(documents)],
    standardCapacity: attribute("standard_capacity"),
    geographicRestrictions: attribute("geographic_restrictions"),
    mobileAccessible: attribute("mobile_accessible"),
    outsideCountryDisplay: attribute("outside_country_display"),
    portable: attribute("portable"),
  };
}

function parseFlag(value: string): boolean | null {
  const normalized = value.toLowerCase();
  if (normalized === "true" || normalized === "1") return true;
  if (normalized === "false" || normalized === "0") return false;
  return null;
}

// Rows whose number is already stocked are left out by the unique index (ON CONFLICT DO
// NOTHING), which also settles two imports of one number running at once.
async function insertNew(
  accepted: Array<{ line: number; row: Row }>,
): Promise<{ inserted: Row[]; alreadyStocked: number[] }> {
  const prisma = await getPrisma();
  const inserted: Row[] = [];
  const alreadyStocked: number[] = [];
  for (let start = 0; start < accepted.length; start += BATCH) {
    const batch = accepted.slice(start, start + BATCH);
    const created = await prisma.inventoryNumber.createManyAndReturn({
      data: batch.map((entry) => entry.row),
      skipDuplicates: true,
      select: { numberE164: true },
    });
    const createdSet = new Set(created.map((row) => row.numberE164));
    for (const entry of batch) {
      if (createdSet.has(entry.row.numberE164)) inserted.push(entry.row);
      else alreadyStocked.push(entry.line);
    }
  }
  return { inserted, alreadyStocked };
}
