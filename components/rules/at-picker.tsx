"use client";
import { useId, useState, type FormEvent } from "react";
import { describeMoment, zoneLabel } from "@/components/rules/describe";
import { zonedInstant } from "@/components/rules/week-timeline";

/** "YYYY-MM-DDTHH:MM" as the wall clock in `timeZone` reads `date`: what a datetime-local input shows. */
function toZonedInput(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The instant a datetime-local value names in `timeZone`; null when it is not one. */
function fromZonedInput(text: string, timeZone: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number);
  return zonedInstant(year, month, day, hour * 60 + minute, timeZone);
}

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
      setError("Enter a date and a time, such as 29/11/2026 22:00.");
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
