import type { NumberTypeId } from "@/lib/reference/phone";
import type { DocumentTypeId, OfferSeed, PlanSeed } from "@/prisma/seed/data/types";

// What each country sells, on what terms. Prices are in the country's currency, set near
// what carriers list for such numbers; money stays a string so Prisma stores it exactly.

type PlanTemplate = Pick<PlanSeed, "name" | "includedMinutes" | "standardCapacity" | "majorOnly">;

const planTemplates: Record<NumberTypeId, PlanTemplate[]> = {
  local: [
    { name: "Local Basic", includedMinutes: 0, standardCapacity: "2 concurrent calls", majorOnly: false },
    { name: "Local Plus", includedMinutes: 500, standardCapacity: "4 concurrent calls", majorOnly: false },
    { name: "Local Business", includedMinutes: 2000, standardCapacity: "10 concurrent calls", majorOnly: true },
  ],
  mobile: [
    { name: "Mobile Standard", includedMinutes: 0, standardCapacity: "1 concurrent call", majorOnly: false },
    { name: "Mobile Plus", includedMinutes: 300, standardCapacity: "2 concurrent calls", majorOnly: false },
  ],
  toll_free: [
    { name: "Toll-Free Basic", includedMinutes: 0, standardCapacity: "10 concurrent calls", majorOnly: false },
    { name: "Toll-Free 1000", includedMinutes: 1000, standardCapacity: "30 concurrent calls", majorOnly: false },
  ],
  national: [{ name: "National Basic", includedMinutes: 100, standardCapacity: "4 concurrent calls", majorOnly: false }],
};

type Terms = {
  documents?: DocumentTypeId[];
  restrictions?: string;
  leadTimeDays: number;
  smsShare: number;
  /** Monthly fee per plan template, in order. */
  fees: string[];
  /** Setup fee per plan template; "0.00" when absent. */
  setup?: string[];
  /** Overage per minute: calls from fixed lines, calls from mobiles. */
  rates: [string, string];
};

function offer(type: NumberTypeId, terms: Terms): OfferSeed {
  const templates = planTemplates[type];
  if (terms.fees.length !== templates.length) throw new Error(`${type}: ${templates.length} fees expected`);
  return {
    documents: terms.documents ?? [],
    geographicRestrictions: terms.restrictions ?? "",
    leadTimeDays: terms.leadTimeDays,
    // Toll-free and national numbers are not shown as caller id abroad by most carriers.
    mobileAccessible: "Yes",
    outsideCountryDisplay: type === "toll_free" || type === "national" ? "No" : "Yes",
    smsShare: terms.smsShare,
    plans: templates.map((template, index) => ({
      ...template,
      monthlyFee: terms.fees[index],
      setupFee: terms.setup?.[index] ?? "0.00",
      overageFixedRatePerMinute: terms.rates[0],
      overageMobileRatePerMinute: terms.rates[1],
    })),
  };
}

const IN_AREA = "An address in the area is required";

