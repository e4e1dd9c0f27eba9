import type { NumberTypeId } from "@/lib/reference/phone";
import { countries } from "@/prisma/seed/data/countries";
import { australia, canada, unitedStates } from "@/prisma/seed/data/regions-americas-pacific";
import { austria, france, germany, italy, spain, switzerland } from "@/prisma/seed/data/regions-europe-central";
import { belgium, ireland, netherlands, sweden, unitedKingdom } from "@/prisma/seed/data/regions-europe-north";
import type { CountryRegionsInput, CountrySeed, RegionSeed } from "@/prisma/seed/data/types";

const regionInputs: CountryRegionsInput[] = [
  unitedStates,
  canada,
  unitedKingdom,
  ireland,
  netherlands,
  belgium,
  sweden,
  france,
  spain,
  italy,
  germany,
  austria,
  switzerland,
  australia,
];

// The first cities listed per country are its biggest: they get more stock and a business plan.
const MAJOR_CITIES_PER_COUNTRY = 3;

const typeLabels: Record<Exclude<NumberTypeId, "local">, string> = {
  national: "National",
  mobile: "Mobile",
  toll_free: "Toll-free",
};

/** Upper case, accents dropped, spaces to underscores: "Düsseldorf" → "DUSSELDORF". */
export function regionIdPart(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

function countryOf(countryId: string): CountrySeed {
  const country = countries.find((candidate) => candidate.id === countryId);
  if (!country) throw new Error(`Regions refer to unknown country ${countryId}`);
  return country;
}

function buildCountryRegions(input: CountryRegionsInput): RegionSeed[] {
  const country = countryOf(input.countryId);
  // NANP names carry the state ("Boston, MA (617)"); elsewhere the area code is written with
  // the trunk prefix people dial at home ("London (020)").
  const nanp = country.callingCode === "1";
  const local = input.local.map<RegionSeed>((region, index) => ({
    id: [country.id, region.state, regionIdPart(region.city), region.area].join("-"),
    countryId: country.id,
    numberTypeId: "local",
    name: nanp
      ? `${region.city}, ${region.state} (${region.area})`
      : `${region.city} (${country.trunkPrefix}${region.area})`,
    state: region.state,
    city: region.city,
    prefix: region.prefix ?? region.area,
    nationalLength: region.length,
    major: index < MAJOR_CITIES_PER_COUNTRY,
  }));
  const other = input.other.map<RegionSeed>((region) => ({
    id: [country.id, region.type.toUpperCase(), region.prefix].join("-"),
    countryId: country.id,
    numberTypeId: region.type,
    name: `${typeLabels[region.type]} (${region.display})`,
    state: null,
    city: null,
    prefix: region.prefix,
    nationalLength: region.length,
    major: region.type === "mobile",
  }));
  return [...local, ...other];
}

export const regions: RegionSeed[] = regionInputs.flatMap(buildCountryRegions);
