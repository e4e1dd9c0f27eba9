"use client";
import Link from "next/link";
import { useState } from "react";
import { usePortOrder, waitsOnOthers } from "@/components/hooks/use-porting";
import type { PortNumber } from "@/components/hooks/porting-types";
import { LoaRequestForm } from "@/components/porting/new-port/loa-step";
import { ExceptionFix } from "@/components/porting/exception-fix";
import { PortActions } from "@/components/porting/port-actions";
import { PortStatus } from "@/components/porting/port-status";
import { PortTimeline } from "@/components/porting/port-timeline";
import { portStatusWords } from "@/components/porting/porting-words";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { formatDate, formatDateTime, numberTypeLabel } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { formatInternational } from "@/lib/reference/phone-format";

// /porting/{id}: where the port stands, its numbers (each configurable before the FOC), what the
// customer may do now, an exception's fixes beside their fields, and the timeline.

const numberStatusWords: Record<PortNumber["status"], { label: string; tone: string }> = {
  draft: { label: "Draft", tone: "sentence" },
  pending: { label: "Porting", tone: "accent" },
  ported: { label: "Ported", tone: "success" },
  failed: { label: "Failed", tone: "danger" },
  cancelled: { label: "Cancelled", tone: "sentence" },
};

const numberColumns: DataColumn<PortNumber>[] = [
  {
    id: "number",
    header: "Number",
    cell: (number) => <span className="mono">{formatInternational(number.number)}</span>,
  },
  {
    id: "status",
    header: "Status",
    cell: (number) => (
      <>
        <span className={`badge badge--${numberStatusWords[number.status].tone}`}>
          {numberStatusWords[number.status].label}
        </span>
        {number.failure_reason ? <span className="small"> {number.failure_reason}</span> : null}
      </>
    ),
  },
  {
    id: "rules",
    header: "Rules",
    action: true,
    cell: (number) =>
      number.number_id ? (
        <Link
          className="btn btn--small"
          href={`/numbers/${encodeURIComponent(number.number_id)}`}
          aria-label={`Configure ${formatInternational(number.number)}`}
        >
          Configure
        </Link>
      ) : (
        <span className="muted small">{number.status === "draft" ? "From submission" : "Withdrawn"}</span>
      ),
  },
];

export function PortOrderDetail({
  portOrderId,
  mayWrite,
  mayComment,
  isSupport,
}: {
  portOrderId: string;
  mayWrite: boolean;
  /** The customers who bring numbers in, and support (the desk) on any organization's order. */
  mayComment: boolean;
  isSupport: boolean;
}) {
  const query = usePortOrder(portOrderId, "while-moving");
  const [requestedTo, setRequestedTo] = useState<string | null>(null);
  const polling = waitsOnOthers(query.data?.order);
  return (
    <QueryState
      query={query}
      loading="Loading the port order…"
      errorTitle="The port order could not be loaded"
    >
      {({ order, etag }) => (
        <div className="stack">
          <section className="card stack" aria-labelledby="summary-heading">
            <h2 id="summary-heading" className="card__title">
              <span className="mono port-id">{order.port_order_id}</span>
            </h2>
            <dl className="dl">
              <dt>Status</dt>
              <dd>
                <PortStatus status={order.status} />{" "}
                <span className="muted">{portStatusWords[order.status].means}</span>
              </dd>
              <dt>FOC</dt>
              <dd data-testid="port-foc">
                {order.foc_at
                  ? formatDateTime(order.foc_at)
                  : `Not confirmed yet; asked for ${formatDate(order.requested_foc_date)}`}
              </dd>
              <dt>Losing carrier</dt>
              <dd>
                {order.losing_carrier.name}, account {order.losing_carrier.account_number}
              </dd>
              <dt>Numbers</dt>
              <dd>
                {order.numbers.length} {numberTypeLabel(order.number_type).toLowerCase()} ({order.country})
              </dd>
              <dt>LOA</dt>
              <dd>{order.loa_signed ? "Signed" : "Not signed"}</dd>
              <dt>Recent bill</dt>
              <dd data-testid="port-bill-state">{order.bill_document_id ? "Attached" : "None attached"}</dd>
            </dl>
          </section>
          {order.status === "exception" && !order.loa_signed && mayWrite ? (
            <section className="card stack" aria-labelledby="loa-again-heading">
              <h2 id="loa-again-heading" className="card__title">
                Sign the LOA again
              </h2>
              <LoaRequestForm order={order} requestedTo={requestedTo} onRequested={setRequestedTo} />
            </section>
          ) : null}
          {order.status === "exception" ? (
            <ExceptionFix key={order.submitted_at ?? ""} order={order} etag={etag} mayWrite={mayWrite} />
          ) : null}
          <section className="card stack" aria-labelledby="numbers-heading">
            <h2 id="numbers-heading" className="card__title">
              Numbers
            </h2>
            <p className="muted">
              From submission each number can be configured and previewed; no call reaches it until it is
              ported.
            </p>
            <DataTable
              caption="The order's numbers"
              columns={numberColumns}
              rows={order.numbers}
              rowId={(number) => number.number}
              rowProps={() => ({ testId: "port-number-row" })}
            />
          </section>
          {mayWrite && !isSupport ? <PortActions order={order} etag={etag} /> : null}
          <PortTimeline
            portOrderId={order.port_order_id}
            version={order.version}
            poll={polling}
            mayComment={mayComment}
          />
        </div>
      )}
    </QueryState>
  );
}
