// The cluster suite's request edges, on a built instance behind scripts/server.ts with short
// bounds: a request body that stops arriving is answered 408 and logged as an abort; uploads
// past UPLOADS_IN_FLIGHT and over the size cap are refused before their body is read; and with
// its connection to PostgreSQL frozen (a proxy that stops forwarding without closing), requests
// and /api/ready answer 503 within their bounds, and the instance serves again once it thaws.
import type { Socket } from "node:net";
import { freePorts, Instance } from "@/scripts/cluster/servers";
import { check } from "@/tests/cluster/report";
import { StallingProxy } from "@/tests/outage/stalling-proxy";
import { postHead, rawConnection, type RawAnswer } from "@/tests/raw-http";

const BODY_IDLE_MS = 1_000;
const BOUNDS = { DB_CONNECT_TIMEOUT_MS: 1_000, DB_STATEMENT_TIMEOUT_MS: 1_500, DB_QUERY_TIMEOUT_MS: 2_000 };
const READY_TIMEOUT_MS = 1_000;
// Slack for a shared machine on top of each bound.
const SLACK_MS = 2_000;

const raw = (port: number, head: string, body = "") => {
  const connection = rawConnection(port);
  connection.socket.write(head + body);
  return connection;
};

const post = (path: string, token: string, headers: Record<string, string | number>) =>
  postHead(path, { Authorization: `Bearer ${token}`, ...headers });

const codeOf = (answer: RawAnswer) => {
  try {
    return (JSON.parse(answer.text) as { error?: { code?: string } }).error?.code;
  } catch {
    return undefined;
  }
};

