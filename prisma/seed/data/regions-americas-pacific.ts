import type { CountryRegionsInput } from "@/prisma/seed/data/types";

// Area codes from the North American Numbering Plan Administrator and the ACMA numbering plan.
// Canada sells local numbers only: its toll-free and mobile numbers share NANP ranges that
// libphonenumber attributes to the United States, so none would validate as Canadian.

export const unitedStates: CountryRegionsInput = {
  countryId: "US",
  local: [
    { state: "NY", city: "New York", area: "212", length: 10 },
    { state: "CA", city: "Los Angeles", area: "213", length: 10 },
    { state: "IL", city: "Chicago", area: "312", length: 10 },
    { state: "TX", city: "Houston", area: "713", length: 10 },
    { state: "TX", city: "Dallas", area: "214", length: 10 },
    { state: "CA", city: "San Francisco", area: "415", length: 10 },
    { state: "WA", city: "Seattle", area: "206", length: 10 },
    { state: "MA", city: "Boston", area: "617", length: 10 },
    { state: "FL", city: "Miami", area: "305", length: 10 },
    { state: "GA", city: "Atlanta", area: "404", length: 10 },
    { state: "CO", city: "Denver", area: "303", length: 10 },
    { state: "DC", city: "Washington", area: "202", length: 10 },
  ],
  other: [
    { type: "toll_free", prefix: "800", display: "800", length: 10 },
    { type: "toll_free", prefix: "833", display: "833", length: 10 },
    { type: "toll_free", prefix: "844", display: "844", length: 10 },
    { type: "toll_free", prefix: "855", display: "855", length: 10 },
    { type: "toll_free", prefix: "888", display: "888", length: 10 },
  ],
};

export const canada: CountryRegionsInput = {
  countryId: "CA",
  local: [
    { state: "ON", city: "Toronto", area: "416", length: 10 },
    { state: "QC", city: "Montreal", area: "514", length: 10 },
    { state: "BC", city: "Vancouver", area: "604", length: 10 },
    { state: "AB", city: "Calgary", area: "403", length: 10 },
    { state: "ON", city: "Ottawa", area: "613", length: 10 },
    { state: "AB", city: "Edmonton", area: "780", length: 10 },
    { state: "QC", city: "Quebec City", area: "418", length: 10 },
    { state: "MB", city: "Winnipeg", area: "204", length: 10 },
  ],
  other: [],
};

// 02, 03, 07 and 08 each cover several states; the second digit narrows them to one city.
export const australia: CountryRegionsInput = {
  countryId: "AU",
  local: [
    { state: "NSW", city: "Sydney", area: "2", prefix: "29", length: 9 },
    { state: "VIC", city: "Melbourne", area: "3", prefix: "39", length: 9 },
    { state: "QLD", city: "Brisbane", area: "7", prefix: "73", length: 9 },
    { state: "WA", city: "Perth", area: "8", prefix: "89", length: 9 },
    { state: "SA", city: "Adelaide", area: "8", prefix: "88", length: 9 },
    { state: "ACT", city: "Canberra", area: "2", prefix: "26", length: 9 },
    { state: "TAS", city: "Hobart", area: "3", prefix: "362", length: 9 },
  ],
  other: [
    { type: "mobile", prefix: "4", display: "04", length: 9 },
    { type: "toll_free", prefix: "1800", display: "1800", length: 10 },
    { type: "national", prefix: "1300", display: "1300", length: 10 },
  ],
};
