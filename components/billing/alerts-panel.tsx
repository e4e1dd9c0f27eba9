"use client";
import { useForm } from "react-hook-form";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { FormError, FormField, requestResolver, submitRequest } from "@/components/ui/form";
import { formatDateTime } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { formatAmount } from "@/components/billing/billing-words";
import { useAddBillingAlert, useBillingAlerts, useDeleteBillingAlert } from "@/components/hooks/use-billing";
import type { CreateBillingAlertRequest } from "@/components/hooks/billing-types";

type Values = { currency: string; available_below: string };

const fields = {
  currency: { field: "currency", words: "The currency" },
  available_below: { field: "available_below", words: "The amount" },
} as const;

const loadSchema = () =>
  import("@/lib/schemas/billing-alerts").then((module) => module.createBillingAlertRequestSchema);

// POST /billing/alerts' own schema.
const resolver = requestResolver<Values, Awaited<ReturnType<typeof loadSchema>>>({
  schema: loadSchema,
  toRequest: (values) => ({ currency: values.currency, available_below: values.available_below.trim() }),
  fields,
});

/** Balance alerts: an email and an event once when what is available falls below an amount. */
export function AlertsPanel({
  currencies,
  refusal,
}: {
  currencies: readonly string[];
  refusal: string | null;
}) {
  const alerts = useBillingAlerts();
  const add = useAddBillingAlert();
  const remove = useDeleteBillingAlert();
  const form = useForm<Values, unknown, CreateBillingAlertRequest>({
    resolver,
    shouldFocusError: false,
    defaultValues: { currency: currencies[0] ?? "", available_below: "" },
  });
  const submit = submitRequest(form, fields, async (alert) => {
    await add.mutateAsync(alert);
    form.reset({ currency: alert.currency, available_below: "" });
  });

  return (
    <section className="card" aria-labelledby="alerts-heading">
      <h2 id="alerts-heading">Balance alerts</h2>
      <p className="small muted">
        We email the billing contacts once when the amount available to spend falls below the amount you set,
        and again only after it has risen above it.
      </p>
      <QueryState
        query={alerts}
        loading="Loading alerts…"
        errorTitle="The alerts could not be loaded"
        empty={<p className="muted">No alerts yet.</p>}
      >
        {(data) => (
          <ul className="plain-list stack" aria-label="Alerts">
            {data.map((alert) => (
              <li key={alert.id} className="row" data-testid="billing-alert">
                <span>
                  When {alert.currency} available falls below{" "}
                  <strong>{formatAmount(alert.available_below, alert.currency)}</strong>
                  <span className="small muted">
                    {" "}
                    ·{" "}
                    {alert.last_triggered_at
                      ? `last sent ${formatDateTime(alert.last_triggered_at)}`
                      : "not sent yet"}
                  </span>
                </span>
                {refusal ? null : (
                  <ConfirmButton
                    label="Delete"
                    labelFor={`Delete the ${alert.currency} alert below ${alert.available_below}`}
                    confirmLabel="Delete alert"
                    pendingLabel="Deleting…"
                    pending={remove.isPending && remove.variables === alert.id}
                    error={remove.variables === alert.id ? remove.error : null}
                    onConfirm={() => remove.mutate(alert.id)}
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      {currencies.length === 0 ? (
        <p className="small muted">
          An alert watches an account: the first purchase in a currency opens one.
        </p>
      ) : (
        <form noValidate onSubmit={submit} aria-label="Add a balance alert">
          <fieldset disabled={refusal !== null} className="stack">
            <legend>Add an alert</legend>
            {refusal ? <p className="small muted">{refusal}</p> : null}
            <div className="form-grid">
              <FormField form={form} name="currency" label="Currency">
                {(props) => (
                  <select {...props}>
                    {currencies.map((currency) => (
                      <option key={currency} value={currency}>
                        {currency}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
              <FormField
                form={form}
                name="available_below"
                label="When available falls below"
                hint="e.g. 25.00"
              >
                {(props) => <input {...props} type="text" inputMode="decimal" autoComplete="off" />}
              </FormField>
            </div>
            <FormError form={form} />
            <div>
              <button type="submit" className="btn" disabled={add.isPending}>
                {add.isPending ? "Adding…" : "Add alert"}
              </button>
            </div>
          </fieldset>
        </form>
      )}
    </section>
  );
}