export async function requestEdgeChecks(options: {
  databaseUrl: string;
  env: Record<string, string>;
  token: string;
  fromPort: number;
}): Promise<void> {
  const direct = new URL(options.databaseUrl);
  const proxy = new StallingProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(options.databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(await proxy.listen());
  const [appPort] = await freePorts(1, options.fromPort);
  const instance = new Instance("edges", appPort, {
    ...options.env,
    DATABASE_URL: proxied.toString(),
    DB_POOL_SIZE: "4",
    LOG_LEVEL: "info",
    BODY_IDLE_TIMEOUT_MS: String(BODY_IDLE_MS),
    UPLOADS_IN_FLIGHT: "1",
    READY_TIMEOUT_MS: String(READY_TIMEOUT_MS),
    ...Object.fromEntries(Object.entries(BOUNDS).map(([name, value]) => [name, String(value)])),
  });
  const sockets: Socket[] = [];
  try {
    await instance.start();
    console.log(`  …  ${instance.name} ${instance.url} (pid ${instance.pid})`);

    // A body that stops: headers and 10 of 100 bytes, then nothing.
    const stalled = raw(
      appPort,
      post("/api/v2/end_users", options.token, {
        "Content-Type": "application/json",
        "Content-Length": 100,
        "X-Request-Id": "edges-stalled-body",
      }),
      '{"type": "',
    );
    sockets.push(stalled.socket);
    const timedOut = await stalled.answer;
    check(
      "a body that stops arriving is answered 408 request_timeout (JSON) with Connection: close",
      timedOut.status === 408 &&
        codeOf(timedOut) === "request_timeout" &&
        timedOut.headers.connection === "close",
      `${timedOut.status} ${timedOut.text}`,
    );
    check(
      `… after BODY_IDLE_TIMEOUT_MS (${BODY_IDLE_MS} ms), not Node's 300 s`,
      timedOut.ms >= BODY_IDLE_MS && timedOut.ms < BODY_IDLE_MS + SLACK_MS,
      `${timedOut.ms.toFixed(0)} ms`,
    );
    // The request log is written asynchronously: wait for the line a moment.
    const logged = () => instance.output.find((line) => line.includes("edges-stalled-body"));
    for (let waited = 0; logged() === undefined && waited < 5_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const stalledLog = logged();
    check(
      "… and logged as an abort (499), not as an unhandled error",
      stalledLog !== undefined &&
        stalledLog.includes('"status":499') &&
        !instance.output.some(
          (line) => line.includes("edges-stalled-body") && line.includes("unhandled error"),
        ),
      stalledLog ?? `no log line; last: ${instance.output.slice(-3).join(" | ")}`,
    );

    // One upload held open (UPLOADS_IN_FLIGHT=1): the next is refused before its body is read.
    const held = raw(
      appPort,
      post("/api/v2/documents", options.token, {
        "Content-Type": "multipart/form-data; boundary=edges",
        "Content-Length": 1000,
      }),
      "--edges\r\n",
    );
    sockets.push(held.socket);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const refused = raw(
      appPort,
      post("/api/v2/documents", options.token, {
        "Content-Type": "multipart/form-data; boundary=edges",
        "Content-Length": 9 * 1024 * 1024,
      }),
    );
    sockets.push(refused.socket);
    const busy = await refused.answer;
    check(
      "an upload past UPLOADS_IN_FLIGHT is answered 503 with Retry-After before its body is sent",
      busy.status === 503 && busy.headers["retry-after"] === "2" && codeOf(busy) === "service_unavailable",
      `${busy.status} ${busy.text}`,
    );
    const tooLarge = raw(
      appPort,
      post("/api/v2/documents", options.token, {
        "Content-Type": "multipart/form-data; boundary=edges",
        "Content-Length": 50 * 1024 * 1024,
      }),
    );
    sockets.push(tooLarge.socket);
    const large = await tooLarge.answer;
    check(
      "an upload whose Content-Length passes the cap is answered 413 with Connection: close, unread",
      large.status === 413 && codeOf(large) === "payload_too_large" && large.headers.connection === "close",
      `${large.status} ${large.text}`,
    );

    // The database's connection frozen.
    const search = () =>
      fetch(`${instance.url}/api/v2/inventory/US?limit=5`, {
        headers: { authorization: `Bearer ${options.token}` },
      });
    const timed = async (work: () => Promise<Response>) => {
      const started = performance.now();
      const response = await work();
      const body = await response.text();
      return { response, body, ms: performance.now() - started };
    };
    check("before the freeze: a search is 200", (await search()).status === 200);
    // The body and upload edges so far logged no fault (a 503 for the database does: its cause).
    const faults = instance.output.filter((line) => line.includes("unhandled error") || /^\s+at /.test(line));
    check(
      "the edges above logged no unhandled error and no stack",
      faults.length === 0,
      faults.slice(0, 2).join(" | "),
    );
    proxy.stall();
    const [frozenSearch, frozenReady] = await Promise.all([
      timed(search),
      timed(() => fetch(`${instance.url}/api/ready`)),
    ]);
    const requestBound = BOUNDS.DB_CONNECT_TIMEOUT_MS + BOUNDS.DB_QUERY_TIMEOUT_MS + SLACK_MS;
    check(
      "with the database's connection frozen, a search is 503 with Retry-After within the bounds",
      frozenSearch.response.status === 503 &&
        frozenSearch.response.headers.get("retry-after") === "5" &&
        frozenSearch.ms < requestBound,
      `${frozenSearch.response.status} in ${frozenSearch.ms.toFixed(0)} ms (bound ${requestBound})`,
    );
    check(
      "… and /api/ready is 503 within READY_TIMEOUT_MS",
      frozenReady.response.status === 503 && frozenReady.ms < READY_TIMEOUT_MS + SLACK_MS,
      `${frozenReady.response.status} in ${frozenReady.ms.toFixed(0)} ms`,
    );
    proxy.unstall();
    const after = await Promise.all(Array.from({ length: 8 }, () => timed(search)));
    check(
      "once it thaws, searches are 200 again",
      after.every((answer) => answer.response.status === 200),
      after.map((answer) => `${answer.response.status}/${answer.ms.toFixed(0)}ms`).join(" "),
    );
  } finally {
    for (const socket of sockets) socket.destroy();
    await instance.stop();
    await proxy.close();
  }
}
