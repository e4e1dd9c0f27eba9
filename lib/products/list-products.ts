import { getPrisma } from "@/lib/db/client";
import { assertGeography, type Geography } from "@/lib/inventory/geography";
import { formatAmount } from "@/lib/products/money";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Product, ProductMap } from "@/lib/schemas/products";

const withDocuments = { requiredDocuments: { include: { documentType: true } } } as const;
type ProductRow = Prisma.ProductGetPayload<{ include: typeof withDocuments }>;

/**
 * The products of a country, narrowed to a number type and a region when given, as the
 * spec's nested map. Number types come in their reference order, regions and products by id.
 */
export async function listProducts(geography: Geography): Promise<ProductMap> {
  await assertGeography(geography);
  const prisma = await getPrisma();
  const rows = await prisma.product.findMany({
    where: { countryId: geography.country, numberTypeId: geography.numberType, regionId: geography.region },
    include: withDocuments,
    orderBy: [{ numberType: { sortOrder: "asc" } }, { numberTypeId: "asc" }, { regionId: "asc" }, { id: "asc" }],
  });

  // Built only from rows that exist, so a level without products never appears.
  const map: ProductMap = {};
  for (const row of rows) {
    const types = (map[row.countryId] ??= {});
    const regions = (types[row.numberTypeId] ??= {});
    (regions[row.regionId] ??= []).push(toProduct(row));
  }
  return map;
}

export function toProduct(row: ProductRow): Product {
  return {
    id: String(row.id),
    name: row.name,
    currency: row.currency,
    monthly_fee: formatAmount(row.monthlyFee, 2),
    setup_fee: formatAmount(row.setupFee, 2),
    included_minutes: String(row.includedMinutes),
    overage_fixed_rate_per_minute: formatAmount(row.overageFixedRatePerMinute, 4),
    overage_mobile_rate_per_minute: formatAmount(row.overageMobileRatePerMinute, 4),
    required_documents: row.requiredDocuments
      .map((link) => link.documentType)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((type) => ({ document_type_id: type.id, name: type.name, more_information: type.moreInformation })),
    standard_capacity: row.standardCapacity,
    estimated_lead_time: row.estimatedLeadTime,
    geographic_restrictions: row.geographicRestrictions,
    mobile_accessible: row.mobileAccessible,
    outside_country_display: row.outsideCountryDisplay,
    portable: row.portable,
  };
}
