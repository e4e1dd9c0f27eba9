// The rule viewer's one search box, read apart from the hooks so query keys can name it.
import { NUMBER_PAGE } from "@/lib/schemas/limits";

/** What the rule viewer's one search box asked for; `organization_id` is for support users. */
export type NumberSearch = {
  by: "all" | "digits" | "name";
  value: string;
  organization_id: string | null;
  offset: number;
  limit: number;
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
): NumberSearch {
  const trimmed = text.trim();
  const page = { organization_id: organizationId, offset, limit };
  if (trimmed === "") return { by: "all", value: "", ...page };
  if (/^\+?[\d\s().\-/]+$/.test(trimmed) && /\d/.test(trimmed))
    return { by: "digits", value: trimmed, ...page };
  return { by: "name", value: trimmed, ...page };
}
