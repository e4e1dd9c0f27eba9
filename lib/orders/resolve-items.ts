import "server-only";
import { ApiError } from "@/lib/errors";
import { assertGeography } from "@/lib/inventory/geography";
import {
  pickProduct,
  type ItemContext,
  type ItemGeography,
  type ProductCatalog,
  type SaleProduct,
} from "@/lib/orders/pick-product";
import type { OrderItemInput } from "@/lib/schemas/orders";

export type ResolvedItem = ItemGeography & {
  position: number;
  kind: "named_number" | "geography";
  /** The number asked for, for a named number. */
  numberE164: string | null;
  quantity: number;
  product: SaleProduct;
  /** The approved compliance bundle the item names (docs/CONTRACT.md §17), checked by assertOrderBundles. */
  bundleId: string | null;
};

export type Resolution = {
  items: ResolvedItem[];
  /** Named numbers that are not in the inventory at all: the order must answer 409. */
  unknownNumbers: string[];
};

const requestNames: Record<keyof ItemGeography, string> = {
  countryId: "country",
  numberTypeId: "number_type",
  regionId: "region",
};

/** What the order's one read found (lib/orders/sale-reads.ts): the named numbers and the products. */
export type ItemLookups = ProductCatalog & {
  /** A named number's geography; undefined when it is not in the inventory at all. */
  number(numberE164: string): ItemGeography | undefined;
};

/**
 * Checks every item against the reference data and picks its product: all the 400 answers of
 * an order. Availability is not decided here: only the sale's statement can say that.
 */
export async function resolveItems(items: OrderItemInput[], lookups: ItemLookups): Promise<Resolution> {
  assertNoRepeatedNumbers(items);

  const resolved: ResolvedItem[] = [];
  const unknownNumbers: string[] = [];
  for (const [position, item] of items.entries()) {
    if (item.number_e164 === undefined) {
      resolved.push(await resolveGeographyItem(position, item, lookups));
      continue;
    }
    const number = lookups.number(item.number_e164);
    if (!number) unknownNumbers.push(item.number_e164);
    else resolved.push(resolveNamedItem(position, item, item.number_e164, number, lookups));
  }
  return { items: resolved, unknownNumbers };
}

function assertNoRepeatedNumbers(items: OrderItemInput[]): void {
  const seen = new Map<string, number>();
  for (const [position, item] of items.entries()) {
    if (item.number_e164 === undefined) continue;
    const first = seen.get(item.number_e164);
    if (first !== undefined) {
      throw new ApiError(
        "invalid_parameter",
        `items.${position}.number_e164: ${item.number_e164} is already ordered by items.${first}`,
        `items.${position}.number_e164=${item.number_e164}`,
      );
    }
    seen.set(item.number_e164, position);
  }
}

function resolveNamedItem(
  position: number,
  item: OrderItemInput,
  numberE164: string,
  number: ItemGeography,
  lookups: ItemLookups,
): ResolvedItem {
  const field = `items.${position}`;
  const given: Partial<ItemGeography> = {
    countryId: item.country,
    numberTypeId: item.number_type,
    regionId: item.region,
  };
  const mismatched = (Object.keys(requestNames) as Array<keyof ItemGeography>).filter(
    (key) => given[key] !== undefined && given[key] !== number[key],
  );
  if (mismatched.length > 0) {
    const names = mismatched.map((key) => `${field}.${requestNames[key]}`);
    throw new ApiError(
      "inconsistent_order",
      `${field}: ${numberE164} is a ${number.countryId} ${number.numberTypeId} number in ${number.regionId}, which does not match ${names.join(", ")}.`,
      [
        `${field}.number_e164=${numberE164}`,
        ...mismatched.map((key) => `${field}.${requestNames[key]}=${given[key]}`),
      ].join(", "),
    );
  }
  const context: ItemContext = { position, describe: () => [`${field}.number_e164=${numberE164}`] };
  const product = pickProduct(item.product_id, number, context, lookups);
  return {
    ...number,
    position,
    kind: "named_number",
    numberE164,
    quantity: 1,
    product,
    bundleId: item.bundle_id ?? null,
  };
}

async function resolveGeographyItem(
  position: number,
  item: OrderItemInput,
  lookups: ItemLookups,
): Promise<ResolvedItem> {
  const field = `items.${position}`;
  // The schema has made sure both are present for a geography item.
  const geography: ItemGeography = {
    countryId: item.country ?? "",
    numberTypeId: item.number_type ?? "",
    regionId: item.region ?? null,
  };
  await withItemDetails(field, () =>
    assertGeography(
      { country: geography.countryId, numberType: geography.numberTypeId, region: item.region },
      `${field}.region`,
    ),
  );
  const context: ItemContext = {
    position,
    describe: (fields) =>
      (fields.length > 0 ? fields : (Object.keys(requestNames) as Array<keyof ItemGeography>))
        .filter((key) => geography[key] !== null)
        .map((key) => `${field}.${requestNames[key]}=${geography[key]}`),
  };
  const product = pickProduct(item.product_id, geography, context, lookups);
  return {
    ...geography,
    position,
    kind: "geography",
    numberE164: null,
    quantity: item.quantity ?? 1,
    product,
    bundleId: item.bundle_id ?? null,
  };
}

// The reference lookups name a bare `country=XX`; in an order the item says which one.
async function withItemDetails<T>(field: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    if (
      error instanceof ApiError &&
      (error.code === "unknown_country" || error.code === "unknown_number_type")
    ) {
      throw new ApiError(error.code, `${field}: ${error.message}`, `${field}.${error.details}`);
    }
    throw error;
  }
}
