import "server-only";
import { getDatabase } from "@/lib/db/client";
import type { OrderBundle } from "@/lib/compliance/activation";
import type { ItemGeography, SaleProduct } from "@/lib/orders/pick-product";
import type { ItemLookups } from "@/lib/orders/resolve-items";
import type { OrderRequest } from "@/lib/schemas/orders";

// Everything an order checks before it sells, read in one statement (each round trip is most of an
// order's cost: docs/PERFORMANCE.md, "The sale in two statements"): the answer stored under its
// Idempotency-Key, the numbers it names, the products its items may be bought under, the bundles
// they name and the name its audit entry gives the buyer. Countries, types and regions come from
// the cached reference data. An order that names no number does not look for any: planned for an
// empty array, `= ANY('{}')` lets the planner choose any partial index of the numbers
// (docs/PERFORMANCE.md, "An empty array that walked an index").

type ProductJson = {
  id: number;
  country_id: string;
  number_type_id: string;
  region_id: string;
  currency: string;
  monthly_fee: string;
  setup_fee: string;
  estimated_lead_time: string;
};

type Row = {
  stored: { request_hash: string; status_code: number; response_body: unknown } | null;
  numbers: Array<{
    number_e164: string;
    country_id: string;
    number_type_id: string;
    region_id: string;
    cheapest: ProductJson | null;
  }> | null;
  products: ProductJson[] | null;
  cheapest: Array<{ position: number; product: ProductJson }> | null;
  bundles: Array<{
    id: string;
    status: string;
    country_id: string;
    number_type_id: string;
    valid_until: string | null;
  }> | null;
  actor_name: string | null;
};

export type SaleReads = {
  /** The live record under the key, if any. */
  stored: { requestHash: string; statusCode: number; responseBody: unknown } | null;
  lookups: ItemLookups;
  bundles: OrderBundle[];
  /** The name of the token or person named by `actor` (null: none, or deleted). */
  actorName: string | null;
};

const productJson = `json_build_object('id', p.id, 'country_id', p.country_id, 'number_type_id', p.number_type_id,
  'region_id', p.region_id, 'currency', p.currency, 'monthly_fee', p.monthly_fee::text, 'setup_fee', p.setup_fee::text,
  'estimated_lead_time', p.estimated_lead_time)`;
const cheapestFirst = "ORDER BY p.monthly_fee, p.setup_fee, p.id LIMIT 1";

const READ_SALE = `
  SELECT
    (SELECT json_build_object('request_hash', request_hash, 'status_code', status_code, 'response_body', response_body)
       FROM idempotency_record WHERE organization_id = $1 AND key = $2 AND expires_at > now()) AS stored,
    (SELECT json_agg(json_build_object('number_e164', n.number_e164, 'country_id', n.country_id,
                                       'number_type_id', n.number_type_id, 'region_id', n.region_id,
                                       'cheapest', cheapest.product))
       FROM inventory_number n
       LEFT JOIN LATERAL (
         SELECT ${productJson} AS product FROM product p
          WHERE p.country_id = n.country_id AND p.number_type_id = n.number_type_id AND p.region_id = n.region_id
          ${cheapestFirst}) cheapest ON true
      WHERE cardinality($3::text[]) > 0 AND n.number_e164 = ANY($3::text[])) AS numbers,
    (SELECT json_agg(${productJson}) FROM product p WHERE p.id = ANY($4::int[])) AS products,
    (SELECT json_agg(json_build_object('position', g.position, 'product', cheapest.product))
       FROM unnest($5::char(2)[], $6::text[], $7::text[]) WITH ORDINALITY AS g(country_id, number_type_id, region_id, position)
       JOIN LATERAL (
         SELECT ${productJson} AS product FROM product p
          WHERE p.country_id = g.country_id AND p.number_type_id = g.number_type_id
            AND (g.region_id IS NULL OR p.region_id = g.region_id)
          ${cheapestFirst}) cheapest ON true) AS cheapest,
    (SELECT json_agg(json_build_object('id', b.id, 'status', b.status, 'country_id', b.country_id,
                                       'number_type_id', b.number_type_id, 'valid_until', b.valid_until::text))
       FROM compliance_bundle b WHERE b.id = ANY($8::text[]) AND b.organization_id = $1) AS bundles,
    COALESCE((SELECT name FROM api_token WHERE id = $9), (SELECT name FROM app_user WHERE id = $10)) AS actor_name`;

const toProduct = (row: ProductJson): SaleProduct => ({
  id: row.id,
  countryId: row.country_id,
  numberTypeId: row.number_type_id,
  regionId: row.region_id,
  currency: row.currency,
  monthlyFee: row.monthly_fee,
  setupFee: row.setup_fee,
  estimatedLeadTime: row.estimated_lead_time,
});

const geographyKey = (geography: ItemGeography) =>
  `${geography.countryId}|${geography.numberTypeId}|${geography.regionId ?? ""}`;

/** The one read before a sale; `actor` names the token or person whose name the audit entry takes. */
export async function readSale(
  organizationId: string,
  key: string | null,
  request: OrderRequest,
  actor: { tokenId: string | null; userId: string | null },
): Promise<SaleReads> {
  const named = request.items.flatMap((item) => (item.number_e164 === undefined ? [] : [item.number_e164]));
  const geographies = request.items.filter((item) => item.number_e164 === undefined);
  const productIds = request.items.flatMap((item) =>
    item.product_id === undefined ? [] : [item.product_id],
  );
  const bundleIds = request.items.flatMap((item) => (item.bundle_id === undefined ? [] : [item.bundle_id]));
  const { sql } = await getDatabase();
  const [row] = await sql.query<Row>(READ_SALE, [
    organizationId,
    key,
    named,
    productIds,
    geographies.map((item) => item.country ?? ""),
    geographies.map((item) => item.number_type ?? ""),
    geographies.map((item) => item.region ?? null),
    bundleIds,
    actor.tokenId,
    actor.userId,
  ]);

  const numbers = new Map((row.numbers ?? []).map((number) => [number.number_e164, number]));
  const products = new Map((row.products ?? []).map((product) => [product.id, toProduct(product)]));
  const cheapest = new Map<string, SaleProduct>();
  for (const number of numbers.values())
    if (number.cheapest)
      cheapest.set(
        geographyKey({
          countryId: number.country_id,
          numberTypeId: number.number_type_id,
          regionId: number.region_id,
        }),
        toProduct(number.cheapest),
      );
  for (const entry of row.cheapest ?? []) {
    const item = geographies[entry.position - 1];
    cheapest.set(
      geographyKey({
        countryId: item.country ?? "",
        numberTypeId: item.number_type ?? "",
        regionId: item.region ?? null,
      }),
      toProduct(entry.product),
    );
  }
  return {
    stored: row.stored && {
      requestHash: row.stored.request_hash,
      statusCode: row.stored.status_code,
      responseBody: row.stored.response_body,
    },
    lookups: {
      number(numberE164) {
        const number = numbers.get(numberE164);
        return (
          number && {
            countryId: number.country_id,
            numberTypeId: number.number_type_id,
            regionId: number.region_id,
          }
        );
      },
      byId: (productId) => products.get(productId),
      cheapest: (geography) => cheapest.get(geographyKey(geography)),
    },
    bundles: (row.bundles ?? []).map((bundle) => ({
      id: bundle.id,
      status: bundle.status,
      countryId: bundle.country_id,
      numberTypeId: bundle.number_type_id,
      validUntil: bundle.valid_until,
    })),
    actorName: row.actor_name,
  };
}
