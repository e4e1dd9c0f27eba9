"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { useDeletePortOrder, usePortOrderAction, useRequestFocChange } from "@/components/hooks/use-porting";
import type { PortOrder } from "@/components/hooks/porting-types";
import { customerActions } from "@/components/porting/porting-words";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { describeError } from "@/components/ui/states";

/** What the customer may do with the order now: only the actions its status allows. */
export function PortActions({ order, etag }: { order: PortOrder; etag: string }) {
  const router = useRouter();
  const allowed = customerActions(order);
  const cancel = usePortOrderAction();
  const remove = useDeletePortOrder();
  const focChange = useRequestFocChange();
  const [date, setDate] = useState("");
  const [focProblem, setFocProblem] = useState<string | null>(null);
  const [focDone, setFocDone] = useState<string | null>(null);
  const dateRef = useRef<HTMLInputElement>(null);

  /** The problem beside the date field, and the focus on it, so the keyboard is where to fix it. */
  function refuseDate(problem: string) {
    setFocProblem(problem);
    dateRef.current?.focus();
  }

  async function requestFocChange() {
    setFocDone(null);
    if (!date) return refuseDate("Choose the new FOC date.");
    setFocProblem(null);
    try {
      await focChange.mutateAsync({ portOrderId: order.port_order_id, date });
      setFocDone(`A new FOC date (${date}) was asked for; the losing carrier confirms it.`);
      setDate("");
    } catch (error) {
      refuseDate(describeError(error));
    }
  }

  const none = !allowed.cancel && !allowed.focChange && !allowed.remove;
  return (
    <section className="card stack" aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="card__title">
        What you can do now
      </h2>
      {none ? (
        <p className="muted">Nothing: this order waits for the losing carrier, or is finished.</p>
      ) : null}
      {allowed.remove ? (
        <div className="row">
          <Link
            className="btn btn--primary"
            href={`/porting/new?port_order_id=${encodeURIComponent(order.port_order_id)}`}
          >
            Continue the draft
          </Link>
          <ConfirmButton
            label="Delete draft"
            confirmLabel="Delete this draft"
            pendingLabel="Deleting…"
            pending={remove.isPending}
            error={remove.error}
            onConfirm={() =>
              remove.mutate(
                { portOrderId: order.port_order_id, etag },
                { onSuccess: () => router.push("/porting") },
              )
            }
          />
        </div>
      ) : null}
      {allowed.focChange ? (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void requestFocChange();
          }}
        >
          <Field
            label="New requested FOC date"
            hint="A business day; not within 24 hours of the current FOC."
            error={focProblem}
          >
            {(props) => (
              <input
                {...props}
                ref={dateRef}
                type="date"
                name="new_foc_date"
                value={date}
                onChange={(event) => setDate(event.target.value)}
              />
            )}
          </Field>
          <div className="form-actions">
            <button type="submit" className="btn" disabled={focChange.isPending}>
              {focChange.isPending ? "Asking…" : "Ask for a new FOC date"}
            </button>
          </div>
          {focDone ? <p role="status">{focDone}</p> : null}
        </form>
      ) : null}
      {allowed.cancel ? (
        <div className="row">
          <ConfirmButton
            label="Cancel the port"
            confirmLabel="Cancel this port"
            cancelLabel="Keep it"
            pendingLabel="Cancelling…"
            pending={cancel.isPending}
            error={cancel.error}
            onConfirm={() =>
              cancel.mutate({ portOrderId: order.port_order_id, action: "cancel", key: crypto.randomUUID() })
            }
          />
          <span className="muted small">Not within 48 hours of the FOC; the losing carrier confirms it.</span>
        </div>
      ) : null}
    </section>
  );
}
