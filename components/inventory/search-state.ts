import { ApiClientError } from "@/components/hooks/api-fetch";
import type { InventorySearch } from "@/components/hooks/use-inventory";
import { INVENTORY_PAGE } from "@/lib/schemas/limits";

// The inventory search lives in the page's query string (docs/CONTRACT.md §10: shareable, survives a
// reload). The names are the API's own, plus `country` and `type` for the path parts.

export const PAGE_SIZES = [25, 50, 100] as const;

const flag = (value: string | null): boolean | null =>
  value === "true" ? true : value === "false" ? false : null;
const text = (value: string | null): string | null => (value && value.trim() !== "" ? value.trim() : null);

function pageNumber(value: string | null, fallback: number, max: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 0 && parsed <= max ? parsed : fallback;
}

/** null until a country is chosen: there is nothing to search before that. */
export function searchFromParams(params: URLSearchParams): InventorySearch | null {
  const country = text(params.get("country"))?.toUpperCase();
  if (!country) return null;
  const limit =
    pageNumber(params.get("limit"), INVENTORY_PAGE.defaultLimit, INVENTORY_PAGE.maxLimit) ||
    INVENTORY_PAGE.defaultLimit;
  return {
    country,
    number_type: text(params.get("type")),
    region: text(params.get("region")),
    contains: text(params.get("contains")),
    starts_with: text(params.get("starts_with")),
    ends_with: text(params.get("ends_with")),
    sms_enabled: flag(params.get("sms_enabled")),
    voice_enabled: flag(params.get("voice_enabled")),
    exclude_all_documents_required: params.get("exclude_all_documents_required") === "true",
    exclude_documents: params
      .getAll("exclude_documents")
      .flatMap((value) => value.split(","))
      .filter(Boolean),
    limit,
    offset: pageNumber(params.get("offset"), 0, INVENTORY_PAGE.maxOffset),
  };
}

export function searchToParams(search: InventorySearch): URLSearchParams {
  const params = new URLSearchParams();
  params.set("country", search.country);
  if (search.number_type) params.set("type", search.number_type);
  if (search.region) params.set("region", search.region);
  if (search.contains) params.set("contains", search.contains);
  if (search.starts_with) params.set("starts_with", search.starts_with);
  if (search.ends_with) params.set("ends_with", search.ends_with);
  if (search.sms_enabled !== null) params.set("sms_enabled", String(search.sms_enabled));
  if (search.voice_enabled !== null) params.set("voice_enabled", String(search.voice_enabled));
  if (search.exclude_all_documents_required) params.set("exclude_all_documents_required", "true");
  for (const id of search.exclude_documents) params.append("exclude_documents", id);
  if (search.limit !== INVENTORY_PAGE.defaultLimit) params.set("limit", String(search.limit));
  if (search.offset > 0) params.set("offset", String(search.offset));
  return params;
}

/**
 * A search parameter the API refused, and the value it was given; `reason`, the API's words
 * when they say what the form could not check itself (a start that no number of the chosen
 * country has), rather than the value's format, which the form words on its own.
 */
export type RefusedFilter = { param: string; value: string; reason?: string };

/**
 * The filter a refused search names: a 400 whose details read "query.region=nope" or
 * "path.country=XX" (docs/CONTRACT.md §3). null for any other failure, which asking again may mend.
 */
export function refusedFilter(error: unknown): RefusedFilter | null {
  if (!(error instanceof ApiClientError) || error.status !== 400) return null;
  const match = /^(?:query|path)\.([a-z_]+)(?:\.\d+)?=(.*)$/s.exec(error.body?.error.details ?? "");
  if (!match) return null;
  const message = error.body?.error.message ?? "";
  return / cannot match\b/.test(message)
    ? { param: match[1], value: match[2], reason: message }
    : { param: match[1], value: match[2] };
}
