"use client";
import { useQueries, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/components/hooks/api-fetch";
import { queryKeys } from "@/components/hooks/query-keys";
import type { productMapSchema, ProductMap } from "@/lib/schemas/products";

const PRODUCTS_STALE_MS = 5 * 60_000;

function productsQuery(country: string, numberType: string | null) {
  return {
    queryKey: queryKeys.products(country, numberType),
    queryFn: async ({ signal }: { signal: AbortSignal }) => {
      const path = numberType ? `/products/${country}/${numberType}` : `/products/${country}`;
      return (await apiFetch<typeof productMapSchema>(path, { signal })).data;
    },
    staleTime: PRODUCTS_STALE_MS,
  };
}

/** GET /products/{country}[/{number_type}]: the nested map of docs/CONTRACT.md §6. */
export function useProducts(country: string | null, numberType: string | null = null) {
  return useQuery({ ...productsQuery(country ?? "", numberType), enabled: Boolean(country) });
}

/** The same resource for several (country, type) pairs at once, merged into one map. */
export function useProductsFor(pairs: readonly { country: string; number_type: string }[]): {
  map: ProductMap;
  isPending: boolean;
  error: unknown;
} {
  const unique = [...new Map(pairs.map((pair) => [`${pair.country}/${pair.number_type}`, pair])).values()];
  return useQueries({
    queries: unique.map((pair) => productsQuery(pair.country, pair.number_type)),
    combine: (results) => {
      const map: ProductMap = {};
      for (const result of results) {
        for (const [country, types] of Object.entries(result.data ?? {}))
          map[country] = { ...map[country], ...types };
      }
      return {
        map,
        isPending: results.some((result) => result.isPending),
        error: results.find((result) => result.error)?.error ?? null,
      };
    },
  });
}
