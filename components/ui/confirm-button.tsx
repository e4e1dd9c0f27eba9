"use client";
import { useEffect, useRef, useState } from "react";
import { describeError } from "@/components/ui/states";

// Use: a destructive action behind a second, explicit press:
//   <ConfirmButton label="Revoke" labelFor={`Revoke ${token.name}`} confirmLabel={`Revoke “${token.name}”`}
//     pendingLabel="Revoking…" pending={revoke.isPending} error={revoke.error} onConfirm={() => revoke.mutate(token.id)} />
// The first press shows the confirming button (focused) and "Keep"; "Keep" puts focus back.

export function ConfirmButton({
  label,
  labelFor,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Keep",
  pending,
  error,
  onConfirm,
  tone = "danger",
}: {
  /** The first button's text. */
  label: string;
  /** Its accessible name when `label` alone does not say what it acts on. */
  labelFor?: string;
  /** The second button's text: names the thing, so the press is informed. */
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  pending: boolean;
  /** The failed action's error, shown beside the buttons. */
  error?: unknown;
  onConfirm: () => void;
  tone?: "danger" | "primary";
}) {
  const [confirming, setConfirming] = useState(false);
  const first = useRef<HTMLButtonElement>(null);
  const second = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    (confirming ? second : first).current?.focus();
  }, [confirming]);
  const change = (next: boolean) => {
    moved.current = true;
    setConfirming(next);
  };
  return (
    <>
      {confirming ? (
        <span className="row">
          <button
            ref={second}
            type="button"
            className={`btn btn--small btn--${tone}`}
            disabled={pending}
            onClick={onConfirm}
          >
            {pending ? pendingLabel : confirmLabel}
          </button>
          <button type="button" className="btn btn--small btn--link" onClick={() => change(false)}>
            {cancelLabel}
          </button>
        </span>
      ) : (
        <button
          ref={first}
          type="button"
          className={`btn btn--small btn--${tone}`}
          onClick={() => change(true)}
          aria-label={labelFor}
        >
          {label}
        </button>
      )}
      {error ? (
        <p className="field__error" role="alert">
          {describeError(error)}
        </p>
      ) : null}
    </>
  );
}
