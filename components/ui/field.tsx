import { useId, type ReactNode } from "react";

type ControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean };

/** A labelled control with an optional hint and error, wired for screen readers. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: (props: ControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint ? (
        <span className="field__hint" id={hintId}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span className="field__error" id={errorId}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A Field whose control is a select of `choices`, the first option `empty` ("Choose…"). */
export function SelectField({
  label,
  name,
  hint,
  error,
  empty = "Choose…",
  choices,
}: {
  label: ReactNode;
  name: string;
  hint?: ReactNode;
  error?: string | null;
  empty?: string;
  choices: readonly { value: string; label: string }[];
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(props) => (
        <select {...props} name={name} defaultValue="">
          <option value="">{empty}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A form's error that belongs to no field, and its submit button, busy while it sends. */
export function FormFooter({
  error,
  pending,
  label,
  pendingLabel,
  children,
}: {
  error?: string | null;
  pending: boolean;
  label: string;
  pendingLabel: string;
  /** What follows the button in its row (a status line). */
  children?: ReactNode;
}) {
  return (
    <>
      {error ? (
        <div className="notice notice--error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {pending ? pendingLabel : label}
        </button>
        {children}
      </div>
    </>
  );
}
