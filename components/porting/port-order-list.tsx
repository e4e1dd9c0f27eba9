"use client";
import Link from "next/link";
import { organizationLabel, useOrganizationNames } from "@/components/hooks/use-organizations";
import { useQueryString } from "@/components/hooks/use-query-string";
import { PORT_PAGE, usePortOrders } from "@/components/hooks/use-porting";
import type { PortOrder, PortOrderStatus } from "@/components/hooks/porting-types";
import { PortStatus } from "@/components/porting/port-status";
import { listedStatuses, portStatusWords } from "@/components/porting/porting-words";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { Field } from "@/components/ui/field";
import { formatDate, formatDateTime, plural } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { formatInternational } from "@/lib/reference/phone-format";

/** /porting: the organization's port orders (support: everyone's), filtered by ?status=. */
export function PortOrderList({ isSupport, mayWrite }: { isSupport: boolean; mayWrite: boolean }) {
  const [params, navigate] = useQueryString();
  const asked = params.get("status");
  const status = listedStatuses.includes(asked as PortOrderStatus) ? (asked as PortOrderStatus) : null;
  const offset = Math.max(0, Math.trunc(Number(params.get("offset")) || 0));
  const orders = usePortOrders({ status, offset });
  const names = useOrganizationNames(isSupport);

  const columns: DataColumn<PortOrder>[] = [
    {
      id: "order",
      header: "Port order",
      cell: (order) => (
        <Link className="mono port-id" href={`/porting/${order.port_order_id}`}>
          {order.port_order_id}
        </Link>
      ),
    },
    ...(isSupport
      ? [
          {
            id: "organization",
            header: "Organization",
            cell: (order: PortOrder) => organizationLabel(names, order.organization_id),
          },
        ]
      : []),
    { id: "status", header: "Status", cell: (order) => <PortStatus status={order.status} /> },
    {
      id: "numbers",
      header: "Numbers",
      cell: (order) => (
        <>
          {order.numbers
            .slice(0, 3)
            .map((number) => formatInternational(number.number))
            .join(", ")}
          {order.numbers.length > 3 ? (
            <span className="muted"> and {order.numbers.length - 3} more</span>
          ) : null}
        </>
      ),
    },
    {
      id: "foc",
      header: "FOC",
      className: "nowrap",
      cell: (order) =>
        order.foc_at ? (
          formatDateTime(order.foc_at)
        ) : (
          <span className="muted">Asked for {formatDate(order.requested_foc_date)}</span>
        ),
    },
    { id: "carrier", header: "Losing carrier", cell: (order) => order.losing_carrier.name },
  ];

  const filter = (
    <form className="card" aria-label="Filter port orders" onSubmit={(event) => event.preventDefault()}>
      <div className="form-grid">
        <Field label="Status">
          {(props) => (
            <select
              {...props}
              value={status ?? ""}
              onChange={(event) =>
                navigate({ status: event.target.value || null, offset: null }, { history: "push" })
              }
            >
              <option value="">Every status</option>
              {listedStatuses.map((value) => (
                <option key={value} value={value}>
                  {portStatusWords[value].label}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
    </form>
  );

  return (
    <div className="stack">
      {filter}
      <QueryState
        query={orders}
        loading="Loading port orders…"
        errorTitle="The port orders could not be loaded"
        empty={
          <section className="card">
            {status ? (
              <EmptyState title={`No port orders are ${portStatusWords[status].label.toLowerCase()}`}>
                <p>
                  <Link href="/porting">Show every port order</Link>
                </p>
              </EmptyState>
            ) : (
              <EmptyState title="No port orders yet">
                <p>
                  Bring the numbers you hold at another carrier: check them, sign the letter of authorization,
                  and we move them on the date you choose.
                </p>
                {mayWrite ? (
                  <p>
                    <Link className="btn btn--primary" href="/porting/new">
                      Start your first port
                    </Link>
                  </p>
                ) : null}
              </EmptyState>
            )}
          </section>
        }
      >
        {(data) => (
          <DataTable
            caption={`Port orders, newest first: ${plural(data.total, "order")}`}
            columns={columns}
            rows={data.items}
            rowId={(order) => order.port_order_id}
            rowProps={() => ({ testId: "port-order-row" })}
            busy={orders.isFetching}
            paging={{
              label: "Port order pages",
              offset,
              limit: PORT_PAGE,
              total: data.total,
              onChange: (next) => navigate({ offset: next ? String(next) : null }),
            }}
          />
        )}
      </QueryState>
    </div>
  );
}
