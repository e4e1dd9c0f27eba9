import "server-only";
import { readDb } from "@/lib/db/replicas";
import { assertGeography, type Geography } from "@/lib/inventory/geography";
import { formatAmount } from "@/lib/products/money";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Product, ProductMap } from "@/lib/schemas/products";

type ProductRow = {
  id: number;
  name: string;
  country_id: string;
  number_type_id: string;
  region_id: string;
  currency: string;
  monthly_fee: Prisma.Decimal;
  setup_fee: Prisma.Decimal;
  included_minutes: number;
  overage_fixed_rate_per_minute: Prisma.Decimal;
  overage_mobile_rate_per_minute: Prisma.Decimal;
  standard_capacity: string;
  estimated_lead_time: string;
  geographic_restrictions: string;
  mobile_accessible: string;
  outside_country_display: string;
  portable: string;
  required_documents: Product["required_documents"];
};

/**
 * The products of a country, narrowed to a number type and a region when given, as the
 * spec's nested map. Number types come in their reference order, regions and products by id.
 * One statement (documents aggregated per product) rather than the three round trips an
 * include of documents and their types costs.
 */
export async function listProducts(geography: Geography): Promise<ProductMap> {
  await assertGeography(geography);
  const prisma = await readDb();
  const numberType =
    geography.numberType === undefined
      ? Prisma.empty
      : Prisma.sql`AND p.number_type_id = ${geography.numberType}`;
  const region =
    geography.region === undefined ? Prisma.empty : Prisma.sql`AND p.region_id = ${geography.region}`;
  const rows = await prisma.$queryRaw<ProductRow[]>`
    SELECT p.id, p.name, p.country_id, p.number_type_id, p.region_id, p.currency, p.monthly_fee, p.setup_fee,
           p.included_minutes, p.overage_fixed_rate_per_minute, p.overage_mobile_rate_per_minute, p.standard_capacity,
           p.estimated_lead_time, p.geographic_restrictions, p.mobile_accessible, p.outside_country_display, p.portable,
           coalesce((SELECT json_agg(json_build_object('document_type_id', d.id, 'name', d.name, 'more_information', d.more_information) ORDER BY d.id)
                       FROM product_document pd JOIN document_type d ON d.id = pd.document_type_id
                      WHERE pd.product_id = p.id), '[]'::json) AS required_documents
    FROM product p JOIN number_type t ON t.id = p.number_type_id
    WHERE p.country_id = ${geography.country} ${numberType} ${region}
    ORDER BY t.sort_order, p.number_type_id, p.region_id, p.id`;

  // Built only from rows that exist, so a level without products never appears.
  const map: ProductMap = {};
  for (const row of rows) {
    const types = (map[row.country_id] ??= {});
    const regions = (types[row.number_type_id] ??= {});
    (regions[row.region_id] ??= []).push(toProduct(row));
  }
  return map;
}

function toProduct(row: ProductRow): Product {
  return {
    id: String(row.id),
    name: row.name,
    currency: row.currency,
    monthly_fee: formatAmount(row.monthly_fee, 2),
    setup_fee: formatAmount(row.setup_fee, 2),
    included_minutes: String(row.included_minutes),
    overage_fixed_rate_per_minute: formatAmount(row.overage_fixed_rate_per_minute, 4),
    overage_mobile_rate_per_minute: formatAmount(row.overage_mobile_rate_per_minute, 4),
    required_documents: row.required_documents,
    standard_capacity: row.standard_capacity,
    estimated_lead_time: row.estimated_lead_time,
    geographic_restrictions: row.geographic_restrictions,
    mobile_accessible: row.mobile_accessible,
    outside_country_display: row.outside_country_display,
    portable: row.portable,
  };
}
