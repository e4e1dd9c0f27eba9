// HTTP/1.1 over a raw loopback socket, for tests of what a client may leave half-sent (headers
// and part of a body, then nothing) that fetch cannot express.
import { connect, type Socket } from "node:net";

/** The first response on a connection: its body as text, and when it came (ms after opening). */
export type RawAnswer = { status: number; headers: Record<string, string>; text: string; ms: number };

/** Opens a connection; what to send is up to the test. `closed` settles when the server closes it. */
export function rawConnection(port: number): {
  socket: Socket;
  answer: Promise<RawAnswer>;
  closed: Promise<void>;
} {
  const started = performance.now();
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  let received = Buffer.alloc(0);
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const text = received.toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      if (end === -1) return;
      const [statusLine, ...lines] = text.slice(0, end).split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [
          line.slice(0, line.indexOf(":")).toLowerCase(),
          line.slice(line.indexOf(":") + 1).trim(),
        ]),
      );
      const length = Number(headers["content-length"] ?? 0);
      if (received.length - end - 4 < length) return;
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        text: received.subarray(end + 4, end + 4 + length).toString("utf8"),
        ms: performance.now() - started,
      });
    });
    socket.on("close", () => reject(new Error(`closed without an answer: ${received.toString("latin1")}`)));
  });
  // A connection the test cuts itself has no answer to wait for.
  answer.catch(() => {});
  return { socket, answer, closed };
}

/** A POST's request line and headers. */
export function postHead(path: string, headers: Record<string, string | number>): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("") +
    "\r\n"
  );
}
