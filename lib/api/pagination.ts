// X-Total-Count and Link (RFC 8288) for offset-paginated lists (docs/CONTRACT.md §5, §7).

export type Page = { limit: number; offset: number; total: number };

/**
 * The headers of one page. Links are absolute and keep every other query parameter as the
 * caller sent it, so following `next` repeats the same search one page further.
 */
export function paginationHeaders(requestUrl: string, page: Page): Record<string, string> {
  const links: string[] = [];
  if (page.offset + page.limit < page.total)
    links.push(link(requestUrl, page.limit, page.offset + page.limit, "next"));
  if (page.offset > 0)
    links.push(link(requestUrl, page.limit, Math.max(0, page.offset - page.limit), "prev"));
  const headers: Record<string, string> = { "X-Total-Count": String(page.total) };
  if (links.length > 0) headers.Link = links.join(", ");
  return headers;
}

function link(requestUrl: string, limit: number, offset: number, rel: string): string {
  const url = new URL(requestUrl);
  url.searchParams.set("limit", String(limit));
  url.searchParams.set("offset", String(offset));
  return `<${url.toString()}>; rel="${rel}"`;
}
