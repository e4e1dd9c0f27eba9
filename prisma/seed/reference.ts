// Reference data (countries, types, regions, products, destinations) through Prisma, keyed
// by natural ids. Rows are read first and only differences are written: a fresh database
// gets one multi-row INSERT a table, a reseed writes nothing, and an edited data module
// updates just the rows it changed. (Per-row upserts cost a commit each, which on a
// file-backed PGlite made a no-op reseed take seconds.)
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { countries } from "@/prisma/seed/data/countries";
import { destinations } from "@/prisma/seed/data/destinations";
import { documentTypes } from "@/prisma/seed/data/document-types";
import { numberTypes } from "@/prisma/seed/data/number-types";
import { products } from "@/prisma/seed/data/products";
import { regions } from "@/prisma/seed/data/regions";

/** Pairs (country, number type) that have regions: what each country sells. */
export const countryNumberTypes = [
  ...new Set(regions.map((region) => `${region.countryId}:${region.numberTypeId}`)),
].map((pair) => {
  const [countryId, numberTypeId] = pair.split(":");
  return { countryId, numberTypeId };
});

/** Compares a row with the values the seed wants, Decimal columns by their string form. */
function differs(row: object, wanted: object): boolean {
  const current = row as Record<string, unknown>;
  return Object.entries(wanted).some(([key, value]) => {
    const have = current[key];
    if (have !== null && typeof have === "object" && "equals" in have && typeof value === "string") {
      return !(have as { equals(other: string): boolean }).equals(value);
    }
    return have !== value;
  });
}

/** What to insert and what to update so that `rows` hold `wanted`. */
function plan<Row extends object, Wanted extends object>(
  rows: Row[],
  wanted: Wanted[],
  key: (item: Row | Wanted) => string,
) {
  const byKey = new Map(rows.map((row) => [key(row), row]));
  const missing: Wanted[] = [];
  const changed: Array<{ row: Row; data: Wanted }> = [];
  for (const data of wanted) {
    const row = byKey.get(key(data));
    if (!row) missing.push(data);
    else if (differs(row, data)) changed.push({ row, data });
  }
  return { missing, changed };
}

async function seedSmallTables(prisma: PrismaClient): Promise<void> {
  const types = plan(await prisma.numberType.findMany(), numberTypes, (item) => item.id);
  if (types.missing.length > 0)
    await prisma.numberType.createMany({ data: types.missing, skipDuplicates: true });
  for (const { data } of types.changed) await prisma.numberType.update({ where: { id: data.id }, data });

  const documents = plan(await prisma.documentType.findMany(), documentTypes, (item) => item.id);
  if (documents.missing.length > 0)
    await prisma.documentType.createMany({ data: documents.missing, skipDuplicates: true });
  for (const { data } of documents.changed)
    await prisma.documentType.update({ where: { id: data.id }, data });

  const countryRows = countries.map(({ id, englishName, callingCode, currency }) => ({
    id,
    englishName,
    callingCode,
    currency,
  }));
  const countryPlan = plan(await prisma.country.findMany(), countryRows, (item) => item.id);
  if (countryPlan.missing.length > 0)
    await prisma.country.createMany({ data: countryPlan.missing, skipDuplicates: true });
  for (const { data } of countryPlan.changed) await prisma.country.update({ where: { id: data.id }, data });

  await prisma.countryNumberType.createMany({ data: countryNumberTypes, skipDuplicates: true });
}

async function seedRegions(prisma: PrismaClient): Promise<void> {
  const wanted = regions.map(({ id, countryId, numberTypeId, name, state, city, prefix }) => ({
    id,
    countryId,
    numberTypeId,
    name,
    state,
    city,
    prefix,
  }));
  const { missing, changed } = plan(await prisma.region.findMany(), wanted, (item) => item.id);
  if (missing.length > 0) await prisma.region.createMany({ data: missing, skipDuplicates: true });
  for (const { data } of changed) await prisma.region.update({ where: { id: data.id }, data });
}

async function seedDestinations(prisma: PrismaClient): Promise<void> {
  const key = (item: { countryId: string; numberTypeId: string; code: string }) =>
    `${item.countryId}:${item.numberTypeId}:${item.code}`;
  const { missing, changed } = plan(await prisma.forwardingDestination.findMany(), destinations, key);
  if (missing.length > 0)
    await prisma.forwardingDestination.createMany({ data: missing, skipDuplicates: true });
  for (const { row, data } of changed)
    await prisma.forwardingDestination.update({ where: { id: row.id }, data });
}

async function seedProducts(prisma: PrismaClient): Promise<void> {
  const key = (item: { regionId: string; name: string }) => `${item.regionId}:${item.name}`;
  const columns = products.map(({ documentTypeIds: _documents, ...rest }) => rest);
  const { missing, changed } = plan(await prisma.product.findMany(), columns, key);
  // One multi-row INSERT in data order: a fresh database numbers products the same way every time.
  if (missing.length > 0) await prisma.product.createMany({ data: missing, skipDuplicates: true });
  for (const { row, data } of changed) await prisma.product.update({ where: { id: row.id }, data });

  const ids = new Map(
    (await prisma.product.findMany({ select: { id: true, regionId: true, name: true } })).map((row) => [
      key(row),
      row.id,
    ]),
  );
  const wanted = products.flatMap((product) =>
    product.documentTypeIds.map((documentTypeId) => ({ productId: ids.get(key(product))!, documentTypeId })),
  );
  const documentKey = (item: { productId: number; documentTypeId: string }) =>
    `${item.productId}:${item.documentTypeId}`;
  const existing = await prisma.productDocument.findMany({ where: { productId: { in: [...ids.values()] } } });
  const documents = plan(existing, wanted, documentKey);
  if (documents.missing.length > 0)
    await prisma.productDocument.createMany({ data: documents.missing, skipDuplicates: true });
  // A requirement dropped from the data module is dropped from the product too.
  const wantedKeys = new Set(wanted.map(documentKey));
  const stale = existing.filter((row) => !wantedKeys.has(documentKey(row)));
  if (stale.length > 0) {
    await prisma.productDocument.deleteMany({
      where: { OR: stale.map(({ productId, documentTypeId }) => ({ productId, documentTypeId })) },
    });
  }
}

export async function seedReferenceData(prisma: PrismaClient): Promise<void> {
  await seedSmallTables(prisma);
  await seedRegions(prisma);
  await seedDestinations(prisma);
  await seedProducts(prisma);
}
