"use client";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { formatDate } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { eventLabel } from "@/components/webhooks/webhook-words";
import { organizationLabel } from "@/lib/hooks/use-organizations";
import { useWebhooks } from "@/lib/hooks/use-webhooks";

const PAGE_SIZE = 20;

/** `organizationNames`: support's names by id (each row then names its organization), else null. */
export function WebhookList({
  organizationId,
  organizationNames,
  offset,
  selected,
  onPage,
}: {
  organizationId: string | null;
  organizationNames: Map<string, string> | null;
  offset: number;
  selected: string | null;
  onPage: (offset: number) => void;
}) {
  const pathname = usePathname();
  const params = useSearchParams();
  const webhooks = useWebhooks(organizationId, { limit: PAGE_SIZE, offset });

  if (webhooks.isPending) return <LoadingState label="Loading endpoints…" />;
  if (webhooks.isError)
    return (
      <ErrorState
        error={webhooks.error}
        onRetry={() => webhooks.refetch()}
        title="The endpoints could not be loaded"
      />
    );
  if (webhooks.data.items.length === 0)
    return (
      <EmptyState title="No endpoints yet">
        <p>Add one below: give the address of your system and choose the events it should hear about.</p>
      </EmptyState>
    );

  /** This page's URL with `webhook` chosen, so the link can be opened in a new tab or shared. */
  const hrefFor = (webhookId: string) => {
    const next = new URLSearchParams(params.toString());
    next.set("webhook", webhookId);
    return `${pathname}?${next.toString()}`;
  };
  return (
    <>
      <div
        className={`table-wrap${webhooks.isPlaceholderData ? " is-updating" : ""}`}
        aria-busy={webhooks.isFetching}
      >
        <table className="cards-on-phone">
          <caption className="visually-hidden">Webhook endpoints, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Address</th>
              <th scope="col">Events</th>
              {organizationNames ? <th scope="col">Organization</th> : null}
              <th scope="col">Added</th>
              <th scope="col">
                <span className="visually-hidden">Deliveries</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {webhooks.data.items.map((webhook) => (
              <tr
                key={webhook.webhook_id}
                data-testid="webhook-row"
                className={webhook.webhook_id === selected ? "is-highlight" : undefined}
              >
                <td data-label="Address">
                  <div>
                    <div className="mono">{webhook.url}</div>
                    {webhook.description ? <div className="small muted">{webhook.description}</div> : null}
                  </div>
                </td>
                <td data-label="Events">
                  <div className="badges">
                    {webhook.events.map((type) => (
                      <span key={type} className="badge">
                        {eventLabel(type)}
                      </span>
                    ))}
                  </div>
                </td>
                {organizationNames ? (
                  <td data-label="Organization" className="small">
                    {organizationLabel(organizationNames, webhook.organization_id)}
                  </td>
                ) : null}
                <td data-label="Added" className="small nowrap">
                  {formatDate(webhook.created_at)}
                </td>
                <td data-label="" className="cell--action">
                  <Link
                    className="btn btn--small"
                    href={hrefFor(webhook.webhook_id)}
                    scroll={false}
                    aria-current={webhook.webhook_id === selected ? "true" : undefined}
                    aria-label={`Deliveries to ${webhook.url}`}
                  >
                    Deliveries
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        label="Endpoint pages"
        offset={offset}
        limit={PAGE_SIZE}
        total={webhooks.data.total}
        onChange={onPage}
      />
    </>
  );
}
