// The /numbers page's search box and filters, read apart from the hooks so query keys can name
// them and the URL, the list, the CSV and a bulk job all ask for the same numbers.
import {
  MAX_NUMBER_TAGS,
  NUMBER_PAGE,
  NUMBER_TAG,
  numberStatuses,
  type NumberStatus,
} from "@/lib/schemas/limits";

const numberSorts = ["number", "name", "purchased_at", "-purchased_at"] as const;
type NumberSort = (typeof numberSorts)[number];

/** GET /numbers' filters (docs/CONTRACT.md §16); null and [] are "not filtered". */
export type NumberFilters = {
  /** null: the API's default, active and waiting for documents (released ones only when asked). */
  status: NumberStatus[] | null;
  tags: string[];
  country: string | null;
  number_type: string | null;
  region: string | null;
  /** null: the API's default, by number. */
  sort: NumberSort | null;
};

export const noFilters: NumberFilters = {
  status: null,
  tags: [],
  country: null,
  number_type: null,
  region: null,
  sort: null,
};

/** What the rule viewer's one search box asked for; `organization_id` is for support users. */
export type NumberSearch = {
  by: "all" | "digits" | "name";
  value: string;
  organization_id: string | null;
  offset: number;
  limit: number;
  filters: NumberFilters;
};

/** Rows a page of /numbers shows unless `?limit=` says otherwise. */
const NUMBERS_PER_PAGE = 25;

/** `?limit=` as a page size the API takes (1 to its maximum), else the page's own. */
export function numbersPageSize(text: string | null): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= NUMBER_PAGE.maxLimit ? value : NUMBERS_PER_PAGE;
}

/**
 * Reads the search box: text made of digits, spaces, brackets, dashes, dots and a leading +
 * is digits (`contains`: "(212) 202-7333", "020 4903 8196", "7333", extension "101"); other
 * text a name.
 */
export function interpretNumberSearch(
  text: string,
  organizationId: string | null,
  offset = 0,
  limit = NUMBERS_PER_PAGE,
  filters: NumberFilters = noFilters,
): NumberSearch {
  const trimmed = text.trim();
  const page = { organization_id: organizationId, offset, limit, filters };
  if (trimmed === "") return { by: "all", value: "", ...page };
  if (/^\+?[\d\s().\-/]+$/.test(trimmed) && /\d/.test(trimmed))
    return { by: "digits", value: trimmed, ...page };
  return { by: "name", value: trimmed, ...page };
}

const listOf = (text: string | null) =>
  (text ?? "")
    .split(/[\s,]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** Tags as typed ("Sales, support" or "sales support"): lower case, once each, bad ones dropped. */
export function readTags(text: string | null): string[] {
  const tags = listOf(text)
    .filter((tag) => NUMBER_TAG.test(tag))
    .map((tag) => tag.toLowerCase());
  return [...new Set(tags)].slice(0, MAX_NUMBER_TAGS);
}

/**
 * The filters of the page's query string (the API's own parameter names). A value the API would
 * refuse (a hand-edited link) is left out rather than turned into an error page.
 */
export function readNumberFilters(params: URLSearchParams): NumberFilters {
  const statuses = listOf(params.get("status")).filter((status): status is NumberStatus =>
    (numberStatuses as readonly string[]).includes(status),
  );
  const country = (params.get("country") ?? "").toUpperCase();
  const numberType = params.get("number_type") ?? "";
  const region = (params.get("region") ?? "").toUpperCase();
  const sort = params.get("sort") ?? "";
  return {
    status: statuses.length === 0 ? null : [...new Set(statuses)],
    tags: readTags(params.get("tag")),
    country: /^[A-Z]{2}$/.test(country) ? country : null,
    number_type: /^[a-z_]{1,32}$/.test(numberType) ? numberType : null,
    region: /^[A-Z0-9_-]{1,80}$/.test(region) ? region : null,
    sort: (numberSorts as readonly string[]).includes(sort) ? (sort as NumberSort) : null,
  };
}

/** The filters as query parameters, for the page's URL and GET /numbers alike (empty = absent). */
export function filterParams(filters: NumberFilters): Record<string, string> {
  return {
    status: filters.status?.join(",") ?? "",
    tag: filters.tags.join(","),
    country: filters.country ?? "",
    number_type: filters.number_type ?? "",
    region: filters.region ?? "",
    sort: filters.sort ?? "",
  };
}

/** GET /numbers' parameters for a search, a page of it, or (`format: "csv"`) all of it. */
export function searchParameters(
  search: NumberSearch,
  format: "page" | "csv" = "page",
): Record<string, string | number | undefined> {
  return {
    contains: search.by === "digits" ? search.value : undefined,
    name: search.by === "name" ? search.value : undefined,
    ...filterParams(search.filters),
    organization_id: search.organization_id ?? undefined,
    ...(format === "csv" ? { format: "csv" } : { limit: search.limit, offset: search.offset || undefined }),
  };
}

/**
 * The filter a bulk job takes for "all N matching" (POST /jobs `filter`), or null when the
 * search says more than a job's filter can (the search box's digits or name): then the job
 * names the numbers.
 */
export function jobFilter(search: NumberSearch): Record<string, string | string[]> | null {
  if (search.by !== "all") return null;
  const { status, tags, country, number_type: numberType, region } = search.filters;
  const filter: Record<string, string | string[]> = {};
  if (status !== null) filter.status = status;
  if (tags.length > 0) filter.tag = tags;
  if (country !== null) filter.country = country;
  if (numberType !== null) filter.number_type = numberType;
  if (region !== null) filter.region = region;
  return filter;
}
