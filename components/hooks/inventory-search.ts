import { toQueryString } from "@/components/hooks/api-fetch";
import type { InventoryNumber } from "@/lib/schemas/inventory";

// An inventory search and the request it becomes, apart from the hook ("use client") so that
// the /inventory page can run the same search on the server for the first paint.

/**
 * One inventory search as the portal states it: the path parts and the query parameters of
 * docs/CONTRACT.md §5.
 */
export type InventorySearch = {
  country: string;
  number_type: string | null;
  region: string | null;
  contains: string | null;
  starts_with: string | null;
  ends_with: string | null;
  sms_enabled: boolean | null;
  voice_enabled: boolean | null;
  exclude_all_documents_required: boolean;
  exclude_documents: string[];
  limit: number;
  offset: number;
};

/**
 * What the search query holds: one page, the total from X-Total-Count, and each number as
 * people in its country write it ("020 7946 0000"), by E.164. The writing is done where the
 * page is fetched, so the page itself need not load libphonenumber (~32 kB gzip) to show it.
 */
/** A search in `country` with no filter set: what "clear filters" leaves, and the hook's idle key. */
export function blankInventorySearch(country: string, limit: number): InventorySearch {
  return {
    country,
    number_type: null,
    region: null,
    contains: null,
    starts_with: null,
    ends_with: null,
    sms_enabled: null,
    voice_enabled: null,
    exclude_all_documents_required: false,
    exclude_documents: [],
    limit,
    offset: 0,
  };
}

export type InventoryPage = { items: InventoryNumber[]; total: number; national: Record<string, string> };

export function inventoryPage(
  items: InventoryNumber[],
  total: number,
  nationalFormat: (e164: string) => string,
): InventoryPage {
  return {
    items,
    total,
    national: Object.fromEntries(items.map((item) => [item.number_e164, nationalFormat(item.number_e164)])),
  };
}

export function inventoryPath(search: InventorySearch): string {
  const { country, number_type: numberType, ...query } = search;
  const path = numberType ? `/inventory/${country}/${numberType}` : `/inventory/${country}`;
  return (
    path +
    toQueryString({
      ...query,
      exclude_all_documents_required: query.exclude_all_documents_required || undefined,
    })
  );
}
