"use client";
import { useId, useState, type FormEvent } from "react";
import { describeMoment, zoneLabel } from "@/components/rules/describe";
import { fromZonedInput, toZonedInput } from "@/components/rules/zoned-time";
import { fieldExample } from "@/components/ui/field-example";

/**
 * Picks the moment the rule viewer shows, in the number's own time zone (named beside it),
 * with the same moment in UTC under it; null goes back to following the clock.
 */
export function AtPicker({
  value,
  timeZone,
  onChange,
}: {
  value: Date | null;
  timeZone: string;
  onChange: (at: Date | null) => void;
}) {
  const id = useId();
  const [text, setText] = useState(() => toZonedInput(value ?? new Date(), timeZone));
  const [error, setError] = useState<string | null>(null);
  const chosen = fromZonedInput(text, timeZone);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen === null) {
      // The example as this field shows a date and time, in the browser's own locale.
      setError(
        `Enter a date and a time, such as ${fieldExample(value ?? new Date(), "datetime-local", { timeZone })}.`,
      );
      return;
    }
    setError(null);
    onChange(chosen);
  }

  return (
    <form className="at-picker" onSubmit={handleSubmit} aria-label="Choose a time">
      <label htmlFor={id} className="small">
        Show calls at, in <strong>{zoneLabel(timeZone)}</strong> <span className="muted">({timeZone})</span>
      </label>
      <div className="row">
        <input
          id={id}
          type="datetime-local"
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="at-input"
          aria-describedby={`${id}-utc`}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="btn btn--small">
          Show
        </button>
        {value ? (
          <button type="button" className="btn btn--small btn--link" onClick={() => onChange(null)}>
            Back to now
          </button>
        ) : null}
      </div>
      <span id={`${id}-utc`} className="small muted" data-testid="at-picker-utc">
        {chosen ? describeMoment(chosen, timeZone) : "\u00a0"}
      </span>
      {error ? (
        <span className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </form>
  );
}