export const offers: Record<string, Partial<Record<NumberTypeId, OfferSeed>>> = {
  US: {
    local: offer("local", { leadTimeDays: 1, smsShare: 0.8, fees: ["1.00", "2.50", "6.00"], rates: ["0.0085", "0.0085"] }),
    toll_free: offer("toll_free", { leadTimeDays: 2, smsShare: 0.5, fees: ["2.00", "4.50"], rates: ["0.0220", "0.0220"] }),
  },
  CA: {
    local: offer("local", { leadTimeDays: 2, smsShare: 0.7, fees: ["1.25", "3.00", "7.50"], rates: ["0.0110", "0.0110"] }),
  },
  GB: {
    local: offer("local", { restrictions: "An address in the United Kingdom is required", leadTimeDays: 1, smsShare: 0.2, fees: ["1.00", "3.50", "8.00"], rates: ["0.0100", "0.0250"] }),
    mobile: offer("mobile", { leadTimeDays: 2, smsShare: 1, fees: ["4.00", "6.50"], rates: ["0.0100", "0.0250"] }),
    toll_free: offer("toll_free", { leadTimeDays: 2, smsShare: 0, fees: ["2.50", "5.00"], rates: ["0.0200", "0.0400"] }),
    national: offer("national", { leadTimeDays: 2, smsShare: 0.1, fees: ["1.50"], rates: ["0.0120", "0.0300"] }),
  },
  IE: {
    local: offer("local", { documents: ["local_address"], restrictions: IN_AREA, leadTimeDays: 5, smsShare: 0.1, fees: ["1.50", "3.50", "8.50"], setup: ["0.00", "0.00", "5.00"], rates: ["0.0110", "0.0350"] }),
    mobile: offer("mobile", { leadTimeDays: 3, smsShare: 1, fees: ["5.00", "8.00"], rates: ["0.0110", "0.0350"] }),
    toll_free: offer("toll_free", { leadTimeDays: 5, smsShare: 0, fees: ["4.00", "9.00"], rates: ["0.0300", "0.0650"] }),
    national: offer("national", { documents: ["company_registration"], leadTimeDays: 5, smsShare: 0, fees: ["3.00"], rates: ["0.0150", "0.0400"] }),
  },
  NL: {
    local: offer("local", { documents: ["local_address"], restrictions: IN_AREA, leadTimeDays: 5, smsShare: 0.15, fees: ["1.50", "3.50", "8.50"], rates: ["0.0100", "0.0300"] }),
    mobile: offer("mobile", { documents: ["identity_document"], leadTimeDays: 5, smsShare: 1, fees: ["5.00", "8.50"], rates: ["0.0100", "0.0300"] }),
    toll_free: offer("toll_free", { documents: ["company_registration"], leadTimeDays: 7, smsShare: 0, fees: ["5.00", "10.00"], setup: ["15.00", "15.00"], rates: ["0.0350", "0.0700"] }),
    national: offer("national", { documents: ["company_registration"], leadTimeDays: 7, smsShare: 0, fees: ["4.00"], setup: ["10.00"], rates: ["0.0150", "0.0400"] }),
  },
  BE: {
    local: offer("local", { documents: ["proof_of_address"], restrictions: "An address in Belgium is required", leadTimeDays: 5, smsShare: 0.1, fees: ["1.50", "3.50", "8.50"], rates: ["0.0110", "0.0350"] }),
    mobile: offer("mobile", { documents: ["identity_document"], leadTimeDays: 5, smsShare: 1, fees: ["5.00", "8.00"], rates: ["0.0110", "0.0350"] }),
    toll_free: offer("toll_free", { documents: ["company_registration"], leadTimeDays: 7, smsShare: 0, fees: ["6.00", "12.00"], setup: ["20.00", "20.00"], rates: ["0.0350", "0.0750"] }),
  },
  SE: {
    local: offer("local", { leadTimeDays: 2, smsShare: 0.3, fees: ["15.00", "35.00", "85.00"], rates: ["0.1000", "0.3500"] }),
    mobile: offer("mobile", { leadTimeDays: 3, smsShare: 1, fees: ["49.00", "79.00"], rates: ["0.1000", "0.3500"] }),
    toll_free: offer("toll_free", { leadTimeDays: 3, smsShare: 0, fees: ["45.00", "99.00"], rates: ["0.3000", "0.6000"] }),
  },
  FR: {
    local: offer("local", { documents: ["local_address", "identity_document"], restrictions: IN_AREA, leadTimeDays: 7, smsShare: 0.1, fees: ["1.20", "3.00", "8.00"], rates: ["0.0090", "0.0250"] }),
    mobile: offer("mobile", { documents: ["identity_document", "proof_of_address"], leadTimeDays: 7, smsShare: 1, fees: ["4.50", "7.50"], rates: ["0.0090", "0.0250"] }),
    toll_free: offer("toll_free", { documents: ["company_registration"], leadTimeDays: 10, smsShare: 0, fees: ["5.00", "11.00"], setup: ["10.00", "10.00"], rates: ["0.0300", "0.0600"] }),
    national: offer("national", { documents: ["identity_document"], leadTimeDays: 5, smsShare: 0.2, fees: ["1.50"], rates: ["0.0090", "0.0250"] }),
  },
  ES: {
    local: offer("local", { documents: ["identity_document", "local_address"], restrictions: IN_AREA, leadTimeDays: 7, smsShare: 0.1, fees: ["1.50", "3.50", "8.50"], rates: ["0.0100", "0.0300"] }),
    mobile: offer("mobile", { documents: ["identity_document"], leadTimeDays: 7, smsShare: 1, fees: ["5.00", "8.00"], rates: ["0.0100", "0.0300"] }),
    toll_free: offer("toll_free", { documents: ["company_registration", "tax_id"], leadTimeDays: 10, smsShare: 0, fees: ["6.00", "12.00"], setup: ["15.00", "15.00"], rates: ["0.0350", "0.0700"] }),
    national: offer("national", { documents: ["tax_id"], leadTimeDays: 7, smsShare: 0, fees: ["3.00"], rates: ["0.0150", "0.0400"] }),
  },
  IT: {
    local: offer("local", { documents: ["identity_document", "tax_id"], restrictions: "An address in Italy is required", leadTimeDays: 10, smsShare: 0.1, fees: ["2.00", "4.50", "9.50"], setup: ["5.00", "5.00", "5.00"], rates: ["0.0120", "0.0350"] }),
    mobile: offer("mobile", { documents: ["identity_document", "tax_id"], leadTimeDays: 10, smsShare: 1, fees: ["6.00", "9.00"], rates: ["0.0120", "0.0350"] }),
    toll_free: offer("toll_free", { documents: ["company_registration", "tax_id"], leadTimeDays: 14, smsShare: 0, fees: ["7.00", "14.00"], setup: ["25.00", "25.00"], rates: ["0.0400", "0.0800"] }),
  },
  DE: {
    local: offer("local", { documents: ["local_address", "proof_of_address"], restrictions: IN_AREA, leadTimeDays: 5, smsShare: 0.1, fees: ["1.00", "3.00", "7.50"], rates: ["0.0090", "0.0280"] }),
    mobile: offer("mobile", { documents: ["identity_document"], leadTimeDays: 5, smsShare: 1, fees: ["4.50", "7.50"], rates: ["0.0090", "0.0280"] }),
    toll_free: offer("toll_free", { documents: ["company_registration"], leadTimeDays: 7, smsShare: 0, fees: ["5.00", "10.00"], setup: ["10.00", "10.00"], rates: ["0.0300", "0.0650"] }),
  },
  AT: {
    local: offer("local", { documents: ["local_address"], restrictions: IN_AREA, leadTimeDays: 5, smsShare: 0.1, fees: ["1.50", "3.50", "8.50"], rates: ["0.0110", "0.0350"] }),
    mobile: offer("mobile", { documents: ["identity_document"], leadTimeDays: 5, smsShare: 1, fees: ["5.00", "8.00"], rates: ["0.0110", "0.0350"] }),
    toll_free: offer("toll_free", { documents: ["company_registration"], leadTimeDays: 7, smsShare: 0, fees: ["6.00", "12.00"], setup: ["10.00", "10.00"], rates: ["0.0350", "0.0750"] }),
    national: offer("national", { documents: ["proof_of_address"], restrictions: "An address in Austria is required", leadTimeDays: 5, smsShare: 0.2, fees: ["2.50"], rates: ["0.0110", "0.0350"] }),
  },
  CH: {
    local: offer("local", { documents: ["local_address", "proof_of_address"], restrictions: IN_AREA, leadTimeDays: 5, smsShare: 0.1, fees: ["2.50", "5.00", "12.00"], rates: ["0.0200", "0.0600"] }),
    mobile: offer("mobile", { documents: ["identity_document"], leadTimeDays: 5, smsShare: 1, fees: ["8.00", "12.00"], rates: ["0.0200", "0.0600"] }),
    toll_free: offer("toll_free", { documents: ["company_registration"], leadTimeDays: 7, smsShare: 0, fees: ["9.00", "18.00"], setup: ["20.00", "20.00"], rates: ["0.0450", "0.0900"] }),
    national: offer("national", { documents: ["company_registration"], leadTimeDays: 7, smsShare: 0, fees: ["5.00"], rates: ["0.0200", "0.0600"] }),
  },
  AU: {
    local: offer("local", { documents: ["local_address"], restrictions: IN_AREA, leadTimeDays: 3, smsShare: 0.2, fees: ["2.00", "4.50", "10.00"], rates: ["0.0150", "0.0450"] }),
    mobile: offer("mobile", { documents: ["identity_document"], leadTimeDays: 5, smsShare: 1, fees: ["6.00", "9.50"], rates: ["0.0150", "0.0450"] }),
    toll_free: offer("toll_free", { leadTimeDays: 3, smsShare: 0, fees: ["5.00", "12.00"], rates: ["0.0450", "0.0900"] }),
    national: offer("national", { documents: ["business_license"], leadTimeDays: 5, smsShare: 0, fees: ["4.00"], rates: ["0.0200", "0.0500"] }),
  },
};

export function offerFor(countryId: string, numberTypeId: NumberTypeId): OfferSeed {
  const found = offers[countryId]?.[numberTypeId];
  if (!found) throw new Error(`${countryId} sells no ${numberTypeId} numbers`);
  return found;
}
