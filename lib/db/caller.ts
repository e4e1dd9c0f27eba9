// Who the current request acts for (a token or a person), carried through the async calls of
// the request so the database layer can send that caller's reads after their own writes to the
// primary (lib/db/replicas.ts) without any domain passing it along.
import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { processSlot } from "@/lib/process-singleton";

// One store per process: Next bundles each route with its own copy of this module.
const slot = processSlot<AsyncLocalStorage<string>>("db-caller");

function storage(): AsyncLocalStorage<string> {
  let store = slot.get();
  if (!store) slot.set((store = new AsyncLocalStorage<string>()));
  return store;
}

/** Runs `work` on behalf of `caller` (e.g. "token:tok_…"); reads inside see that caller. */
export function runAsCaller<T>(caller: string, work: () => T): T {
  return storage().run(caller, work);
}

/** The caller of the request being served, undefined outside one (scripts, workers). */
export function currentCaller(): string | undefined {
  return storage().getStore();
}
