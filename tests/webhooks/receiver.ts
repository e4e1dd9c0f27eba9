// A webhook receiver on a loopback port for tests: records every request and answers with the
// status the test lines up (200 once the list runs out). In-flight ids are tracked so a test
// can tell whether one delivery was ever being received twice at the same moment.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type Received = { id: string; timestamp: string; signature: string; body: string };

export type Receiver = {
  url: string;
  received: Received[];
  /** Statuses for the next requests, in order. */
  answers: number[];
  /** Ids seen while another request with the same id was still open. */
  overlaps: string[];
  close: () => Promise<void>;
};

export async function startReceiver(options: { delayMs?: number } = {}): Promise<Receiver> {
  const inFlight = new Set<string>();
  const receiver: Omit<Receiver, "url" | "close"> = { received: [], answers: [], overlaps: [] };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const id = String(request.headers["webhook-id"]);
      if (inFlight.has(id)) receiver.overlaps.push(id);
      inFlight.add(id);
      receiver.received.push({
        id,
        timestamp: String(request.headers["webhook-timestamp"]),
        signature: String(request.headers["webhook-signature"]),
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const status = receiver.answers.shift() ?? 200;
      setTimeout(() => {
        inFlight.delete(id);
        response.writeHead(status, { "content-type": "text/plain" }).end(`answered ${status}`);
      }, options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    ...receiver,
    url: `http://127.0.0.1:${port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
