import type { CountrySeed } from "@/prisma/seed/data/types";

// Real countries, ISO codes, calling codes and currencies; sorted by English name, the
// order destination lists use after the number's own country.
export const countries: CountrySeed[] = [
  { id: "AU", englishName: "Australia", callingCode: "61", currency: "AUD", trunkPrefix: "0", regulatorUrl: "https://www.acma.gov.au", bestRateDialPrefix: "+612" },
  { id: "AT", englishName: "Austria", callingCode: "43", currency: "EUR", trunkPrefix: "0", regulatorUrl: "https://www.rtr.at", bestRateDialPrefix: "+431" },
  { id: "BE", englishName: "Belgium", callingCode: "32", currency: "EUR", trunkPrefix: "0", regulatorUrl: "https://www.bipt.be", bestRateDialPrefix: "+322" },
  { id: "CA", englishName: "Canada", callingCode: "1", currency: "CAD", trunkPrefix: "", regulatorUrl: "https://crtc.gc.ca", bestRateDialPrefix: "+1" },
  { id: "FR", englishName: "France", callingCode: "33", currency: "EUR", trunkPrefix: "0", regulatorUrl: "https://www.arcep.fr", bestRateDialPrefix: "+331" },
  { id: "DE", englishName: "Germany", callingCode: "49", currency: "EUR", trunkPrefix: "0", regulatorUrl: "https://www.bundesnetzagentur.de", bestRateDialPrefix: "+4930" },
  { id: "IE", englishName: "Ireland", callingCode: "353", currency: "EUR", trunkPrefix: "0", regulatorUrl: "https://www.comreg.ie", bestRateDialPrefix: "+3531" },
  { id: "IT", englishName: "Italy", callingCode: "39", currency: "EUR", trunkPrefix: "", regulatorUrl: "https://www.agcom.it", bestRateDialPrefix: "+3906" },
  { id: "NL", englishName: "Netherlands", callingCode: "31", currency: "EUR", trunkPrefix: "0", regulatorUrl: "https://www.acm.nl", bestRateDialPrefix: "+3120" },
  { id: "ES", englishName: "Spain", callingCode: "34", currency: "EUR", trunkPrefix: "", regulatorUrl: "https://www.cnmc.es", bestRateDialPrefix: "+3491" },
  { id: "SE", englishName: "Sweden", callingCode: "46", currency: "SEK", trunkPrefix: "0", regulatorUrl: "https://www.pts.se", bestRateDialPrefix: "+468" },
  { id: "CH", englishName: "Switzerland", callingCode: "41", currency: "CHF", trunkPrefix: "0", regulatorUrl: "https://www.bakom.admin.ch", bestRateDialPrefix: "+4131" },
  { id: "GB", englishName: "United Kingdom", callingCode: "44", currency: "GBP", trunkPrefix: "0", regulatorUrl: "https://www.ofcom.org.uk", bestRateDialPrefix: "+4420" },
  { id: "US", englishName: "United States", callingCode: "1", currency: "USD", trunkPrefix: "", regulatorUrl: "https://www.fcc.gov", bestRateDialPrefix: "+1" },
];
