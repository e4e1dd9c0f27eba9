import { countries } from "@/prisma/seed/data/countries";
import { offerFor } from "@/prisma/seed/data/offers";
import { regions } from "@/prisma/seed/data/regions";
import type { CountrySeed, ProductSeed, RegionSeed } from "@/prisma/seed/data/types";

export function leadTimeText(days: number): string {
  return days === 1 ? "1 day" : `${days} days`;
}

/** "Yes, see <regulator>": portability is a legal right in every country we sell in. */
export function portableText(country: CountrySeed): string {
  return `Yes, see ${country.regulatorUrl} for the number porting rules`;
}

function productsForRegion(region: RegionSeed): ProductSeed[] {
  const country = countries.find((candidate) => candidate.id === region.countryId)!;
  const offer = offerFor(region.countryId, region.numberTypeId);
  return offer.plans
    .filter((plan) => region.major || !plan.majorOnly)
    .map((plan) => ({
      name: plan.name,
      countryId: region.countryId,
      numberTypeId: region.numberTypeId,
      regionId: region.id,
      currency: country.currency,
      monthlyFee: plan.monthlyFee,
      setupFee: plan.setupFee,
      includedMinutes: plan.includedMinutes,
      overageFixedRatePerMinute: plan.overageFixedRatePerMinute,
      overageMobileRatePerMinute: plan.overageMobileRatePerMinute,
      standardCapacity: plan.standardCapacity,
      estimatedLeadTime: leadTimeText(offer.leadTimeDays),
      leadTimeDays: offer.leadTimeDays,
      geographicRestrictions: offer.geographicRestrictions,
      mobileAccessible: offer.mobileAccessible,
      outsideCountryDisplay: offer.outsideCountryDisplay,
      portable: portableText(country),
      documentTypeIds: offer.documents,
    }));
}

export const products: ProductSeed[] = regions.flatMap(productsForRegion);
