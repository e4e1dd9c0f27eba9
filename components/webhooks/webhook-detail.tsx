"use client";
import { useState } from "react";
import { formatDateTime } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { describeError } from "@/components/ui/states";
import { DeliveryTable } from "@/components/webhooks/delivery-table";
import { eventLabel, shortUrl } from "@/components/webhooks/webhook-words";
import { ApiClientError } from "@/components/hooks/api-fetch";
import { organizationLabel } from "@/components/hooks/use-organizations";
import styles from "@/components/webhooks/webhooks.module.css";
import {
  useDeleteWebhook,
  useSendTestEvent,
  useWebhook,
  type Webhook,
} from "@/components/hooks/use-webhooks";

/** One endpoint (`?webhook=`): its settings, a test event, deletion, and its deliveries. */
export function WebhookDetail({
  webhookId,
  ownOrganizationId,
  organizationNames,
  onClose,
  onDeleted,
}: {
  webhookId: string;
  ownOrganizationId: string;
  organizationNames: Map<string, string>;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const webhook = useWebhook(webhookId);
  return (
    <section className="card" aria-labelledby="webhook-detail-heading" data-testid="webhook-detail">
      <QueryState
        query={webhook}
        loading="Loading the endpoint…"
        errorTitle="The endpoint could not be loaded"
        failed={(error) =>
          error instanceof ApiClientError && error.status === 404 ? (
            <div className="notice notice--warning" role="alert">
              <h2 id="webhook-detail-heading">Endpoint not found</h2>
              <p>It may have been deleted, or the link is for another organization&apos;s endpoint.</p>
              <button type="button" className="btn btn--small" onClick={onClose}>
                Close
              </button>
            </div>
          ) : undefined
        }
      >
        {(data) => (
          <Endpoint
            webhook={data}
            owner={
              data.organization_id === ownOrganizationId
                ? null
                : organizationLabel(organizationNames, data.organization_id)
            }
            onClose={onClose}
            onDeleted={onDeleted}
          />
        )}
      </QueryState>
    </section>
  );
}

/** `owner`: the organization's name when it is not the viewer's (support reading), else null. */
function Endpoint({
  webhook,
  owner,
  onClose,
  onDeleted,
}: {
  webhook: Webhook;
  owner: string | null;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const test = useSendTestEvent(webhook.webhook_id);
  const remove = useDeleteWebhook();
  const [confirming, setConfirming] = useState(false);
  const name = shortUrl(webhook.url);
  return (
    <div className="stack">
      <div className="spread">
        <h2 id="webhook-detail-heading" className={styles.title}>
          Deliveries to {name}
        </h2>
        <button type="button" className="btn btn--small btn--link" onClick={onClose}>
          Close
        </button>
      </div>
      <dl className="dl">
        <dt>Address</dt>
        <dd className="mono">{webhook.url}</dd>
        <dt>Events</dt>
        <dd>{webhook.events.map(eventLabel).join(", ")}</dd>
        {webhook.description ? (
          <>
            <dt>Description</dt>
            <dd>{webhook.description}</dd>
          </>
        ) : null}
        {owner ? (
          <>
            <dt>Organization</dt>
            <dd>{owner}</dd>
          </>
        ) : null}
        <dt>Added</dt>
        <dd>{formatDateTime(webhook.created_at)}</dd>
      </dl>
      {owner ? (
        <p className="notice small">
          This endpoint belongs to {owner}. Support can read its deliveries; only {owner} can send a test
          event, re-send or delete it.
        </p>
      ) : (
        <div className="row">
          <button
            type="button"
            className="btn btn--primary btn--small"
            disabled={test.isPending}
            onClick={() => test.mutate()}
          >
            {test.isPending ? "Sending…" : "Send test event"}
          </button>
          {confirming ? (
            <>
              <button
                type="button"
                className="btn btn--small btn--danger"
                disabled={remove.isPending}
                // mutateAsync, not mutate's callbacks: those are dropped if this unmounts first.
                // A failure is shown below from remove.error.
                onClick={() => void remove.mutateAsync(webhook.webhook_id).then(onDeleted, () => undefined)}
              >
                {remove.isPending ? "Deleting…" : `Delete ${name} for good`}
              </button>
              <button type="button" className="btn btn--small btn--link" onClick={() => setConfirming(false)}>
                Keep it
              </button>
            </>
          ) : (
            <button type="button" className="btn btn--small btn--danger" onClick={() => setConfirming(true)}>
              Delete endpoint
            </button>
          )}
        </div>
      )}
      <div role="status" aria-live="polite" className="small">
        {test.isSuccess ? "Test event queued: it appears below and is sent within seconds." : null}
        {confirming && !remove.isPending
          ? "Deleting stops every delivery still waiting to be sent to this address."
          : null}
      </div>
      {test.isError ? (
        <p className="field__error" role="alert">
          {describeError(test.error)}
        </p>
      ) : null}
      {remove.isError ? (
        <p className="field__error" role="alert">
          {describeError(remove.error)}
        </p>
      ) : null}
      <DeliveryTable webhookId={webhook.webhook_id} canResend={owner === null} />
    </div>
  );
}
