"use client";
// "Test Request": opens Scalar's request client on this operation. Its script is fetched when a
// reader points at or focuses a button (so it is usually there by the click), never with the page.
import { useState, useSyncExternalStore } from "react";

const load = () => import("@/components/docs/request-client");
const noSubscription = () => () => undefined;

export function TryIt({ documentUrl, method, path }: { documentUrl: string; method: string; path: string }) {
  const [state, setState] = useState<"idle" | "loading" | "failed">("idle");
  // The page is HTML before its script runs: a click then would be lost, so the button waits
  // (disabled) until React has taken the page over.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  async function open() {
    setState("loading");
    try {
      await (await load()).openRequestClient({ documentUrl, method, path });
      setState("idle");
    } catch {
      setState("failed");
    }
  }
  const warm = () => void load().catch(() => undefined);
  return (
    <p className="try-it">
      <button
        type="button"
        className="btn btn--soft btn--small"
        onClick={open}
        onPointerEnter={warm}
        onFocus={warm}
        aria-busy={state === "loading"}
        disabled={!hydrated}
      >
        Test Request
        <span className="visually-hidden">
          {" "}
          ({method} {path})
        </span>
      </button>
      <span role="status" className="muted">
        {state === "loading" ? "Opening the request client…" : null}
        {state === "failed" ? "The request client could not be loaded: try again." : null}
      </span>
    </p>
  );
}
