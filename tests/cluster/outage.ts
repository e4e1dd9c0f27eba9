// The cluster suite's database outage (docs/CONTRACT.md §3, §13): one more `next start` instance reaches
// PostgreSQL through a TCP proxy in this process, which is closed for a few seconds while
// clients search and order, then opened again. PostgreSQL itself stays up: other suites and
// other people use it. Closing the proxy cuts the instance's connections in use and refuses new
// ones, as a database that went away would.
import { randomBytes } from "node:crypto";
import { connect, createServer, type Server, type Socket } from "node:net";
import type { Pool } from "pg";
import { freePorts, Instance } from "@/scripts/cluster/servers";
import { check, histogram } from "@/tests/cluster/report";
import { assertMatchesContract } from "@/tests/contract";
import { withDeadline } from "@/scripts/cluster/deadline";

const OUTAGE_MS = 5_000;
const PAUSE_MS = 25;

/** A TCP proxy to PostgreSQL that can be closed (connections cut, new ones refused) and reopened. */
class DatabaseProxy {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

type Answer = {
  kind: "search" | "order";
  status: number;
  body: { data?: { reference_id?: string }; message?: string; error?: { code?: string; details?: string } };
  headers: Headers;
  key?: string;
  order?: unknown;
  contract?: string;
};

async function send(
  base: string,
  kind: Answer["kind"],
  token: string,
  order?: { key: string; body: unknown },
): Promise<Answer> {
  const path = kind === "search" ? "/inventory/GB/mobile?limit=5" : "/order";
  const [response, text] = await withDeadline(60_000, async (signal) => {
    const answer = await fetch(`${base}/api/v2${path}`, {
      method: order ? "POST" : "GET",
      headers: {
        authorization: `Bearer ${token}`,
        ...(order ? { "content-type": "application/json", "idempotency-key": order.key } : {}),
      },
      body: order ? JSON.stringify(order.body) : undefined,
      signal,
    });
    return [answer, await answer.text()] as const;
  });
  const body = (text === "" ? null : JSON.parse(text)) as Answer["body"];
  let contract: string | undefined;
  try {
    assertMatchesContract(order ? "POST" : "GET", path.split("?")[0], response.status, body);
  } catch (error) {
    contract = (error as Error).message;
  }
  return {
    kind,
    status: response.status,
    body,
    headers: response.headers,
    key: order?.key,
    order: order?.body,
    contract,
  };
}

async function probe(base: string, path: "/api/health" | "/api/ready") {
  return withDeadline(30_000, async (signal) => {
    const response = await fetch(`${base}${path}`, { signal });
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as Answer["body"],
    };
  });
}

const isOutageAnswer = (answer: Pick<Answer, "status" | "body" | "headers">) =>
  answer.status === 503 &&
  answer.body?.message === "Service Unavailable" &&
  answer.body.error?.code === "service_unavailable" &&
  /^[1-9]\d*$/.test(answer.headers.get("retry-after") ?? "") &&
  answer.body.error.details === `request_id=${answer.headers.get("x-request-id")}`;

/**
 * Clients search and order on an instance whose database goes away for OUTAGE_MS and comes
 * back; checks the answers meanwhile, /api/ready and /api/health, the recovery, and that every
 * order a client was told of is in the database (retrying the 503s with their Idempotency-Key).
 */
