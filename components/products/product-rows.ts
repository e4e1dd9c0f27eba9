import { cheapestProduct, toMinorUnits } from "@/lib/cart/checkout";
import type { Product, ProductMap } from "@/lib/schemas/products";

// The products page's rows: one per (region, product), sortable, cheapest per region marked.

export type ProductRow = { regionId: string; regionName: string; product: Product; cheapest: boolean };

export const sortKeys = ["region", "monthly_fee", "setup_fee", "included_minutes", "lead_time"] as const;
export type SortKey = (typeof sortKeys)[number];
export type SortDirection = "asc" | "desc";

export function productRows(
  map: ProductMap | undefined,
  country: string,
  numberType: string,
  regionNames: Map<string, string>,
): ProductRow[] {
  const byRegion = map?.[country]?.[numberType] ?? {};
  return Object.entries(byRegion).flatMap(([regionId, products]) => {
    const cheapest = cheapestProduct(products);
    return products.map((product) => ({
      regionId,
      regionName: regionNames.get(regionId) ?? regionId,
      product,
      cheapest: product === cheapest,
    }));
  });
}

// "5 days" → 5; free text without a number sorts last.
const leadDays = (text: string) => Number(/\d+/.exec(text)?.[0] ?? Number.POSITIVE_INFINITY);

const sortValue: Record<SortKey, (row: ProductRow) => number | string> = {
  region: (row) => row.regionName,
  monthly_fee: (row) => toMinorUnits(row.product.monthly_fee),
  setup_fee: (row) => toMinorUnits(row.product.setup_fee),
  included_minutes: (row) => Number(row.product.included_minutes),
  lead_time: (row) => leadDays(row.product.estimated_lead_time),
};

export function sortRows(rows: ProductRow[], key: SortKey, direction: SortDirection): ProductRow[] {
  const sign = direction === "asc" ? 1 : -1;
  const value = sortValue[key];
  // Ties fall back to region, then monthly fee, so the order never depends on the map's order.
  return [...rows].sort(
    (a, b) =>
      sign * compare(value(a), value(b)) ||
      compare(a.regionName, b.regionName) ||
      compare(sortValue.monthly_fee(a), sortValue.monthly_fee(b)),
  );
}

function compare(a: number | string, b: number | string): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a).localeCompare(String(b));
}
