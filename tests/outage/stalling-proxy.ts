// A TCP proxy on loopback that can freeze its traffic: while stalled, nothing passes either way
// and nothing is closed (a hung database host, a link that drops packets without a reset); new
// connections are accepted and then hear nothing. Unstalled, what was held passes on, as TCP
// would deliver it once the link came back, and a side that closed meanwhile closes its pair.
import { connect, createServer, type AddressInfo, type Server, type Socket } from "node:net";

type Direction = { from: Socket; to: Socket; held: Buffer[]; ended: boolean };
type Pair = { client: Socket; upstream: Socket; directions: [Direction, Direction] };

export class StallingProxy {
  private server: Server | null = null;
  private readonly pairs = new Set<Pair>();
  private stalled = false;

  constructor(private readonly target: { host: string; port: number }) {}

  /** Listens on a free loopback port; returns it. */
  async listen(): Promise<number> {
    const server = createServer((client) => this.accept(client));
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", resolve);
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  /** Connections through the proxy not yet closed on both sides. */
  get openConnections(): number {
    return this.pairs.size;
  }

  stall(): void {
    this.stalled = true;
  }

  unstall(): void {
    this.stalled = false;
    for (const pair of this.pairs) for (const direction of pair.directions) this.flush(direction);
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) for (const socket of [pair.client, pair.upstream]) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private accept(client: Socket): void {
    const upstream = connect(this.target.port, this.target.host);
    const direction = (from: Socket, to: Socket): Direction => ({ from, to, held: [], ended: false });
    const pair: Pair = {
      client,
      upstream,
      directions: [direction(client, upstream), direction(upstream, client)],
    };
    this.pairs.add(pair);
    const forget = () => {
      if (client.destroyed && upstream.destroyed) this.pairs.delete(pair);
    };
    for (const each of pair.directions) {
      each.from.on("data", (chunk: Buffer) => {
        each.held.push(chunk);
        this.flush(each);
      });
      // A reset counts as a close: the other side hears an orderly end, after what was held.
      const ended = () => {
        each.ended = true;
        this.flush(each);
      };
      each.from.on("end", ended);
      each.from.on("error", ended);
      each.from.on("close", () => {
        ended();
        forget();
      });
    }
  }

  /** Passes on what a direction holds, and its end, unless the proxy is stalled. */
  private flush(direction: Direction): void {
    if (this.stalled || direction.to.destroyed) return;
    for (const chunk of direction.held.splice(0)) direction.to.write(chunk);
    if (direction.ended && !direction.to.writableEnded) direction.to.end(() => direction.to.destroy());
  }
}
