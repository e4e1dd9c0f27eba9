import type { IncomingMessage, ServerResponse } from "node:http";

// The few steps between node:http and a fetch-style Response, for the servers that answer some
// requests before (or without) Next: the custom server (scripts/server.ts), its body edges
// (lib/api/request-body-edges.ts) and the METRICS_PORT listener (lib/api/metrics-endpoint.ts).

/** The path of a request target, without its query or fragment. */
export function pathOf(target: string): string {
  const queryAt = target.search(/[?#]/);
  return queryAt === -1 ? target : target.slice(0, queryAt);
}

export function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

/**
 * Writes `answer` as the response (no body to a HEAD, but the length it would have); resolves
 * once it is written.
 */
export async function send(
  answer: Response,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, {
    ...Object.fromEntries(answer.headers),
    "Content-Length": String(body.length),
  });
  await new Promise<void>((resolve) => response.end(request.method === "HEAD" ? undefined : body, resolve));
}
