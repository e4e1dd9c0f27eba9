"use client";
import { useState } from "react";
import { useCarrierAction } from "@/components/hooks/use-porting";
import type { CarrierAction, PortOrder } from "@/components/hooks/porting-types";
import { deskActions, exceptionFieldWords } from "@/components/porting/porting-words";
import { Field } from "@/components/ui/field";
import { describeError } from "@/components/ui/states";
import { portExceptionFields, type PortExceptionCode } from "@/lib/schemas/porting";

// One order's carrier actions at the desk: support does by hand what the losing carrier would
// answer (confirm the FOC with a time, raise an exception naming field, code and message,
// complete the port, confirm a cancellation).

const codes = Object.keys(portExceptionFields) as PortExceptionCode[];

/** A datetime-local value (minutes, or seconds) read as UTC, in ISO 8601. */
function utcTime(value: string): string {
  return new Date(`${value.length === 16 ? `${value}:00` : value}Z`).toISOString();
}

/** The cut-over time a confirmed FOC defaults to: the requested date at 10:00 UTC. */
function defaultFoc(order: PortOrder): string {
  return `${(order.foc_at ?? order.requested_foc_date).slice(0, 10)}T10:00`;
}

export function DeskActions({ order }: { order: PortOrder }) {
  const act = useCarrierAction();
  const actions = deskActions(order.status);
  const [focAt, setFocAt] = useState(defaultFoc(order));
  const [code, setCode] = useState<PortExceptionCode>("account_number_mismatch");
  const [message, setMessage] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = order.port_order_id;

  async function run(action: CarrierAction, words: string) {
    setProblem(null);
    setDone(null);
    try {
      if ((action === "foc_confirm" || action === "foc_change") && Number.isNaN(Date.parse(`${focAt}Z`)))
        return setProblem("Choose the FOC date and time.");
      if (action === "foc_confirm" || action === "foc_change")
        await act.mutateAsync({
          portOrderId: id,
          request: { action, foc_at: utcTime(focAt) },
        });
      else if (action === "exception") {
        if (!message.trim()) return setProblem("Say what the customer must fix.");
        await act.mutateAsync({
          portOrderId: id,
          request: { action, details: [{ code, field: portExceptionFields[code], message: message.trim() }] },
        });
      } else await act.mutateAsync({ portOrderId: id, request: { action } });
      setDone(words);
    } catch (error) {
      setProblem(describeError(error));
    }
  }

  if (actions.length === 0) return <p className="muted">Nothing for the carrier to answer.</p>;
  return (
    <div className="stack">
      {actions.includes("foc_confirm") || actions.includes("foc_change") ? (
        <form
          className="row"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const action = actions.includes("foc_confirm") ? "foc_confirm" : "foc_change";
            void run(action, action === "foc_confirm" ? "FOC confirmed." : "FOC changed.");
          }}
        >
          <Field
            label={
              <>
                FOC (UTC)<span className="visually-hidden"> for {id}</span>
              </>
            }
            hint="The cut-over time, in UTC."
          >
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                step={1}
                name="foc_at"
                value={focAt}
                onChange={(event) => setFocAt(event.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="btn btn--primary" disabled={act.isPending}>
            {actions.includes("foc_confirm") ? "Confirm FOC" : "Change FOC"}
          </button>
        </form>
      ) : null}
      {actions.includes("exception") ? (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run("exception", "Exception raised.");
          }}
        >
          <div className="form-grid">
            <Field
              label={
                <>
                  Exception code<span className="visually-hidden"> for {id}</span>
                </>
              }
              hint={`Field: ${exceptionFieldWords[portExceptionFields[code]] ?? "none"}`}
            >
              {(props) => (
                <select
                  {...props}
                  name="code"
                  value={code}
                  onChange={(event) => setCode(event.target.value as PortExceptionCode)}
                >
                  {codes.map((value) => (
                    <option key={value} value={value}>
                      {value.replaceAll("_", " ")}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label={
                <>
                  Message<span className="visually-hidden"> for {id}</span>
                </>
              }
            >
              {(props) => (
                <input
                  {...props}
                  name="message"
                  autoComplete="off"
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                />
              )}
            </Field>
          </div>
          <div className="form-actions">
            <button type="submit" className="btn btn--danger" disabled={act.isPending}>
              Raise exception
            </button>
          </div>
        </form>
      ) : null}
      <div className="row">
        {actions.includes("complete") ? (
          <button
            type="button"
            className="btn btn--primary"
            disabled={act.isPending}
            onClick={() => void run("complete", "Port completed.")}
          >
            Complete port
          </button>
        ) : null}
        {actions.includes("confirm_cancel") ? (
          <button
            type="button"
            className="btn"
            disabled={act.isPending}
            onClick={() => void run("confirm_cancel", "Cancellation confirmed.")}
          >
            Confirm cancel
          </button>
        ) : null}
      </div>
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {done ? <p role="status">{done}</p> : null}
    </div>
  );
}
