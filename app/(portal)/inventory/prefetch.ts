// The queries /inventory's client components start with, answered on the server so that the
// first paint already holds the form's lists and the first page of results, and the browser
// starts with a warm cache. Each is the API route itself (callEndpoint) with the signed-in
// person's credentials; a query the API refuses is left out, for the browser to ask and show.
import "server-only";
import { dehydrate, QueryClient, type DehydratedState } from "@tanstack/react-query";
import * as countriesRoute from "@/app/api/v2/countries/route";
import * as documentTypesRoute from "@/app/api/v2/document_types/route";
import * as inventoryByTypeRoute from "@/app/api/v2/inventory/[country]/[number_type]/route";
import * as inventoryRoute from "@/app/api/v2/inventory/[country]/route";
import * as productsRoute from "@/app/api/v2/products/[country]/route";
import * as regionsRoute from "@/app/api/v2/regions/[country]/route";
import { callEndpoint } from "@/lib/api/call-endpoint";
import {
  inventoryPage,
  inventoryPath,
  type InventoryPage,
  type InventorySearch,
} from "@/components/hooks/inventory-search";
import { queryKeys } from "@/components/hooks/query-keys";
import { nationalFormat } from "@/lib/reference/phone-format";

/** The search as the browser's query runs it: the page, X-Total-Count, numbers written out. */
async function searchAsTheBrowser(search: InventorySearch, credentials: HeadersInit): Promise<InventoryPage> {
  const path = inventoryPath(search);
  const { body, headers } = search.number_type
    ? await callEndpoint(inventoryByTypeRoute, "GET /inventory/{country}/{number_type}", path, credentials)
    : await callEndpoint(inventoryRoute, "GET /inventory/{country}", path, credentials);
  return inventoryPage(body, Number(headers.get("x-total-count")), nationalFormat);
}

/** The dehydrated cache for /inventory with this search (null: no country chosen yet). */
export async function prefetchInventoryPage(
  search: InventorySearch | null,
  credentials: HeadersInit,
): Promise<DehydratedState> {
  const client = new QueryClient();
  const prefetches = [
    client.prefetchQuery({
      queryKey: queryKeys.countries(),
      queryFn: async () =>
        (await callEndpoint(countriesRoute, "GET /countries", "/countries", credentials)).body,
    }),
    client.prefetchQuery({
      queryKey: queryKeys.documentTypes(),
      queryFn: async () =>
        (await callEndpoint(documentTypesRoute, "GET /document_types", "/document_types", credentials)).body,
    }),
  ];
  if (search !== null) {
    const country = encodeURIComponent(search.country);
    prefetches.push(
      client.prefetchQuery({
        queryKey: queryKeys.regions(search.country),
        queryFn: async () =>
          (await callEndpoint(regionsRoute, "GET /regions/{country}", `/regions/${country}`, credentials))
            .body,
      }),
      client.prefetchQuery({
        queryKey: queryKeys.products(search.country, null),
        queryFn: async () =>
          (await callEndpoint(productsRoute, "GET /products/{country}", `/products/${country}`, credentials))
            .body,
      }),
      client.prefetchQuery({
        queryKey: queryKeys.inventory.search(search),
        queryFn: () => searchAsTheBrowser(search, credentials),
      }),
    );
  }
  // prefetchQuery never throws; dehydrate keeps only the queries that succeeded.
  await Promise.all(prefetches);
  return dehydrate(client);
}
