import { ApiError } from "@/lib/errors";
import { processSlot } from "@/lib/process-singleton";

// How many document uploads this process is reading now. A count per process (on globalThis,
// shared by every route bundle), not per cluster: it bounds this process's memory. Two counts:
// the custom server's (scripts/server.ts), taken before Next reads a byte of the body, and the
// route handler's, the only bound under `next dev` and the suites that call handlers directly.
// Behind the server, the handler's count never exceeds the server's, so it never refuses.
const counts = {
  server: processSlot<{ count: number }>("document-uploads-admitted"),
  handler: processSlot<{ count: number }>("document-uploads-in-flight"),
};

/** Seconds a refused upload is asked to wait: about what a 10 MiB upload takes to be stored. */
const RETRY_AFTER_SECONDS = 2;

/**
 * Takes one of `limit` upload slots and returns its release (idempotent), or throws 503
 * service_unavailable with Retry-After when all are taken.
 */
export function takeUploadSlot(limit: number, counter: keyof typeof counts = "handler"): () => void {
  const slot = counts[counter];
  let state = slot.get();
  if (!state) slot.set((state = { count: 0 }));
  if (state.count >= limit) {
    throw new ApiError(
      "service_unavailable",
      `This server is already receiving ${limit} documents; retry in a few seconds.`,
      `uploads.in_flight=${limit}`,
      { "Retry-After": String(RETRY_AFTER_SECONDS) },
    );
  }
  state.count += 1;
  let released = false;
  const taken = state;
  return () => {
    if (released) return;
    released = true;
    taken.count -= 1;
  };
}
