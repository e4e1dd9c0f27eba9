import type { CountryRegionsInput } from "@/prisma/seed/data/types";

// Area codes from the national numbering plans (Arcep, CNMC, AGCOM, Bundesnetzagentur,
// RTR, BAKOM). Italian area codes keep their leading 0 inside the national number.

// France's 01–05 each cover a fifth of the country; the next two digits narrow to the city.
export const france: CountryRegionsInput = {
  countryId: "FR",
  local: [
    { state: "IDF", city: "Paris", area: "1", length: 9 },
    { state: "ARA", city: "Lyon", area: "4", prefix: "478", length: 9 },
    { state: "PAC", city: "Marseille", area: "4", prefix: "491", length: 9 },
    { state: "OCC", city: "Toulouse", area: "5", prefix: "561", length: 9 },
    { state: "PAC", city: "Nice", area: "4", prefix: "493", length: 9 },
    { state: "NAQ", city: "Bordeaux", area: "5", prefix: "556", length: 9 },
    { state: "HDF", city: "Lille", area: "3", prefix: "320", length: 9 },
    { state: "GES", city: "Strasbourg", area: "3", prefix: "388", length: 9 },
    { state: "PDL", city: "Nantes", area: "2", prefix: "240", length: 9 },
    { state: "BRE", city: "Rennes", area: "2", prefix: "299", length: 9 },
  ],
  other: [
    { type: "mobile", prefix: "6", display: "06", length: 9 },
    { type: "mobile", prefix: "7", display: "07", length: 9 },
    { type: "toll_free", prefix: "800", display: "0800", length: 9 },
    { type: "national", prefix: "9", display: "09", length: 9 },
  ],
};

export const spain: CountryRegionsInput = {
  countryId: "ES",
  local: [
    { state: "MD", city: "Madrid", area: "91", length: 9 },
    { state: "CT", city: "Barcelona", area: "93", length: 9 },
    { state: "VC", city: "Valencia", area: "96", length: 9 },
    { state: "AN", city: "Seville", area: "954", length: 9 },
    { state: "PV", city: "Bilbao", area: "944", length: 9 },
    { state: "AR", city: "Zaragoza", area: "976", length: 9 },
    { state: "AN", city: "Málaga", area: "952", length: 9 },
  ],
  other: [
    { type: "mobile", prefix: "6", display: "6", length: 9 },
    { type: "toll_free", prefix: "900", display: "900", length: 9 },
    { type: "national", prefix: "902", display: "902", length: 9 },
  ],
};

export const italy: CountryRegionsInput = {
  countryId: "IT",
  local: [
    { state: "MI", city: "Milan", area: "02", length: 10 },
    { state: "RM", city: "Rome", area: "06", length: 10 },
    { state: "TO", city: "Turin", area: "011", length: 10 },
    { state: "NA", city: "Naples", area: "081", length: 10 },
    { state: "FI", city: "Florence", area: "055", length: 10 },
    { state: "BO", city: "Bologna", area: "051", length: 10 },
    { state: "GE", city: "Genoa", area: "010", length: 10 },
    { state: "PA", city: "Palermo", area: "091", length: 10 },
  ],
  other: [
    { type: "mobile", prefix: "3", display: "3", length: 10 },
    { type: "toll_free", prefix: "800", display: "800", length: 9 },
  ],
};

export const germany: CountryRegionsInput = {
  countryId: "DE",
  local: [
    { state: "BE", city: "Berlin", area: "30", length: 10 },
    { state: "HH", city: "Hamburg", area: "40", length: 10 },
    { state: "BY", city: "Munich", area: "89", length: 10 },
    { state: "HE", city: "Frankfurt am Main", area: "69", length: 10 },
    { state: "NW", city: "Cologne", area: "221", length: 10 },
    { state: "NW", city: "Düsseldorf", area: "211", length: 10 },
    { state: "BW", city: "Stuttgart", area: "711", length: 10 },
    { state: "SN", city: "Leipzig", area: "341", length: 10 },
    { state: "SN", city: "Dresden", area: "351", length: 10 },
  ],
  other: [
    { type: "mobile", prefix: "15", display: "015", length: 11 },
    { type: "mobile", prefix: "17", display: "017", length: 11 },
    { type: "toll_free", prefix: "800", display: "0800", length: 10 },
  ],
};

// ISO 3166-2:AT codes are the federal states' numbers: 9 is Vienna, 6 Styria, and so on.
export const austria: CountryRegionsInput = {
  countryId: "AT",
  local: [
    { state: "9", city: "Vienna", area: "1", length: 8 },
    { state: "6", city: "Graz", area: "316", length: 9 },
    { state: "4", city: "Linz", area: "732", length: 9 },
    { state: "5", city: "Salzburg", area: "662", length: 9 },
    { state: "7", city: "Innsbruck", area: "512", length: 9 },
    { state: "2", city: "Klagenfurt", area: "463", length: 9 },
  ],
  other: [
    { type: "mobile", prefix: "6", display: "06", length: 10 },
    { type: "toll_free", prefix: "800", display: "0800", length: 9 },
    { type: "national", prefix: "720", display: "0720", length: 9 },
  ],
};

export const switzerland: CountryRegionsInput = {
  countryId: "CH",
  local: [
    { state: "ZH", city: "Zurich", area: "44", length: 9 },
    { state: "GE", city: "Geneva", area: "22", length: 9 },
    { state: "BE", city: "Bern", area: "31", length: 9 },
    { state: "BS", city: "Basel", area: "61", length: 9 },
    { state: "VD", city: "Lausanne", area: "21", length: 9 },
    { state: "LU", city: "Lucerne", area: "41", length: 9 },
    { state: "TI", city: "Lugano", area: "91", length: 9 },
  ],
  other: [
    { type: "mobile", prefix: "7", display: "07", length: 9 },
    { type: "toll_free", prefix: "800", display: "0800", length: 9 },
    { type: "national", prefix: "58", display: "058", length: 9 },
  ],
};
