import { ApiError } from "@/lib/api/errors";
import { getPrisma } from "@/lib/db/client";
import type { Country, Destination, Region } from "@/lib/schemas/reference";

export async function listCountries(): Promise<Country[]> {
  const prisma = await getPrisma();
  const rows = await prisma.country.findMany({ orderBy: { englishName: "asc" } });
  return rows.map((row) => ({ id: row.id, english_name: row.englishName }));
}

export async function listNumberTypes() {
  const prisma = await getPrisma();
  const rows = await prisma.numberType.findMany({ orderBy: [{ sortOrder: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({ name: row.id, description: row.description }));
}

export async function listDocumentTypes() {
  const prisma = await getPrisma();
  const rows = await prisma.documentType.findMany({ orderBy: { name: "asc" } });
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

/** The country, or 400 unknown_country: the path named a country we sell no numbers in. */
export async function getCountryOrThrow(countryId: string) {
  const prisma = await getPrisma();
  const country = await prisma.country.findUnique({ where: { id: countryId } });
  if (!country) {
    throw new ApiError("unknown_country", `No numbers are sold in country ${countryId}.`, `country=${countryId}`);
  }
  return country;
}

/** 400 unknown_number_type unless the type exists and the country sells it. */
export async function assertCountrySellsType(countryId: string, numberType: string): Promise<void> {
  await getCountryOrThrow(countryId);
  const prisma = await getPrisma();
  const sold = await prisma.countryNumberType.findUnique({
    where: { countryId_numberTypeId: { countryId, numberTypeId: numberType } },
  });
  if (sold) return;
  const exists = await prisma.numberType.findUnique({ where: { id: numberType } });
  throw new ApiError(
    "unknown_number_type",
    exists ? `${countryId} sells no ${numberType} numbers.` : `Unknown number type '${numberType}'.`,
    `number_type=${numberType}`,
  );
}

export async function listRegions(countryId: string): Promise<Region[]> {
  await getCountryOrThrow(countryId);
  const prisma = await getPrisma();
  const rows = await prisma.region.findMany({ where: { countryId }, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.map((row) => ({ id: row.id, name: row.name }));
}

export async function listDestinations(countryId: string, numberType: string): Promise<Destination[]> {
  await assertCountrySellsType(countryId, numberType);
  const prisma = await getPrisma();
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
