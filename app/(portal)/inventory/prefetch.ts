// The queries /inventory's client components start with, answered on the server so that the
// first paint already holds the form's lists and the first page of results (no spinner, then
// a table, after the JavaScript has run), and the browser starts with a warm cache.
//
// Each query is what its API route answers: the route's own params, query and response
// schemas around the same domain function. A query that fails here is simply left out; the
// browser then asks the API and shows the error state as it always did.
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import { parseOrThrow, searchParamsToObject } from "@/lib/api/parse";
import { endpoints } from "@/lib/api/registry";
import { nationalFormat } from "@/components/ui/phone-format";
import { inventoryPage, inventoryPath, type InventoryPage, type InventorySearch } from "@/lib/hooks/inventory-search";
import { queryKeys } from "@/lib/hooks/query-keys";
import { searchInventory } from "@/lib/inventory/search";
import { listProducts } from "@/lib/products/list-products";
import { listCountries, listDocumentTypes, listRegions } from "@/lib/reference/lookups";

/**
 * GET /inventory/{country}[/{number_type}] as the route runs it, with the total it sends as
 * X-Total-Count, and the numbers written as the browser's query writes them.
 */
async function searchAsTheApi(search: InventorySearch): Promise<InventoryPage> {
  const endpoint = search.number_type ? endpoints["GET /inventory/{country}/{number_type}"] : endpoints["GET /inventory/{country}"];
  const params = parseOrThrow(endpoint.params, { country: search.country, ...(search.number_type ? { number_type: search.number_type } : {}) }, "path");
  const url = new URL(inventoryPath(search), "http://portal.invalid");
  const query = parseOrThrow(endpoint.query, searchParamsToObject(url.searchParams), "query");
  const numberType = "number_type" in params ? params.number_type : undefined;
  const { items, total } = await searchInventory({ ...query, country: params.country, numberType });
  return inventoryPage(endpoint.response.parse(items), total, nationalFormat);
}

/** The dehydrated cache for /inventory with this search (null: no country chosen yet). */
export async function prefetchInventoryPage(search: InventorySearch | null): Promise<DehydratedState> {
  const client = new QueryClient();
  const prefetches = [
    client.prefetchQuery({
      queryKey: queryKeys.countries(),
      queryFn: async () => endpoints["GET /countries"].response.parse(await listCountries()),
    }),
    client.prefetchQuery({
      queryKey: queryKeys.documentTypes(),
      queryFn: async () => endpoints["GET /document_types"].response.parse(await listDocumentTypes()),
    }),
  ];
  if (search !== null) {
    prefetches.push(
      client.prefetchQuery({
        queryKey: queryKeys.regions(search.country),
        queryFn: async () => {
          const endpoint = endpoints["GET /regions/{country}"];
          const { country } = parseOrThrow(endpoint.params, { country: search.country }, "path");
          return endpoint.response.parse(await listRegions(country));
        },
      }),
      client.prefetchQuery({
        queryKey: queryKeys.products(search.country, null),
        queryFn: async () => {
          const endpoint = endpoints["GET /products/{country}"];
          const { country } = parseOrThrow(endpoint.params, { country: search.country }, "path");
          return endpoint.response.parse(await listProducts({ country }));
        },
      }),
      client.prefetchQuery({ queryKey: queryKeys.inventory.search(search), queryFn: () => searchAsTheApi(search) }),
    );
  }
  // prefetchQuery never throws; dehydrate keeps only the queries that succeeded.
  await Promise.all(prefetches);
  return dehydrate(client);
}
