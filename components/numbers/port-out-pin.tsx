"use client";
import { useId, useState, type FormEvent } from "react";
import { describeError } from "@/components/ui/states";
import { useSetPortOutPin } from "@/components/hooks/use-number-lifecycle";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// A number's port-out PIN on its page (docs/CONTRACT.md §20): whether one is set, and for owners
// and admins a form to set or clear it. The PIN is write-only: the page never shows it, only
// that one is set. The API checks the digits (4–10) and answers the error shown here.

export function PortOutPin({
  number,
  refusal,
}: {
  number: NumberConfiguration;
  /** Why this person may not change it (the release permission's refusal); null when they may. */
  refusal: string | null;
}) {
  const inputId = useId();
  const hintId = useId();
  const setPin = useSetPortOutPin(number.number_id);
  const [pin, setPinText] = useState("");
  const [done, setDone] = useState<string | null>(null);
  const save = (value: string | null) =>
    void setPin.mutateAsync({ pin: value }).then(
      (changed) => {
        setPinText("");
        setDone(
          changed.port_out_pin_set
            ? "Port-out PIN saved: another carrier must quote it to port this number away."
            : "Port-out PIN cleared.",
        );
      },
      () => setDone(null), // said below, from the mutation's error
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save(pin);
  };
  return (
    <div className="stack" data-testid="port-out-pin">
      <h3>Port-out PIN</h3>
      <p className="small" data-testid="port-out-pin-state">
        {number.port_out_pin_set
          ? "Set: another carrier must quote it to port this number away."
          : "Not set: no request to port this number away is accepted until one is set."}
      </p>
      {refusal !== null ? (
        <p className="small muted">{refusal}</p>
      ) : (
        <form className="row" onSubmit={submit}>
          <label htmlFor={inputId} className="visually-hidden">
            New port-out PIN
          </label>
          <input
            id={inputId}
            name="port_out_pin"
            type="password"
            inputMode="numeric"
            autoComplete="new-password"
            placeholder="4–10 digits"
            value={pin}
            onChange={(event) => setPinText(event.target.value)}
            aria-describedby={hintId}
            required
          />
          <button type="submit" className="btn btn--small" disabled={setPin.isPending}>
            {setPin.isPending ? "Saving…" : number.port_out_pin_set ? "Change PIN" : "Set PIN"}
          </button>
          {number.port_out_pin_set ? (
            <button
              type="button"
              className="btn btn--small btn--link"
              disabled={setPin.isPending}
              onClick={() => save(null)}
            >
              Clear PIN
            </button>
          ) : null}
        </form>
      )}
      <span id={hintId} className="small muted">
        Give it only to the carrier you choose to move the number to. It is stored hashed and never shown.
      </span>
      {done === null ? null : (
        <p role="status" className="small">
          {done}
        </p>
      )}
      {setPin.isError ? (
        <p className="field__error" role="alert">
          {describeError(setPin.error)}
        </p>
      ) : null}
    </div>
  );
}
