"use client";
import { useState } from "react";
import { useAddresses } from "@/components/hooks/use-compliance";
import { usePortOrderAction, useUpdatePortOrder } from "@/components/hooks/use-porting";
import type { PortOrder, UpdatePortOrderRequest } from "@/components/hooks/porting-types";
import { exceptionFieldWords, fieldsToFix } from "@/components/porting/porting-words";
import { Field } from "@/components/ui/field";
import { describeError } from "@/components/ui/states";

// An order in exception: each thing the losing carrier refused, in its words, beside the field
// to change; the changes are saved (PATCH under If-Match), then Resubmit sends the order again.

type Values = Record<string, string>;

function currentValue(order: PortOrder, field: string): string {
  if (field === "losing_carrier.account_number") return order.losing_carrier.account_number;
  if (field === "losing_carrier.authorized_person") return order.losing_carrier.authorized_person;
  if (field === "address_id") return order.address_id;
  return "";
}

/** The fields changed from the order as it is (a PIN typed always counts: it is never shown). */
function changesOf(order: PortOrder, values: Values): UpdatePortOrderRequest {
  const changes: UpdatePortOrderRequest = {};
  for (const [field, value] of Object.entries(values)) {
    if (!value.trim() || value.trim() === currentValue(order, field)) continue;
    if (field.startsWith("losing_carrier.")) {
      changes.losing_carrier = {
        ...changes.losing_carrier,
        [field.slice("losing_carrier.".length)]: value.trim(),
      };
    } else if (field === "address_id" || field === "end_user_id" || field === "requested_foc_date") {
      changes[field] = value.trim();
    }
  }
  return changes;
}

export function ExceptionFix({
  order,
  etag,
  mayWrite,
}: {
  order: PortOrder;
  etag: string;
  mayWrite: boolean;
}) {
  const fields = fieldsToFix(order.exception);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(fields.map((field) => [field, currentValue(order, field)])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const update = useUpdatePortOrder();
  const resubmit = usePortOrderAction();
  const addresses = useAddresses();
  const messagesOf = (field: string) => (order.exception ?? []).filter((item) => item.field === field);
  const general = (order.exception ?? []).filter((item) => item.field === "");

  async function saveAndResubmit() {
    setProblem(null);
    setSaved(null);
    try {
      const changes = changesOf(order, values);
      let signed = order.loa_signed;
      if (Object.keys(changes).length > 0) {
        signed = (await update.mutateAsync({ portOrderId: order.port_order_id, etag, changes })).loa_signed;
        if ("losing_carrier.pin" in values) setValues({ ...values, "losing_carrier.pin": "" });
      }
      // A change to what the LOA names (the account, the address…) needs it signed again first.
      if (!signed)
        return setSaved(
          "Saved. The letter of authorization names what you changed, so it must be signed again (below); then resubmit.",
        );
      await resubmit.mutateAsync({
        portOrderId: order.port_order_id,
        action: "resubmit",
        key: crypto.randomUUID(),
      });
    } catch (error) {
      setProblem(describeError(error));
    }
  }

  return (
    <section
      className="card stack notice--error"
      aria-labelledby="exception-heading"
      data-testid="port-exception"
    >
      <h2 id="exception-heading" className="card__title">
        The losing carrier refused this order
      </h2>
      {general.map((item) => (
        <p key={item.code}>{item.message}</p>
      ))}
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void saveAndResubmit();
        }}
      >
        <div className="form-grid">
          {fields.map((field) => {
            const words = messagesOf(field)
              .map((item) => item.message)
              .join(" ");
            const label = exceptionFieldWords[field] ?? field;
            return (
              <Field key={field} label={label} error={words}>
                {(props) =>
                  field === "address_id" ? (
                    <select
                      {...props}
                      name={field}
                      disabled={!mayWrite}
                      value={values[field] ?? ""}
                      onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                    >
                      {addresses.data?.items.map((address) => (
                        <option key={address.address_id} value={address.address_id}>
                          {address.street}, {address.city} {address.postal_code}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <input
                      {...props}
                      name={field}
                      type={
                        field === "losing_carrier.pin"
                          ? "password"
                          : field === "requested_foc_date"
                            ? "date"
                            : "text"
                      }
                      autoComplete="off"
                      disabled={!mayWrite}
                      value={values[field] ?? ""}
                      onChange={(event) => setValues({ ...values, [field]: event.target.value })}
                    />
                  )
                }
              </Field>
            );
          })}
        </div>
        {problem ? (
          <div className="notice notice--error" role="alert">
            {problem}
          </div>
        ) : null}
        {saved ? <p role="status">{saved}</p> : null}
        {mayWrite ? (
          <div className="form-actions">
            <button
              type="submit"
              className="btn btn--primary"
              disabled={update.isPending || resubmit.isPending}
            >
              {update.isPending ? "Saving…" : resubmit.isPending ? "Resubmitting…" : "Save and resubmit"}
            </button>
          </div>
        ) : null}
      </form>
    </section>
  );
}
