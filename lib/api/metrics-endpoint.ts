import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type Server } from "node:http";
import { ApiError } from "@/lib/errors";
import { errorResponse } from "@/lib/api/responses";
import { requestIdFor } from "@/lib/api/request-id";
import { scrapeMetrics } from "@/lib/observability/metrics";
import { headersOf, pathOf, send } from "@/lib/api/node-http";

// GET /metrics (docs/OPERATIONS.md), answered by the custom server (scripts/server.ts) before
// Next sees the request, on either door:
// - METRICS_PORT set: on that port, to anyone who reaches it (keep the port inside the network);
//   the app's port then has no /metrics (404), so a public address never shows it;
// - else METRICS_TOKEN set: on the app's port, only for `Authorization: Bearer <METRICS_TOKEN>`
//   (401 with no metrics otherwise);
// - neither: not served at all (404).

export const METRICS_PATH = "/metrics";

type Settings = { METRICS_PORT?: number; METRICS_TOKEN?: string };
/** Which door the request came through: the METRICS_PORT listener, or the app's own port. */
type Door = "metrics-port" | "app-port";

// Both sides hashed first: digests are always 32 bytes, so the comparison takes the same time
// whatever the length of what was sent, and the token's length does not leak.
function sameSecret(sent: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(sent), digest(expected));
}

/** The refusal for this request, or null when it may read the metrics. */
function refusal(settings: Settings, door: Door, method: string, headers: Headers): ApiError | null {
  if (door === "app-port" && (settings.METRICS_PORT !== undefined || !settings.METRICS_TOKEN))
    return new ApiError("not_found", `There is nothing at ${METRICS_PATH}.`, `path=${METRICS_PATH}`);
  if (method !== "GET" && method !== "HEAD")
    return new ApiError("method_not_allowed", `${method} is not allowed here; use GET.`, `method=${method}`, {
      Allow: "GET, HEAD",
    });
  if (door === "metrics-port") return null;
  const sent = /^Bearer (.+)$/i.exec(headers.get("authorization") ?? "")?.[1];
  if (sent !== undefined && sameSecret(sent, settings.METRICS_TOKEN ?? "")) return null;
  return new ApiError(
    "unauthorized",
    "Metrics need 'Authorization: Bearer <METRICS_TOKEN>'.",
    sent === undefined ? "header.authorization=(none)" : "header.authorization=(not the metrics token)",
    { "WWW-Authenticate": 'Bearer realm="metrics"' },
  );
}

/** The answer to a request for /metrics: the scrape, or the error body saying why not. */
export async function answerMetrics(
  settings: Settings,
  door: Door,
  method: string,
  headers: Headers,
): Promise<Response> {
  const refused = refusal(settings, door, method, headers);
  if (refused) return errorResponse(refused, requestIdFor({ headers }));
  const { contentType, body } = await scrapeMetrics();
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": contentType, "Cache-Control": "no-store" },
  });
}

/**
 * What the METRICS_PORT listener answers: the scrape at /metrics (no token: the port is the
 * gate), and a 404 naming the path for anything else, so the port serves nothing of the app.
 */
export async function answerOnMetricsPort(
  pathname: string,
  method: string,
  headers: Headers,
): Promise<Response> {
  if (pathname !== METRICS_PATH)
    return errorResponse(
      new ApiError("not_found", `This port serves only ${METRICS_PATH}.`, `path=${pathname}`),
      requestIdFor({ headers }),
    );
  return answerMetrics({}, "metrics-port", method, headers);
}

/**
 * The METRICS_PORT listener: GET /metrics alone, on a port of its own, for the scraper and not
 * for the public. The web server (scripts/server.ts) and `npm run worker` each start one, so a
 * worker running apart shows its own counts (emails, webhook deliveries, fills) too.
 */
export function listenForScrapes(port: number, hostname?: string): Server {
  const scrapes = createServer((request, response) => {
    const answer = answerOnMetricsPort(
      pathOf(request.url ?? "/"),
      request.method ?? "GET",
      headersOf(request),
    );
    void answer.then((ready) => send(ready, request, response));
  });
  const listening = () =>
    console.log(`> Metrics on http://${hostname ?? "localhost"}:${port}${METRICS_PATH}`);
  if (hostname) scrapes.listen(port, hostname, listening);
  else scrapes.listen(port, listening);
  return scrapes;
}
