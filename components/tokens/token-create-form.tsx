"use client";
import { useForm, useWatch } from "react-hook-form";
import { FormError, FormField, FormFieldset, requestResolver, submitRequest } from "@/components/ui/form";
import { fieldExample } from "@/components/ui/field-example";
import { SecretBox } from "@/components/ui/secret-box";
import type { Scope } from "@/lib/schemas/scopes";
import type { CreateTokenRequest } from "@/lib/schemas/tokens";
import { useCreateToken } from "@/components/hooks/use-tokens";

const expiryChoices = [
  { value: "30", label: "30 days" },
  { value: "90", label: "90 days" },
  { value: "365", label: "1 year" },
  { value: "never", label: "Never" },
  { value: "custom", label: "On a date…" },
] as const;

type Expiry = (typeof expiryChoices)[number]["value"];
type Values = { name: string; scopes: Scope[]; expiry: Expiry; date: string };

/** The ISO expiry the choice means, null for never. */
function expiresAt({ expiry, date }: Values): string | null {
  if (expiry === "never") return null;
  if (expiry === "custom") return new Date(`${date}T23:59:00`).toISOString();
  return new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
}

/** A day 90 days on, as the date field shows dates (the browser's locale), for the error's example. */
function exampleDay(now = Date.now()): string {
  return fieldExample(new Date(now + 90 * 86_400_000), "date");
}

// Each field of POST /tokens' body, the form field that holds it, and its name in words.
const fields = {
  name: { field: "name", words: "The name" },
  scopes: { field: "scopes", words: "The scopes" },
  expires_at: { field: "date", words: "The expiry date" },
} as const;

// POST /tokens' own schema, loaded when the form is first checked: zod stays out of the first load.
const resolver = requestResolver<Values, Awaited<ReturnType<typeof loadSchema>>>({
  schema: () => loadSchema(),
  toRequest: (values) => ({ name: values.name, scopes: values.scopes, expires_at: expiresAt(values) }),
  fields,
  precheck: (values) => ({
    date:
      values.expiry === "custom" && !values.date
        ? `Choose the day the token stops working, such as ${exampleDay()}`
        : undefined,
  }),
});
function loadSchema() {
  return import("@/lib/schemas/tokens").then((module) => module.createTokenRequestSchema);
}

export type ScopeChoice = { scope: Scope; description: string };

/** `scopeChoices`: every scope with its description, from the server (lib/schemas/scopes uses zod). */
export function TokenCreateForm({ scopeChoices }: { scopeChoices: readonly ScopeChoice[] }) {
  const scopes = scopeChoices.map((choice) => choice.scope);
  const create = useCreateToken();
  const form = useForm<Values, unknown, CreateTokenRequest>({
    resolver,
    shouldFocusError: false,
    defaultValues: { name: "", scopes: [], expiry: "90", date: "" },
  });
  const chosen = useWatch({ control: form.control, name: "scopes" });
  const expiry = useWatch({ control: form.control, name: "expiry" });
  const everyScope = chosen.length === scopes.length;

  const submit = submitRequest(form, fields, async (request) => {
    await create.mutateAsync(request);
    form.reset();
  });

  if (create.data)
    return (
      <SecretBox
        title={`Token “${create.data.name}” created.`}
        secret={create.data.secret}
        copyLabel="Copy token"
        testId="new-token-secret"
        onDone={() => create.reset()}
      >
        <p className="small">
          Send it as <code>Authorization: Bearer {create.data.secret.slice(0, 10)}…</code>
        </p>
      </SecretBox>
    );

  return (
    <form onSubmit={submit} onFocus={() => void loadSchema()} noValidate aria-label="Create an API token">
      <div className="stack">
        <FormField form={form} name="name" label="Name" hint="What uses it, e.g. “CRM sync”">
          {(props) => <input {...props} type="text" maxLength={100} />}
        </FormField>
        <FormFieldset form={form} name="scopes" legend="Scopes">
          <div className="checks checks--column">
            {scopeChoices.map(({ scope, description }) => (
              <label key={scope} className="check">
                <input type="checkbox" value={scope} {...form.register("scopes")} />
                <span>
                  <code>{scope}</code> <span className="muted small">{description}</span>
                </span>
              </label>
            ))}
          </div>
          <button
            type="button"
            className="btn btn--link btn--small"
            onClick={() =>
              form.setValue("scopes", everyScope ? [] : [...scopes], {
                shouldValidate: form.formState.isSubmitted,
              })
            }
          >
            {everyScope ? "Clear all" : "Select all"}
          </button>
        </FormFieldset>
        <FormField form={form} name="expiry" label="Expires">
          {(props) => (
            <select {...props}>
              {expiryChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {expiry === "custom" ? (
          <FormField
            form={form}
            name="date"
            label="Expiry date"
            hint="The token stops working at the end of that day, within a year"
          >
            {(props) => <input {...props} type="date" />}
          </FormField>
        ) : null}
        <FormError form={form} />
        <div>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create token"}
          </button>
        </div>
      </div>
    </form>
  );
}
