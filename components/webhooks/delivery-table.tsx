"use client";
import { Fragment, useState } from "react";
import { formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState, describeError } from "@/components/ui/states";
import {
  attemptOutcome,
  deliveryStatus,
  eventLabel,
  formatDuration,
  timeUntil,
} from "@/components/webhooks/webhook-words";
import { useDeliveries, useResendDelivery, type Delivery } from "@/lib/hooks/use-webhooks";
import styles from "@/components/webhooks/webhooks.module.css";

const PAGE_SIZE = 20;

/** The endpoint's deliveries, newest first; each opens to its attempts. `canResend`: the viewer's own. */
export function DeliveryTable({ webhookId, canResend }: { webhookId: string; canResend: boolean }) {
  const [offset, setOffset] = useState(0);
  const deliveries = useDeliveries(webhookId, { limit: PAGE_SIZE, offset });
  if (deliveries.isPending) return <LoadingState label="Loading deliveries…" />;
  if (deliveries.isError)
    return (
      <ErrorState
        error={deliveries.error}
        onRetry={() => deliveries.refetch()}
        title="The deliveries could not be loaded"
      />
    );
  if (deliveries.data.items.length === 0)
    return (
      <EmptyState title="Nothing sent yet">
        <p>Events this endpoint subscribes to appear here as they are sent. Try “Send test event”.</p>
      </EmptyState>
    );
  // "in 1 min" as of the last fetch: pending deliveries are fetched again every 2 s anyway.
  const now = deliveries.dataUpdatedAt;
  return (
    <>
      <div className="table-wrap" aria-busy={deliveries.isFetching}>
        <table className="cards-on-phone">
          <caption className="visually-hidden">Deliveries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Attempts
              </th>
              <th scope="col">Next try</th>
              <th scope="col">Last answer</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {deliveries.data.items.map((delivery) => (
              <DeliveryRow key={delivery.delivery_id} delivery={delivery} now={now} canResend={canResend} />
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        label="Delivery pages"
        offset={offset}
        limit={PAGE_SIZE}
        total={deliveries.data.total}
        onChange={setOffset}
      />
    </>
  );
}

function DeliveryRow({ delivery, now, canResend }: { delivery: Delivery; now: number; canResend: boolean }) {
  const [open, setOpen] = useState(false);
  const resend = useResendDelivery(delivery.webhook_id);
  const { label, tone } = deliveryStatus(delivery);
  const last = delivery.attempts.at(-1);
  const attemptsId = `attempts-${delivery.delivery_id}`;
  return (
    <Fragment>
      <tr data-testid="delivery-row">
        <td data-label="Event">
          {/* One child: on a phone the cell is a two-column grid, label then content. */}
          <div>
            <div>{eventLabel(delivery.event_type)}</div>
            <div className="small muted">{formatDateTime(delivery.created_at)}</div>
            <div className="small muted mono">{delivery.event_id}</div>
          </div>
        </td>
        <td data-label="Status">
          <span className={`badge ${tone}`}>{label}</span>
        </td>
        <td data-label="Attempts" className="num">
          {delivery.attempt_count}
        </td>
        <td data-label="Next try" className="small nowrap">
          {delivery.status === "pending" && delivery.next_attempt_at ? (
            <span title={formatDateTime(delivery.next_attempt_at)}>
              {timeUntil(delivery.next_attempt_at, now)}
            </span>
          ) : (
            <span className="muted">—</span>
          )}
        </td>
        <td data-label="Last answer" className="small" data-testid="delivery-last-answer">
          {attemptOutcome(last)}
        </td>
        <td data-label="" className="cell--action">
          <button
            type="button"
            className="btn btn--small"
            aria-expanded={open}
            aria-controls={attemptsId}
            disabled={delivery.attempts.length === 0}
            onClick={() => setOpen(!open)}
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
        </td>
      </tr>
      {open ? (
        <tr id={attemptsId} className={styles.attemptsRow}>
          <td colSpan={6}>
            <AttemptList delivery={delivery} />
          </td>
        </tr>
      ) : null}
    </Fragment>
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
