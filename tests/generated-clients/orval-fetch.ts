// The fetch orval's generated client calls for an answer that is not JSON (orval.config.ts): the
// body is read as its Content-Type says — JSON, text (a CSV export) or a Blob (a document's file).

/** No body to read: orval's own client answers these with an empty body too. */
const emptyStatuses = new Set([204, 205, 304]);

async function readBody(response: Response): Promise<unknown> {
  if (emptyStatuses.has(response.status)) return null;
  const type = response.headers.get("Content-Type") ?? "";
  if (/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) return response.json();
  if (/^text\//i.test(type)) return response.text();
  return response.blob();
}

/**
 * Orval calls it with the operation's answer type: `{ data, status, headers }` per status, as the
 * document declares them. A mutator cannot prove that of a live answer; orval's own client makes
 * the same claim of what it parsed.
 */
export async function fetchByContentType<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  const data = await readBody(response);
  return { data, status: response.status, headers: response.headers } as T;
}
