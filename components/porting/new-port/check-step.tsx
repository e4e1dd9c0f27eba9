"use client";
import { useState } from "react";
import { useCheckPortability } from "@/components/hooks/use-porting";
import type { PortabilityResult } from "@/components/hooks/porting-types";
import {
  earliestFocDate,
  notPortableWords,
  parseNumberList,
  stillNeeded,
} from "@/components/porting/porting-words";
import { Field } from "@/components/ui/field";
import { formatDate, numberTypeLabel, plural } from "@/components/ui/format";
import { describeError } from "@/components/ui/states";
import { formatInternational } from "@/lib/reference/phone-format";

/**
 * Step 1: paste numbers, check them, read per number whether it can be ported or why not.
 * `locked`: a draft exists, whose numbers are fixed (another set is another port).
 */
export function CheckStep({
  text,
  results,
  locked,
  onChange,
  onNext,
}: {
  text: string;
  results: PortabilityResult[] | null;
  locked: boolean;
  onChange: (text: string, results: PortabilityResult[] | null) => void;
  onNext: () => void;
}) {
  const check = useCheckPortability();
  const [problem, setProblem] = useState<string | null>(null);
  const portable = results?.filter((result) => result.portable) ?? [];
  const missing =
    results === null
      ? ["a check of the numbers"]
      : portable.length === 0
        ? ["at least one number that can be ported"]
        : [];
  const earliest = results ? earliestFocDate(results) : null;

  async function runCheck() {
    const numbers = parseNumberList(text);
    if (numbers.length === 0)
      return setProblem("Paste at least one number, one a line, with its country code (+1…).");
    setProblem(null);
    try {
      onChange(text, await check.mutateAsync(numbers));
    } catch (error) {
      setProblem(describeError(error));
    }
  }

  return (
    <section className="card stack" aria-labelledby="check-heading">
      <h2 id="check-heading" className="card__title">
        Check numbers
      </h2>
      {locked ? (
        <p className="notice notice--warning">
          This draft&apos;s numbers are fixed. To port other numbers, start another port.
        </p>
      ) : (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void runCheck();
          }}
        >
          <Field
            label="Numbers to port"
            hint="One a line (or separated by commas), in international format: +1 212 555 0100."
            error={problem}
          >
            {(props) => (
              <textarea
                {...props}
                name="numbers"
                rows={5}
                value={text}
                onChange={(event) => onChange(event.target.value, null)}
              />
            )}
          </Field>
          <div className="form-actions">
            <button type="submit" className="btn" disabled={check.isPending}>
              {check.isPending ? "Checking…" : "Check numbers"}
            </button>
          </div>
        </form>
      )}
      {results ? (
        <div className="stack">
          <p role="status">
            {plural(portable.length, "number")} of {results.length} can be ported
            {earliest ? `; the earliest FOC date is ${formatDate(earliest)}` : ""}.
          </p>
          <ul className="stack" aria-label="Portability of each number" data-testid="portability-results">
            {results.map((result) => (
              <li key={result.number} data-testid="portability-result">
                <strong className="mono">{formatInternational(result.number)}</strong>{" "}
                {result.portable ? (
                  <span className="badge badge--success">Portable</span>
                ) : (
                  <span className="badge badge--danger">Not portable</span>
                )}{" "}
                {result.portable ? (
                  <span className="muted">
                    {[result.losing_carrier, result.number_type ? numberTypeLabel(result.number_type) : null]
                      .filter(Boolean)
                      .join(" · ")}
                    {result.earliest_foc_date
                      ? ` · earliest FOC ${formatDate(result.earliest_foc_date)}`
                      : ""}
                  </span>
                ) : (
                  <span>{notPortableWords(result.not_portable_reason)}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <StepFooter missing={missing} next="Continue to details" onNext={onNext} />
    </section>
  );
}

/** A step's way on: what it still needs, in words, and the button that goes on once nothing is. */
export function StepFooter({
  missing,
  next,
  onNext,
  onBack,
  pending = false,
  error,
}: {
  missing: readonly string[];
  next: string;
  onNext?: () => void;
  onBack?: () => void;
  pending?: boolean;
  error?: string | null;
}) {
  const needed = stillNeeded(missing);
  return (
    <div className="stack">
      {error ? (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      ) : null}
      {needed ? (
        <p className="muted" data-testid="step-missing">
          {needed}
        </p>
      ) : null}
      <div className="form-actions">
        {onBack ? (
          <button type="button" className="btn" onClick={onBack}>
            Back
          </button>
        ) : null}
        {onNext ? (
          <button
            type="button"
            className="btn btn--primary"
            disabled={missing.length > 0 || pending}
            onClick={onNext}
          >
            {next}
          </button>
        ) : (
          <button type="submit" className="btn btn--primary" disabled={pending}>
            {next}
          </button>
        )}
      </div>
    </div>
  );
}
