import "server-only";
import { ApiError } from "@/lib/errors";
import { processSlot } from "@/lib/process-singleton";
import { readDb } from "@/lib/db/replicas";
import type {
  Country as CountryRow,
  DocumentType,
  NumberType,
  PrismaClient,
  Region as RegionRow,
} from "@/lib/generated/prisma/client";

/**
 * The small reference tables every request checks against (countries, number types, which
 * country sells which type, regions, document types), read together and kept for a minute.
 * They change only when the seed runs, so a minute's delay is what a new region or country
 * costs, while every inventory search, product list and order saves three or four queries.
 * Kept once per process, per Prisma client: Next gives each route bundle its own module
 * instances, and tests point the process at one database per file.
 */
export type ReferenceData = {
  /** By English name, as GET /countries lists them. */
  countries: CountryRow[];
  countryById: ReadonlyMap<string, CountryRow>;
  numberTypes: NumberType[];
  numberTypeById: ReadonlyMap<string, NumberType>;
  /** "US:local" for every type a country sells. */
  sold: ReadonlySet<string>;
  /** By name, then id, as GET /regions lists them. */
  regions: RegionRow[];
  regionById: ReadonlyMap<string, RegionRow>;
  documentTypes: DocumentType[];
  documentTypeById: ReadonlyMap<string, DocumentType>;
};

const REFERENCE_TTL_MS = 60_000;

type Cached = { data: Promise<ReferenceData>; expires: number };
const referenceCache = processSlot<WeakMap<PrismaClient, Cached>>("reference-data");

async function loadReferenceData(prisma: PrismaClient): Promise<ReferenceData> {
  const [countries, numberTypes, sold, regions, documentTypes] = await Promise.all([
    prisma.country.findMany({ orderBy: { englishName: "asc" } }),
    prisma.numberType.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }] }),
    prisma.countryNumberType.findMany(),
    prisma.region.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }] }),
    prisma.documentType.findMany({ orderBy: { name: "asc" } }),
  ]);
  return {
    countries,
    countryById: new Map(countries.map((row) => [row.id, row])),
    numberTypes,
    numberTypeById: new Map(numberTypes.map((row) => [row.id, row])),
    sold: new Set(sold.map((row) => `${row.countryId}:${row.numberTypeId}`)),
    regions,
    regionById: new Map(regions.map((row) => [row.id, row])),
    documentTypes,
    documentTypeById: new Map(documentTypes.map((row) => [row.id, row])),
  };
}

export async function getReferenceData(): Promise<ReferenceData> {
  const prisma = await readDb();
  let cache = referenceCache.get();
  if (!cache) referenceCache.set((cache = new WeakMap()));
  const cached = cache.get(prisma);
  if (cached && cached.expires > Date.now()) return cached.data;
  const data = loadReferenceData(prisma);
  cache.set(prisma, { data, expires: Date.now() + REFERENCE_TTL_MS });
  // A failed read is not kept: the next request tries again.
  data.catch(() => {
    if (cache.get(prisma)?.data === data) cache.delete(prisma);
  });
  return data;
}

// The shapes are checked where they leave: each route parses its answer through lib/schemas/reference.
export async function listCountries() {
  const { countries } = await getReferenceData();
  return countries.map((row) => ({ id: row.id, english_name: row.englishName }));
}

export async function listNumberTypes() {
  const { numberTypes } = await getReferenceData();
  return numberTypes.map((row) => ({ name: row.id, description: row.description }));
}

export async function listDocumentTypes() {
  const { documentTypes } = await getReferenceData();
  return documentTypes.map((row) => ({ id: row.id, name: row.name }));
}

/** The country, or 400 unknown_country: the path named a country we sell no numbers in. */
export async function getCountryOrThrow(countryId: string) {
  const country = (await getReferenceData()).countryById.get(countryId);
  if (!country) {
    throw new ApiError(
      "unknown_country",
      `No numbers are sold in country ${countryId}.`,
      `country=${countryId}`,
    );
  }
  return country;
}

/** 400 unknown_number_type unless the type exists and the country sells it. */
export async function assertCountrySellsType(countryId: string, numberType: string): Promise<void> {
  await getCountryOrThrow(countryId);
  const reference = await getReferenceData();
  if (reference.sold.has(`${countryId}:${numberType}`)) return;
  const exists = reference.numberTypeById.has(numberType);
  throw new ApiError(
    "unknown_number_type",
    exists ? `${countryId} sells no ${numberType} numbers.` : `Unknown number type '${numberType}'.`,
    `number_type=${numberType}`,
  );
}

/** A region by id, or undefined. */
export async function findRegion(regionId: string): Promise<RegionRow | undefined> {
  return (await getReferenceData()).regionById.get(regionId);
}

export async function listRegions(countryId: string) {
  await getCountryOrThrow(countryId);
  const { regions } = await getReferenceData();
  return regions.filter((row) => row.countryId === countryId).map((row) => ({ id: row.id, name: row.name }));
}

export async function listDestinations(countryId: string, numberType: string) {
  await assertCountrySellsType(countryId, numberType);
  const prisma = await readDb();
  const rows = await prisma.forwardingDestination.findMany({
    where: { countryId, numberTypeId: numberType },
    orderBy: [{ sortOrder: "asc" }, { code: "asc" }],
  });
  return rows.map((row) => ({
    id: row.code,
    name: row.name,
    default_destination: row.defaultDestination,
    best_rate_dial_prefix: row.bestRateDialPrefix,
    requires_user_input: row.requiresUserInput,
  }));
}
