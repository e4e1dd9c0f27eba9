import { ApiError } from "@/lib/errors";

/** Where an item's numbers come from; regionId null means any region of the country and type. */
export type ItemGeography = { countryId: string; numberTypeId: string; regionId: string | null };

/** A product as an order item copies it (fees as the database writes them: "4.50"). */
export type SaleProduct = {
  id: number;
  countryId: string;
  numberTypeId: string;
  regionId: string;
  currency: string;
  monthlyFee: string;
  setupFee: string;
  estimatedLeadTime: string;
};

/**
 * The products an order may be bought under, read with the order's other checks in one
 * statement (lib/orders/sale-reads.ts): by id, and the cheapest for a geography.
 */
export type ProductCatalog = {
  byId(productId: number): SaleProduct | undefined;
  cheapest(geography: ItemGeography): SaleProduct | undefined;
};

/**
 * How a conflict is reported: the item's position, and `describe`, which gives the request
 * entries (`items.0.region=…`) behind the named geography fields, or behind all of them when
 * given none: the number for a named number; country, number_type, region for a geography.
 */
export type ItemContext = { position: number; describe: (fields: Array<keyof ItemGeography>) => string[] };

/**
 * The product an item is bought under. A given product_id must sell exactly this geography
 * (docs/CONTRACT.md §7: a toll-free product on a local number is inconsistent). Without one, the
 * cheapest by monthly fee, then setup fee, then id; without a region, any region's product.
 */
export function pickProduct(
  productId: number | undefined,
  geography: ItemGeography,
  item: ItemContext,
  catalog: ProductCatalog,
): SaleProduct {
  const field = `items.${item.position}`;
  if (productId === undefined) {
    const cheapest = catalog.cheapest(geography);
    if (cheapest) return cheapest;
    const where = geography.regionId ? `region ${geography.regionId}` : geography.countryId;
    throw new ApiError(
      "product_not_found",
      `No product sells ${geography.numberTypeId} numbers in ${where}.`,
      item.describe([]).join(", "),
    );
  }

  const product = catalog.byId(productId);
  if (!product)
    throw new ApiError(
      "product_not_found",
      `Product ${productId} does not exist.`,
      `${field}.product_id=${productId}`,
    );
  const mismatched: Array<keyof ItemGeography> = [];
  if (product.countryId !== geography.countryId) mismatched.push("countryId");
  if (product.numberTypeId !== geography.numberTypeId) mismatched.push("numberTypeId");
  if (geography.regionId !== null && product.regionId !== geography.regionId) mismatched.push("regionId");
  if (mismatched.length === 0) return product;

  const fields = [`${field}.product_id=${productId}`, ...item.describe(mismatched)];
  throw new ApiError(
    "inconsistent_order",
    `${field}: product ${productId} sells ${product.countryId} ${product.numberTypeId} numbers in ${product.regionId}, ` +
      `which does not match ${fields.map((entry) => entry.split("=")[0]).join(", ")}.`,
    fields.join(", "),
  );
}
