import type { NumberTypeId } from "@/lib/reference/phone";
import { countries } from "@/prisma/seed/data/countries";
import { offers } from "@/prisma/seed/data/offers";
import type { DestinationSeed } from "@/prisma/seed/data/types";

// docs/CONTRACT.md §4: calls to a (country, type) pair may go to any country we serve (the person
// types the number), to a SIP address, or to a service such as voicemail. The number's own
// country is listed first, the others by English name, then SIP and services.
const SERVICE_SORT_START = 100;

function destinationsFor(countryId: string, numberTypeId: NumberTypeId): DestinationSeed[] {
  const others = countries.filter((country) => country.id !== countryId);
  const ordered = [countries.find((country) => country.id === countryId)!, ...others];
  const countryRows = ordered.map<DestinationSeed>((country, index) => ({
    countryId,
    numberTypeId,
    code: country.id,
    name: country.englishName,
    defaultDestination: `+${country.callingCode}`,
    bestRateDialPrefix: country.bestRateDialPrefix,
    requiresUserInput: true,
    sortOrder: index,
  }));
  return [
    ...countryRows,
    {
      countryId,
      numberTypeId,
      code: "SIP",
      name: "SIP address",
      defaultDestination: "sip:",
      bestRateDialPrefix: "sip:",
      requiresUserInput: true,
      sortOrder: SERVICE_SORT_START,
    },
    {
      countryId,
      numberTypeId,
      code: "VOICEMAIL",
      name: "Voicemail",
      defaultDestination: "voicemail",
      bestRateDialPrefix: "voicemail",
      requiresUserInput: false,
      sortOrder: SERVICE_SORT_START + 1,
    },
  ];
}

export const destinations: DestinationSeed[] = Object.entries(offers).flatMap(([countryId, byType]) =>
  (Object.keys(byType) as NumberTypeId[]).map((numberTypeId) => destinationsFor(countryId, numberTypeId)).flat(),
);
