import "server-only";
import type { PGlite } from "@electric-sql/pglite";
import type { Client } from "pg";

export type ListenHandlers = {
  onNotify(payload: string): void;
  /** true once notifications flow, false whenever they may have stopped (some may be lost). */
  onLive(live: boolean): void;
};

/** Stops listening (and, on PostgreSQL, closes the listening connection). */
export type Unlisten = () => Promise<void>;

// After a lost connection, try again this often; until then the listener reports not live.
const RECONNECT_MS = 1_000;

/**
 * LISTEN on a PostgreSQL server over a connection of its own (a pooled one would hand the
 * LISTEN to whichever request borrows it next), reconnecting after a loss.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<Unlisten> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let stopped = false;
  let current: Client | undefined;
  const connect = async (): Promise<void> => {
    if (stopped) return;
    const { Client: PgClient } = await import("pg");
    const client: Client = new PgClient({ connectionString: url });
    current = client;
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      handlers.onLive(false);
      client.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect(), RECONNECT_MS).unref();
    };
    // An ended or failed connection is an 'error' event; unheard, it would end the process.
    client.on("error", onLost);
    client.on("end", onLost);
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
      if (!lost) handlers.onLive(true);
    } catch {
      onLost();
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await current?.end().catch(() => {});
  };
}

/** PGlite is one process: its notifications arrive in that process, on the same connection. */
export async function listenPglite(
  pglite: PGlite,
  channel: string,
  handlers: ListenHandlers,
): Promise<Unlisten> {
  const unlisten = await pglite.listen(channel, (payload) => handlers.onNotify(payload));
  handlers.onLive(true);
  return async () => {
    handlers.onLive(false);
    await unlisten();
  };
}
