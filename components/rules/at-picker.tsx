"use client";
import { useId, useState, type FormEvent } from "react";

/** "YYYY-MM-DDTHH:MM" in the browser's zone, what a datetime-local input shows. */
function toLocalInput(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Picks the moment the rule viewer shows; null goes back to following the clock. */
export function AtPicker({ value, onChange }: { value: Date | null; onChange: (at: Date | null) => void }) {
  const id = useId();
  const [text, setText] = useState(() => toLocalInput(value ?? new Date()));
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = new Date(text);
    if (!Number.isNaN(parsed.getTime())) onChange(parsed);
  }

  return (
    <form className="row" onSubmit={handleSubmit} aria-label="Choose a time">
      <label htmlFor={id} className="small">
        Show calls at <span className="muted">({zone})</span>
      </label>
      <input id={id} type="datetime-local" value={text} onChange={(event) => setText(event.target.value)} className="at-input" />
      <button type="submit" className="btn btn--small">
        Show
      </button>
      {value ? (
        <button type="button" className="btn btn--small btn--link" onClick={() => onChange(null)}>
          Back to now
        </button>
      ) : null}
    </form>
  );
}
