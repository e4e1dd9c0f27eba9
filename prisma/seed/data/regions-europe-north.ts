import type { CountryRegionsInput } from "@/prisma/seed/data/types";

// Area codes from the national numbering plans (Ofcom, ComReg, ACM, BIPT, PTS).

export const unitedKingdom: CountryRegionsInput = {
  countryId: "GB",
  local: [
    { state: "ENG", city: "London", area: "20", length: 10 },
    { state: "ENG", city: "Manchester", area: "161", length: 10 },
    { state: "ENG", city: "Birmingham", area: "121", length: 10 },
    { state: "ENG", city: "Leeds", area: "113", length: 10 },
    { state: "ENG", city: "Liverpool", area: "151", length: 10 },
    { state: "ENG", city: "Bristol", area: "117", length: 10 },
    { state: "ENG", city: "Newcastle upon Tyne", area: "191", length: 10 },
    { state: "SCT", city: "Glasgow", area: "141", length: 10 },
    { state: "SCT", city: "Edinburgh", area: "131", length: 10 },
    { state: "WLS", city: "Cardiff", area: "29", prefix: "292", length: 10 },
    { state: "NIR", city: "Belfast", area: "28", prefix: "289", length: 10 },
  ],
  other: [
    { type: "mobile", prefix: "7", display: "07", length: 10 },
    { type: "toll_free", prefix: "800", display: "0800", length: 10 },
    { type: "toll_free", prefix: "808", display: "0808", length: 10 },
    { type: "national", prefix: "3", display: "03", length: 10 },
  ],
};

export const ireland: CountryRegionsInput = {
  countryId: "IE",
  local: [
    { state: "D", city: "Dublin", area: "1", length: 8 },
    { state: "CO", city: "Cork", area: "21", length: 9 },
    { state: "G", city: "Galway", area: "91", length: 8 },
    { state: "LK", city: "Limerick", area: "61", length: 8 },
    { state: "WD", city: "Waterford", area: "51", length: 8 },
  ],
  other: [
    { type: "mobile", prefix: "8", display: "08", length: 9 },
    { type: "toll_free", prefix: "1800", display: "1800", length: 10 },
    { type: "national", prefix: "818", display: "0818", length: 9 },
  ],
};

export const netherlands: CountryRegionsInput = {
  countryId: "NL",
  local: [
    { state: "NH", city: "Amsterdam", area: "20", length: 9 },
    { state: "ZH", city: "Rotterdam", area: "10", length: 9 },
    { state: "ZH", city: "The Hague", area: "70", length: 9 },
    { state: "UT", city: "Utrecht", area: "30", length: 9 },
    { state: "NB", city: "Eindhoven", area: "40", length: 9 },
    { state: "GR", city: "Groningen", area: "50", length: 9 },
  ],
  other: [
    { type: "mobile", prefix: "6", display: "06", length: 9 },
    { type: "toll_free", prefix: "800", display: "0800", length: 10 },
    { type: "national", prefix: "88", display: "088", length: 9 },
  ],
};

export const belgium: CountryRegionsInput = {
  countryId: "BE",
  local: [
    { state: "BRU", city: "Brussels", area: "2", length: 8 },
    { state: "VAN", city: "Antwerp", area: "3", length: 8 },
    { state: "VOV", city: "Ghent", area: "9", length: 8 },
    { state: "WLG", city: "Liège", area: "4", length: 8 },
    { state: "VBR", city: "Leuven", area: "16", length: 8 },
    { state: "WNA", city: "Namur", area: "81", length: 8 },
    { state: "VWV", city: "Bruges", area: "50", length: 8 },
  ],
  other: [
    { type: "mobile", prefix: "4", display: "04", length: 9 },
    { type: "toll_free", prefix: "800", display: "0800", length: 8 },
  ],
};

export const sweden: CountryRegionsInput = {
  countryId: "SE",
  local: [
    { state: "AB", city: "Stockholm", area: "8", length: 9 },
    { state: "O", city: "Gothenburg", area: "31", length: 9 },
    { state: "M", city: "Malmö", area: "40", length: 9 },
    { state: "C", city: "Uppsala", area: "18", length: 8 },
    { state: "E", city: "Linköping", area: "13", length: 8 },
  ],
  other: [
    { type: "mobile", prefix: "7", display: "07", length: 9 },
    { type: "toll_free", prefix: "20", display: "020", length: 9 },
  ],
};
