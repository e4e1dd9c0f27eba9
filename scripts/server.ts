// npm start, second half: Next's documented custom server (next({ dev: false }) and its request
// handler behind node:http), so that the request edges Next gets wrong are settled before Next
// sees them (lib/api/front-door.ts): absolute-form targets are served as their path, never
// redirected off-site; /api dot segments and methods Next cannot route answer the contract's JSON.
// scripts/start.ts bundles this file to .next/portal-server.mjs; `npm start` execs node on it, so
// the resident tree stays npm and one node process (docs/PERFORMANCE.md, memory).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { parseArgs } from "node:util";
import next from "next";
import { frontDoor } from "@/lib/api/front-door";

// As `next start`: -p/--port (else PORT, else 3000) and -H/--hostname (else every interface).
const { values } = parseArgs({
  options: { port: { type: "string", short: "p" }, hostname: { type: "string", short: "H" } },
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;

async function main() {
  const app = next({ dev: false, port, hostname: hostname ?? "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((request, response) => {
    const decision = frontDoor(request.method ?? "GET", request.url ?? "/", headersOf(request));
    if ("answer" in decision) return void send(decision.answer, request, response);
    request.url = decision.target;
    void handle(request, response);
  });
  const listening = () => console.log(`> Ready on http://${hostname ?? "localhost"}:${port}`);
  // As `next start`: a stop signal ends the process (Next's prepare() would otherwise keep it up).
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => process.exit(0));
  if (hostname) server.listen(port, hostname, listening);
  else server.listen(port, listening);
}

function headersOf(request: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return headers;
}

async function send(answer: Response, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const body = Buffer.from(await answer.arrayBuffer());
  response.writeHead(answer.status, {
    ...Object.fromEntries(answer.headers),
    "Content-Length": String(body.length),
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
