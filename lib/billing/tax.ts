import { getEnv } from "@/lib/env";

// Who pays what VAT on an invoice, decided in one place from the seller (the BILLING_SELLER_*
// settings and BILLING_VAT_RATE, the seller country's standard rate) and the buyer's billing
// profile. An organization with no profile is taken to be in the seller's country (domestic):
// charging the seller's rate is the safe default until the buyer says where it is.
// Pure apart from reading the settings: the invoice preview and the month-end run ask the same.

/** The member states of the European Union (ISO 3166-1 alpha-2; Greece is GR). */
const euCountries: ReadonlySet<string> = new Set([
  "AT",
  "BE",
  "BG",
  "CY",
  "CZ",
  "DE",
  "DK",
  "EE",
  "ES",
  "FI",
  "FR",
  "GR",
  "HR",
  "HU",
  "IE",
  "IT",
  "LT",
  "LU",
  "LV",
  "MT",
  "NL",
  "PL",
  "PT",
  "RO",
  "SE",
  "SI",
  "SK",
]);

type TaxTreatment = "domestic" | "reverse_charge" | "outside_scope";

export type TaxDecision = {
  treatment: TaxTreatment;
  /** Basis points: 2000 = 20 %. */
  rateBp: number;
  /** The words the invoice prints about its tax, or null. */
  note: string | null;
};

export type Seller = { name: string; address: string; country: string; vatId: string; rateBp: number };
export type TaxBuyer = { country: string; vatId: string | null } | null;

/** "20" or "20.5" (percent) → basis points. */
export function percentToBp(percent: string): number {
  const [whole, fraction = ""] = percent.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Basis points → the API's percent with two decimals: 2000 → "20.00". */
export function bpToPercent(bp: number): string {
  return `${Math.trunc(bp / 100)}.${String(bp % 100).padStart(2, "0")}`;
}

/** The seller every invoice names, from the settings. */
/** The buyer's details an invoice keeps, as its profile had them (null where there is no profile). */
type ProfileParts = { legalName: string; address: string; country: string; vatId: string | null } | null;

/** Seller and buyer as an invoice states them: the configured seller, the profile's buyer. */
export function invoiceParties(seller: Seller, profile: ProfileParts) {
  return {
    seller: { name: seller.name, address: seller.address, country: seller.country, vat_id: seller.vatId },
    buyer: {
      legal_name: profile?.legalName ?? null,
      address: profile?.address ?? null,
      country: profile?.country ?? null,
      vat_id: profile?.vatId ?? null,
    },
  };
}

export function configuredSeller(): Seller {
  const env = getEnv();
  return {
    name: env.BILLING_SELLER_NAME,
    address: env.BILLING_SELLER_ADDRESS,
    country: env.BILLING_SELLER_COUNTRY,
    vatId: env.BILLING_SELLER_VAT_ID,
    rateBp: percentToBp(env.BILLING_VAT_RATE),
  };
}

/**
 * The tax an invoice from `seller` to `buyer` carries: the buyer in the seller's country (or with
 * no profile) → domestic at the seller's rate; in another EU country with a VAT ID → reverse
 * charge, no tax; in another EU country without one (a consumer) → the seller's rate; outside
 * the EU → outside the scope of VAT, no tax.
 */
export function decideTax(seller: Pick<Seller, "country" | "rateBp">, buyer: TaxBuyer): TaxDecision {
  const domestic: TaxDecision = { treatment: "domestic", rateBp: seller.rateBp, note: null };
  if (buyer === null || buyer.country === seller.country) return domestic;
  if (!euCountries.has(buyer.country)) {
    return { treatment: "outside_scope", rateBp: 0, note: "Outside the scope of VAT" };
  }
  if (buyer.vatId) return { treatment: "reverse_charge", rateBp: 0, note: "Reverse charge" };
  return domestic;
}

/** The tax on `subtotalMinor` at `rateBp`, rounded half up to the minor unit (negative subtotals symmetric). */
export function taxOn(subtotalMinor: bigint, rateBp: number): bigint {
  const negative = subtotalMinor < 0n;
  const magnitude = negative ? -subtotalMinor : subtotalMinor;
  const tax = (magnitude * BigInt(rateBp) + 5_000n) / 10_000n;
  return negative ? -tax : tax;
}
