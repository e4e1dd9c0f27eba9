"use client";
import { useState, type FormEvent } from "react";
import { Field } from "@/components/ui/field";
import { describeError } from "@/components/ui/states";
import { CopyButton } from "@/components/ui/copy-button";
import type { Scope } from "@/lib/schemas/scopes";
import { useCreateToken } from "@/lib/hooks/use-tokens";

const expiryChoices = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "never", label: "Never" },
  { value: "custom", label: "On a date…" },
] as const;
// POST /tokens' schema, loaded when the form is first used: zod stays out of the first load.
const loadTokenSchema = () =>
  import("@/lib/schemas/tokens").then((module) => module.createTokenRequestSchema);

type Expiry = (typeof expiryChoices)[number]["value"];
type Errors = Partial<Record<"name" | "scopes" | "expires_at" | "form", string>>;

/** The ISO expiry the choice means, null for never, undefined when the date is not usable. */
function expiresAt(expiry: Expiry, date: string): string | null | undefined {
  if (expiry === "never") return null;
  if (expiry === "custom") return date ? new Date(`${date}T23:59:00`).toISOString() : undefined;
  return new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
}

export type ScopeChoice = { scope: Scope; description: string };

/** `scopeChoices`: every scope with its description, from the server (lib/schemas/scopes uses zod). */
export function TokenCreateForm({ scopeChoices }: { scopeChoices: readonly ScopeChoice[] }) {
  const scopes = scopeChoices.map((choice) => choice.scope);
  const create = useCreateToken();
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<Scope[]>([]);
  const [expiry, setExpiry] = useState<Expiry>("90");
  const [date, setDate] = useState("");
  const [errors, setErrors] = useState<Errors>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const expires = expiresAt(expiry, date);
    // POST /tokens' own schema, so the form refuses what the API would.
    const parsed = (await loadTokenSchema()).safeParse({ name, scopes: chosen, expires_at: expires });
    if (!parsed.success || expires === undefined) {
      const next: Errors =
        expires === undefined ? { expires_at: "Choose the day the token stops working" } : {};
      for (const issue of parsed.error?.issues ?? [])
        next[(issue.path[0] as keyof Errors) ?? "form"] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    try {
      await create.mutateAsync(parsed.data);
      setName("");
      setChosen([]);
    } catch (error) {
      setErrors({ form: describeError(error) });
    }
  }

  const toggle = (scope: Scope, on: boolean) =>
    setChosen((current) => (on ? [...current, scope] : current.filter((item) => item !== scope)));

  return (
    <div className="stack">
      {create.data ? (
        <NewTokenSecret name={create.data.name} secret={create.data.secret} onDone={() => create.reset()} />
      ) : null}
      <form
        onSubmit={handleSubmit}
        onFocus={() => void loadTokenSchema()}
        noValidate
        aria-label="Create an API token"
      >
        <div className="stack">
          <Field label="Name" hint="What uses it, e.g. “CRM sync”" error={errors.name}>
            {(props) => (
              <input
                {...props}
                type="text"
                value={name}
                maxLength={100}
                onChange={(event) => setName(event.target.value)}
              />
            )}
          </Field>
          <fieldset aria-describedby={errors.scopes ? "scopes-error" : undefined}>
            <legend>Scopes</legend>
            <div className="checks checks--column">
              {scopeChoices.map(({ scope, description }) => (
                <label key={scope} className="check">
                  <input
                    type="checkbox"
                    checked={chosen.includes(scope)}
                    onChange={(event) => toggle(scope, event.target.checked)}
                  />
                  <span>
                    <code>{scope}</code> <span className="muted small">{description}</span>
                  </span>
                </label>
              ))}
            </div>
            <button
              type="button"
              className="btn btn--link btn--small"
              onClick={() => setChosen(chosen.length === scopes.length ? [] : [...scopes])}
            >
              {chosen.length === scopes.length ? "Clear all" : "Select all"}
            </button>
            {errors.scopes ? (
              <p id="scopes-error" className="field__error">
                {errors.scopes}
              </p>
            ) : null}
          </fieldset>
          <Field label="Expires" error={expiry === "custom" ? undefined : errors.expires_at}>
            {(props) => (
              <select {...props} value={expiry} onChange={(event) => setExpiry(event.target.value as Expiry)}>
                {expiryChoices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {expiry === "custom" ? (
            <Field
              label="Expiry date"
              hint="The token stops working at the end of that day, within a year"
              error={errors.expires_at}
            >
              {(props) => (
                <input
                  {...props}
                  type="date"
                  value={date}
                  onChange={(event) => setDate(event.target.value)}
                />
              )}
            </Field>
          ) : null}
          {errors.form ? (
            <div className="notice notice--error" role="alert">
              {errors.form}
            </div>
          ) : null}
          <div>
            <button type="submit" className="btn btn--primary" disabled={create.isPending}>
              {create.isPending ? "Creating…" : "Create token"}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}

function NewTokenSecret({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  return (
    <div className="notice notice--success" role="status" aria-live="polite">
      <p>
        <strong>Token “{name}” created.</strong> Copy it now: this is the only time it is shown.
      </p>
      <div className="secret">
        <code id="new-token-secret" data-testid="new-token-secret">
          {secret}
        </code>
        <CopyButton text={secret} targetId="new-token-secret" label="Copy token" />
      </div>
      <p className="small">
        Send it as <code>Authorization: Bearer {secret.slice(0, 10)}…</code>
      </p>
      <button type="button" className="btn btn--small" onClick={onDone}>
        I have stored it
      </button>
    </div>
  );
}
