import type { NumberTypeId } from "@/lib/reference/phone";

export type DocumentTypeId =
  | "proof_of_address"
  | "local_address"
  | "identity_document"
  | "company_registration"
  | "business_license"
  | "tax_id"
  // Port-in's (docs/CONTRACT.md §20): kept with an order, never required by a product.
  | "signed_loa"
  | "bill";

export type DocumentTypeSeed = { id: DocumentTypeId; name: string; moreInformation: string };

export type NumberTypeSeed = { id: NumberTypeId; description: string; sortOrder: number };

export type CountrySeed = {
  /** ISO 3166-1 alpha-2. */
  id: string;
  englishName: string;
  /** Without the plus. */
  callingCode: string;
  /** ISO 4217. */
  currency: string;
  /** Dialled before an area code at home: "0" in most of Europe, "" in NANP, Spain, Italy. */
  trunkPrefix: string;
  /** The telecom regulator, which publishes the country's number-portability rules. */
  regulatorUrl: string;
  /** The cheapest prefix to forward to: the capital's landline range, the lowest rate in carrier rate decks. */
  bestRateDialPrefix: string;
};

/** A geographic (local) region: a real city and its real area code. */
type GeoRegionInput = {
  /** ISO 3166-2 subdivision code, without the country part. */
  state: string;
  city: string;
  /** The area code as the numbering plan lists it, without trunk prefix. */
  area: string;
  /** National digits the region's numbers start with, when narrower than the area code. */
  prefix?: string;
  /** Length of the national significant number we generate for the region. */
  length: number;
};

/** A non-geographic region: one number type and prefix across the whole country. */
type NonGeoRegionInput = {
  type: Exclude<NumberTypeId, "local">;
  prefix: string;
  /** The prefix as people write it at home: "07", "0800", "1300". */
  display: string;
  length: number;
};

export type CountryRegionsInput = { countryId: string; local: GeoRegionInput[]; other: NonGeoRegionInput[] };

export type RegionSeed = {
  id: string;
  countryId: string;
  numberTypeId: NumberTypeId;
  name: string;
  state: string | null;
  city: string | null;
  prefix: string;
  nationalLength: number;
  /** The country's biggest cities: more stock, and a business plan on sale. */
  major: boolean;
};

export type PlanSeed = {
  name: string;
  monthlyFee: string;
  setupFee: string;
  includedMinutes: number;
  overageFixedRatePerMinute: string;
  overageMobileRatePerMinute: string;
  standardCapacity: string;
  /** Sold only in major regions. */
  majorOnly: boolean;
};

/** What a country sells of one number type: terms shared by its products and inventory. */
export type OfferSeed = {
  documents: DocumentTypeId[];
  geographicRestrictions: string;
  leadTimeDays: number;
  mobileAccessible: "Yes" | "No";
  outsideCountryDisplay: "Yes" | "No";
  /** Share of the inventory that can receive SMS. */
  smsShare: number;
  /** Cheapest first. */
  plans: PlanSeed[];
};

export type ProductSeed = {
  name: string;
  countryId: string;
  numberTypeId: NumberTypeId;
  regionId: string;
  currency: string;
  monthlyFee: string;
  setupFee: string;
  includedMinutes: number;
  overageFixedRatePerMinute: string;
  overageMobileRatePerMinute: string;
  standardCapacity: string;
  estimatedLeadTime: string;
  leadTimeDays: number;
  geographicRestrictions: string;
  mobileAccessible: string;
  outsideCountryDisplay: string;
  portable: string;
  documentTypeIds: DocumentTypeId[];
};

export type DestinationSeed = {
  countryId: string;
  numberTypeId: NumberTypeId;
  code: string;
  name: string;
  defaultDestination: string;
  bestRateDialPrefix: string;
  requiresUserInput: boolean;
  sortOrder: number;
};
