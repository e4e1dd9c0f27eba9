import { hashKey, type DehydratedState } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { prefetchInventoryPage } from "@/app/(portal)/inventory/prefetch";
import { searchFromParams } from "@/components/inventory/search-state";
import { nationalFormat } from "@/lib/reference/phone-format";
import { inventoryPath, type InventorySearch } from "@/components/hooks/inventory-search";
import { queryKeys } from "@/components/hooks/query-keys";
import { get } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";

// The server hands /inventory's first queries to the browser's cache: each must be exactly
// what the browser would have fetched from the API, or absent when the API would refuse.

const searchOf = (query: string): InventorySearch => {
  const search = searchFromParams(new URLSearchParams(query));
  if (search === null) throw new Error(`no country in ${query}`);
  return search;
};

function cached(state: DehydratedState, key: readonly unknown[]): unknown {
  return state.queries.find((query) => query.queryHash === hashKey(key))?.state.data;
}

async function fromApi(path: string): Promise<unknown> {
  const response = await get(path, { token: "acmeAll" });
  expect(response.status, path).toBe(200);
  return response.body;
}

const credentials = { authorization: `Bearer ${testTokens.acmeAll.secret}` };

describe("prefetchInventoryPage", () => {
  it("without a search: the countries and document types, as the API lists them", async () => {
    const state = await prefetchInventoryPage(null, credentials);
    expect(cached(state, queryKeys.countries())).toEqual(await fromApi("/countries"));
    expect(cached(state, queryKeys.documentTypes())).toEqual(await fromApi("/document_types"));
    expect(state.queries).toHaveLength(2);
  });

  it.each([
    ["country=GB&type=local", true],
    ["country=gb&type=local&region=GB-ENG-LONDON-20&voice_enabled=true&limit=2&offset=1", true],
    ["country=US&contains=A", true],
    ["country=US&type=toll_free&exclude_all_documents_required=true&sms_enabled=false", true],
    ["country=GB&starts_with=20&limit=100", true],
    ["country=GB&type=local&offset=100000", false],
  ])("%s: the page and total the API answers, the country's regions and products", async (query, found) => {
    const search = searchOf(query);
    const state = await prefetchInventoryPage(search, credentials);
    const response = await get<{ number_e164: string }[]>(inventoryPath(search), { token: "acmeAll" });
    expect(response.status).toBe(200);
    expect(response.body.length > 0).toBe(found);
    expect(cached(state, queryKeys.inventory.search(search))).toEqual({
      items: response.body,
      total: Number(response.headers.get("x-total-count")),
      national: Object.fromEntries(
        response.body.map((item) => [item.number_e164, nationalFormat(item.number_e164)]),
      ),
    });
    expect(cached(state, queryKeys.regions(search.country))).toEqual(
      await fromApi(`/regions/${search.country}`),
    );
    expect(cached(state, queryKeys.products(search.country, null))).toEqual(
      await fromApi(`/products/${search.country}`),
    );
  });

  it.each([
    ["an unknown country", "country=ZZ", 400],
    ["a malformed country", "country=USA", 400],
    ["a pattern the API refuses", "country=GB&contains=1-800", 400],
    ["a region of another country", "country=US&region=GB-ENG-LONDON-20", 400],
    ["an unknown document type", "country=GB&exclude_documents=passport_of_mars", 400],
  ])(
    "leaves out a search the API refuses (%s), for the browser to ask and show the error",
    async (_label, query, status) => {
      const search = searchOf(query);
      expect((await get(inventoryPath(search), { token: "acmeAll" })).status).toBe(status);
      const state = await prefetchInventoryPage(search, credentials);
      expect(cached(state, queryKeys.inventory.search(search))).toBeUndefined();
      expect(cached(state, queryKeys.countries())).toEqual(await fromApi("/countries"));
    },
  );

  it("asks as the signed-in caller: without credentials the API's 401 leaves every query to the browser", async () => {
    const state = await prefetchInventoryPage(searchOf("country=GB"), {});
    expect(state.queries).toEqual([]);
  });
});
