"use client";
import Link from "next/link";
import { organizationLabel, useOrganizationNames } from "@/components/hooks/use-organizations";
import { useQueryString } from "@/components/hooks/use-query-string";
import { PORT_PAGE, usePortOrders } from "@/components/hooks/use-porting";
import { DeskActions } from "@/components/porting/desk-actions";
import { PortStatus } from "@/components/porting/port-status";
import { deskStatuses, portStatusWords, type DeskStatus } from "@/components/porting/porting-words";
import { Field } from "@/components/ui/field";
import { formatDate, formatDateTime, plural } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { formatInternational } from "@/lib/reference/phone-format";

/** /porting/desk: every organization's orders waiting for the carrier, one status at a time (?status=). */
export function PortDesk() {
  const [params, navigate] = useQueryString();
  const asked = params.get("status");
  const status: DeskStatus = deskStatuses.find((value) => value === asked) ?? "submitted";
  const offset = Math.max(0, Math.trunc(Number(params.get("offset")) || 0));
  const orders = usePortOrders({ status, offset }, true);
  const names = useOrganizationNames(true);
  return (
    <div className="stack">
      <form
        className="card"
        aria-label="Choose the orders to act on"
        onSubmit={(event) => event.preventDefault()}
      >
        <div className="form-grid">
          <Field label="Waiting for">
            {(props) => (
              <select
                {...props}
                value={status}
                onChange={(event) =>
                  navigate({ status: event.target.value, offset: null }, { history: "push" })
                }
              >
                {deskStatuses.map((value) => (
                  <option key={value} value={value}>
                    {portStatusWords[value].label}: {deskWaits[value]}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
      </form>
      <QueryState
        query={orders}
        loading="Loading port orders…"
        errorTitle="The port orders could not be loaded"
        empty={
          <section className="card">
            <EmptyState title={`No port orders are ${portStatusWords[status].label.toLowerCase()}`} />
          </section>
        }
      >
        {(data) => (
          <div className="stack">
            <ul
              className="stack plain-list"
              aria-label={`Port orders to act on: ${plural(data.total, "order")}`}
            >
              {data.items.map((order) => (
                <li key={order.port_order_id} className="card stack" data-testid="desk-order">
                  <div className="row">
                    <Link className="mono port-id" href={`/porting/${order.port_order_id}`}>
                      {order.port_order_id}
                    </Link>
                    <PortStatus status={order.status} />
                    <span>{organizationLabel(names, order.organization_id)}</span>
                  </div>
                  <p className="small">
                    {order.numbers.map((number) => formatInternational(number.number)).join(", ")} · from{" "}
                    {order.losing_carrier.name} · asked for {formatDate(order.requested_foc_date)}
                    {order.foc_at ? ` · FOC ${formatDateTime(order.foc_at)}` : ""}
                  </p>
                  <DeskActions key={`${order.port_order_id}-${order.version}`} order={order} />
                </li>
              ))}
            </ul>
            <Pagination
              label="Port order pages"
              offset={offset}
              limit={PORT_PAGE}
              total={data.total}
              onChange={(next) => navigate({ offset: next ? String(next) : null })}
            />
          </div>
        )}
      </QueryState>
    </div>
  );
}

const deskWaits: Record<DeskStatus, string> = {
  submitted: "an FOC date or an exception",
  foc_confirmed: "completion at the FOC",
  activating: "completion",
  cancel_pending: "the cancellation confirmed",
};
