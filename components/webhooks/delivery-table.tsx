"use client";
import { useState } from "react";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { formatDateTime } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState, describeError } from "@/components/ui/states";
import {
  attemptOutcome,
  deliveryStatus,
  eventLabel,
  formatDuration,
  timeUntil,
} from "@/components/webhooks/webhook-words";
import { useDeliveries, useResendDelivery, type Delivery } from "@/components/hooks/use-webhooks";
import styles from "@/components/webhooks/webhooks.module.css";

const PAGE_SIZE = 20;

/** The endpoint's deliveries, newest first; each opens to its attempts. `canResend`: the viewer's own. */
export function DeliveryTable({ webhookId, canResend }: { webhookId: string; canResend: boolean }) {
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const deliveries = useDeliveries(webhookId, { limit: PAGE_SIZE, offset });
  // "in 1 min" as of the last fetch: pending deliveries are fetched again every 2 s anyway.
  const now = deliveries.dataUpdatedAt;
  const toggle = (deliveryId: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(deliveryId)) next.add(deliveryId);
      return next;
    });
  const columns: DataColumn<Delivery>[] = [
    {
      id: "event",
      header: "Event",
      cell: (delivery) => (
        <>
          <div>{eventLabel(delivery.event_type)}</div>
          <div className="small muted">{formatDateTime(delivery.created_at)}</div>
          <div className="small muted mono">{delivery.event_id}</div>
        </>
      ),
    },
    {
      id: "status",
      header: "Status",
      cell: (delivery) => {
        const { label, tone } = deliveryStatus(delivery);
        return <span className={`badge ${tone}`}>{label}</span>;
      },
    },
    { id: "attempts", header: "Attempts", numeric: true, cell: (delivery) => delivery.attempt_count },
    {
      id: "next",
      header: "Next try",
      className: "small nowrap",
      cell: (delivery) =>
        delivery.status === "pending" && delivery.next_attempt_at ? (
          <span title={formatDateTime(delivery.next_attempt_at)}>
            {timeUntil(delivery.next_attempt_at, now)}
          </span>
        ) : (
          <span className="muted">—</span>
        ),
    },
    {
      id: "answer",
      header: "Last answer",
      className: "small",
      cell: (delivery) => (
        <span data-testid="delivery-last-answer">{attemptOutcome(delivery.attempts.at(-1))}</span>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      hideHeader: true,
      action: true,
      cell: (delivery) => (
        <DeliveryActions
          delivery={delivery}
          open={open.has(delivery.delivery_id)}
          onToggle={() => toggle(delivery.delivery_id)}
          canResend={canResend}
        />
      ),
    },
  ];
  return (
    <QueryState
      query={deliveries}
      loading="Loading deliveries…"
      errorTitle="The deliveries could not be loaded"
      empty={
        <EmptyState title="Nothing sent yet">
          <p>Events this endpoint subscribes to appear here as they are sent. Try “Send test event”.</p>
        </EmptyState>
      }
    >
      {(data) => (
        <DataTable
          caption="Deliveries, newest first"
          columns={columns}
          rows={data.items}
          rowId={(delivery) => delivery.delivery_id}
          rowProps={() => ({ testId: "delivery-row" })}
          rowDetail={(delivery) =>
            open.has(delivery.delivery_id)
              ? { id: attemptsId(delivery), content: <AttemptList delivery={delivery} /> }
              : null
          }
          busy={deliveries.isFetching}
          paging={{
            label: "Delivery pages",
            offset,
            limit: PAGE_SIZE,
            total: data.total,
            onChange: setOffset,
          }}
        />
      )}
    </QueryState>
  );
}

const attemptsId = (delivery: Delivery) => `attempts-${delivery.delivery_id}`;

function DeliveryActions({
  delivery,
  open,
  onToggle,
  canResend,
}: {
  delivery: Delivery;
  open: boolean;
  onToggle: () => void;
  canResend: boolean;
}) {
  const resend = useResendDelivery(delivery.webhook_id);
  return (
    <>
      <button
        type="button"
        className="btn btn--small"
        aria-expanded={open}
        aria-controls={open ? attemptsId(delivery) : undefined}
        disabled={delivery.attempts.length === 0}
        onClick={onToggle}
      >
        {open ? "Hide attempts" : "Show attempts"}
      </button>
      {delivery.status === "pending" || !canResend ? null : (
        <button
          type="button"
          className="btn btn--small"
          disabled={resend.isPending}
          onClick={() => resend.mutate(delivery.delivery_id)}
        >
          {resend.isPending ? "Re-sending…" : "Re-send"}
        </button>
      )}
      {resend.isError ? (
        <p className="field__error" role="alert">
          {describeError(resend.error)}
        </p>
      ) : null}
    </>
  );
}

function AttemptList({ delivery }: { delivery: Delivery }) {
  return (
    <ol className={styles.attempts} aria-label={`Attempts to deliver ${eventLabel(delivery.event_type)}`}>
      {delivery.attempts.map((attempt, index) => (
        <li key={`${index}-${attempt.attempted_at}`} data-testid="delivery-attempt">
          <div className={styles.attemptLine}>
            <strong>Attempt {index + 1}</strong>
            <span>{formatDateTime(attempt.attempted_at)}</span>
            <span>took {formatDuration(attempt.duration_ms)}</span>
            <span>
              {attempt.response_status === null ? "no answer" : `answered ${attempt.response_status}`}
            </span>
          </div>
          {attempt.error ? <p className="field__error">{attempt.error}</p> : null}
          {attempt.response_body ? (
            <pre className={styles.body} aria-label="Start of the answer (up to 1 kB)">
              {attempt.response_body}
            </pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