export async function outageChecks(options: {
  databaseUrl: string;
  env: Record<string, string>;
  token: string;
  pool: Pool;
  clients: number;
  fromPort: number;
}): Promise<void> {
  const direct = new URL(options.databaseUrl);
  const [proxyPort, appPort] = await freePorts(2, options.fromPort);
  const proxy = new DatabaseProxy(proxyPort, { host: direct.hostname, port: Number(direct.port || 5432) });
  const proxied = new URL(options.databaseUrl);
  proxied.hostname = "127.0.0.1";
  proxied.port = String(proxyPort);
  const instance = new Instance("outage", appPort, {
    ...options.env,
    DATABASE_URL: proxied.toString(),
    DB_POOL_SIZE: "4",
    LOG_LEVEL: "error",
  });
  await proxy.open();
  try {
    await instance.start();
    console.log(
      `  …  ${instance.name} ${instance.url} (pid ${instance.pid}) reaches PostgreSQL through 127.0.0.1:${proxyPort}`,
    );
    const readyBefore = await probe(instance.url, "/api/ready");
    check("before: /api/ready is 200", readyBefore.status === 200, `${readyBefore.status}`);

    const run = randomBytes(3).toString("hex");
    const answers: Answer[] = [];
    const failures: string[] = [];
    let stop = false;
    const client = async (index: number) => {
      for (let n = 0; !stop; n++) {
        const order =
          n % 2 === 1
            ? {
                key: `outage-${run}-${index}-${n}`,
                body: {
                  contact_name: `outage ${run} ${index}-${n}`,
                  items: [{ country: "GB", number_type: "mobile" }],
                },
              }
            : undefined;
        try {
          answers.push(await send(instance.url, order ? "order" : "search", options.token, order));
        } catch (error) {
          failures.push(`${order ? "order" : "search"}: ${(error as Error).message}`);
        }
        await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      }
    };
    const load = Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const beforeCut = answers.length;
    await proxy.close();
    const cutAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const [readyDuring, healthDuring] = await Promise.all([
      probe(instance.url, "/api/ready"),
      probe(instance.url, "/api/health"),
    ]);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (performance.now() - cutAt)));
    await proxy.open();
    const backAt = performance.now();
    let readyAfter = await probe(instance.url, "/api/ready");
    while (readyAfter.status !== 200 && performance.now() - backAt < 30_000) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      readyAfter = await probe(instance.url, "/api/ready");
    }
    const readyAfterMs = performance.now() - backAt;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    stop = true;
    await load;

    const statuses = histogram(answers.map((answer) => `${answer.kind} ${answer.status}`));
    console.log(
      `  …  ${answers.length} answers (${beforeCut} before the cut, database away ${OUTAGE_MS / 1000} s): ${statuses}`,
    );
    check("every request got an answer", failures.length === 0, failures.slice(0, 3).join(" | "));
    const outage = answers.filter((answer) => answer.status === 503);
    check(
      "while the database was away, searches and orders were answered 503",
      outage.some((answer) => answer.kind === "search") && outage.some((answer) => answer.kind === "order"),
      `${outage.length} answers 503`,
    );
    const others = answers.filter((answer) => answer.status !== 200 && answer.status !== 503);
    const othersLogged = others.flatMap((answer) =>
      instance.output.filter((line) => line.includes(answer.headers.get("x-request-id") ?? "?")).slice(0, 1),
    );
    check(
      "every answer is 200 or 503 (no 500)",
      others.length === 0,
      others.length === 0 ? statuses : `${statuses}; logged: ${othersLogged.slice(0, 2).join(" | ")}`,
    );
    check(
      "every 503 is service_unavailable with Retry-After, X-Request-Id and the JSON error body",
      outage.every(isOutageAnswer),
      JSON.stringify(outage.find((answer) => !isOutageAnswer(answer))?.body ?? null),
    );
    const mismatched = answers.filter((answer) => answer.contract !== undefined);
    check(
      "every answer matched the OpenAPI document",
      mismatched.length === 0,
      mismatched[0]?.contract ?? "",
    );
    check(
      "during the outage: /api/ready is 503 service_unavailable",
      isOutageAnswer(readyDuring),
      `${readyDuring.status} ${JSON.stringify(readyDuring.body)}`,
    );
    check(
      "during the outage: /api/health is 200 ok",
      healthDuring.status === 200 && JSON.stringify(healthDuring.body) === '{"status":"ok"}',
      `${healthDuring.status}`,
    );
    check(
      "after: /api/ready is 200 again",
      readyAfter.status === 200,
      `${readyAfter.status} ${(readyAfterMs / 1000).toFixed(1)} s after the database came back`,
    );

    // A client retries each 503 order with its key; a search after the outage is served.
    const retried = await Promise.all(
      answers
        .filter((answer) => answer.kind === "order" && answer.status === 503)
        .map((answer) =>
          send(instance.url, "order", options.token, { key: answer.key!, body: answer.order }),
        ),
    );
    const searches = await Promise.all(
      Array.from({ length: 5 }, () => send(instance.url, "search", options.token)),
    );
    const replayed = retried.filter((answer) => answer.headers.get("idempotent-replayed") === "true").length;
    check(
      `after: the ${retried.length} orders answered 503 succeed when retried with their key, and searches are 200`,
      [...retried, ...searches].every((answer) => answer.status === 200),
      `${histogram([...retried, ...searches].map((answer) => answer.status))}; ${replayed} replays of an order made before its 503`,
    );
    const acknowledged = [
      ...new Set(
        [...answers, ...retried]
          .filter((answer) => answer.kind === "order" && answer.status === 200)
          .map((answer) => answer.body.data?.reference_id as string),
      ),
    ];
    const stored = await options.pool.query<{ reference_id: string }>(
      `SELECT reference_id FROM "order" WHERE contact_name LIKE $1`,
      [`outage ${run} %`],
    );
    const storedIds = new Set(stored.rows.map((row) => row.reference_id));
    check(
      `no acknowledged order is lost, and none was made that no client was told of (${acknowledged.length})`,
      acknowledged.every((id) => storedIds.has(id)) && storedIds.size === acknowledged.length,
      `${storedIds.size} in the database`,
    );
  } finally {
    await instance.stop();
    await proxy.close();
  }
}
