import "server-only";
import { ApiError } from "@/lib/errors";
import { assertCountrySellsType, findRegion, getCountryOrThrow } from "@/lib/reference/lookups";
import type { Region } from "@/lib/generated/prisma/client";

export type Geography = { country: string; numberType?: string; region?: string };

/**
 * Checks a country, optionally a number type it sells, and optionally a region of both:
 * 400 unknown_country / unknown_number_type / unknown_region. `regionField` is how the
 * region was given (`region` in a path, `query.region`, `items.0.region`), for details.
 */
export async function assertGeography(geography: Geography, regionField = "region"): Promise<Region | null> {
  if (geography.numberType === undefined) await getCountryOrThrow(geography.country);
  else await assertCountrySellsType(geography.country, geography.numberType);
  if (geography.region === undefined) return null;

  const region = await findRegion(geography.region);
  if (!region || region.countryId !== geography.country) {
    throw new ApiError(
      "unknown_region",
      `Unknown region '${geography.region}' in ${geography.country}.`,
      `${regionField}=${geography.region}`,
    );
  }
  if (geography.numberType !== undefined && region.numberTypeId !== geography.numberType) {
    throw new ApiError(
      "unknown_region",
      `Region '${region.id}' has no ${geography.numberType} numbers; it is a ${region.numberTypeId} region.`,
      `${regionField}=${region.id}`,
    );
  }
  return region;
}
