"use client";
import { useEffect, useState } from "react";
import type { Hold } from "@/components/hooks/use-cart";

// How a named number in the cart is held. The time left counts down on screen, but it is no
// live region: a screen reader hears it when it reads the line, not every second.

const markWords: Partial<Record<Hold["state"], string>> = {
  sold: "Sold to someone else",
  held_by_another: "Held by another organization",
  not_in_inventory: "No longer in inventory",
};

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

const clock = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

function minutesAndSeconds(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

type Props = {
  hold: Hold | null | undefined;
  marked: boolean;
  number: string;
  renew: () => void;
  renewing: boolean;
};

export function HoldStatus({ hold, marked, number, renew, renewing }: Props) {
  const now = useNow();
  const mark = hold ? markWords[hold.state] : undefined;
  if (mark || (marked && hold?.state !== "held"))
    return <span className="badge badge--danger">{mark ?? "No longer available"}</span>;
  if (!hold) return <span className="muted small">Holding…</span>;
  const until = hold.held_until ? new Date(hold.held_until) : null;
  const left = until ? Math.max(0, Math.ceil((until.getTime() - now) / 1000)) : 0;
  const renewButton = (
    <button
      type="button"
      className="btn btn--small"
      onClick={renew}
      disabled={renewing}
      aria-label={`Renew the hold on ${number}`}
    >
      {renewing ? "Renewing…" : "Renew"}
    </button>
  );
  if (!until || left === 0)
    return (
      <span className="hold" data-testid="hold-status">
        <span className="badge badge--warning">Hold ended</span> {renewButton}
      </span>
    );
  return (
    <span className="hold small" data-testid="hold-status">
      Held for you: <strong>{minutesAndSeconds(left)}</strong> left (until{" "}
      <time dateTime={until.toISOString()}>{clock.format(until)}</time>) {renewButton}
    </span>
  );
}
