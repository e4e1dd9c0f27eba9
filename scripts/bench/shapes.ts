// The request shapes the benchmark drives, shared by the app run, the bare-driver baseline
// and the EXPLAIN helper, so all three ask the same questions.
import { inventoryQuerySchema } from "@/lib/schemas/inventory";
import { searchParamsToObject } from "@/lib/api/parse";
import type { InventoryCriteria } from "@/lib/inventory/search";

export type InventoryShape = {
  key: string;
  label: string;
  country: string;
  numberType?: string;
  query: string;
};

// US is the largest country of the seeded inventory (~110,000 numbers in 1,000,000).
export const inventoryShapes: InventoryShape[] = [
  {
    key: "country_type",
    label: "inventory: country and type",
    country: "US",
    numberType: "local",
    query: "",
  },
  { key: "contains_3", label: "inventory: contains 3 digits", country: "US", query: "contains=789" },
  { key: "contains_6", label: "inventory: contains 6 digits", country: "US", query: "contains=555012" },
  {
    key: "sms_docs",
    label: "inventory: sms + exclude_documents",
    country: "US",
    numberType: "local",
    query: "sms_enabled=true&exclude_documents=proof_of_address",
  },
  {
    key: "region",
    label: "inventory: region",
    country: "US",
    numberType: "local",
    query: "region=US-NY-NEW_YORK-212",
  },
  {
    key: "offset",
    label: "inventory: offset 10,000",
    country: "US",
    numberType: "local",
    query: "offset=10000",
  },
];

export const PRODUCTS_COUNTRY = "US";

export function inventoryPath(shape: InventoryShape): string {
  const path = `/inventory/${shape.country}${shape.numberType ? `/${shape.numberType}` : ""}`;
  return shape.query ? `${path}?${shape.query}` : path;
}

/** The search the app's route makes of a shape: the query string parsed by the route's schema. */
export function searchFor(
  country: string,
  numberType: string | undefined,
  query: URLSearchParams,
): InventoryCriteria {
  const parsed = inventoryQuerySchema.parse(searchParamsToObject(query));
  // A viewer holding nothing, as most searches are: holds are measured apart (docs/PERFORMANCE.md).
  return {
    ...parsed,
    country: country.toUpperCase(),
    numberType,
    viewer: { organizationId: "org_bench_viewer", now: new Date() },
  };
}
