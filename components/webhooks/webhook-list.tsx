"use client";
import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { formatDate } from "@/components/ui/format";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { eventLabel } from "@/components/webhooks/webhook-words";
import { organizationLabel } from "@/components/hooks/use-organizations";
import { useWebhooks } from "@/components/hooks/use-webhooks";
import type { Webhook } from "@/lib/schemas/webhooks";

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

  /** This page's URL with `webhook` chosen, so the link can be opened in a new tab or shared. */
  const hrefFor = (webhookId: string) => {
    const next = new URLSearchParams(params.toString());
    next.set("webhook", webhookId);
    return `${pathname}?${next.toString()}`;
  };
  const columns: DataColumn<Webhook>[] = [
    {
      id: "address",
      header: "Address",
      cell: (webhook) => (
        <>
          <div className="mono">{webhook.url}</div>
          {webhook.description ? <div className="small muted">{webhook.description}</div> : null}
        </>
      ),
    },
    {
      id: "events",
      header: "Events",
      cell: (webhook) => (
        <div className="badges">
          {webhook.events.map((type) => (
            <span key={type} className="badge">
              {eventLabel(type)}
            </span>
          ))}
        </div>
      ),
    },
    ...(organizationNames
      ? [
          {
            id: "organization",
            header: "Organization",
            className: "small",
            cell: (webhook: Webhook) => organizationLabel(organizationNames, webhook.organization_id),
          },
        ]
      : []),
    {
      id: "added",
      header: "Added",
      className: "small nowrap",
      cell: (webhook) => formatDate(webhook.created_at),
    },
    {
      id: "deliveries",
      header: "Deliveries",
      hideHeader: true,
      action: true,
      cell: (webhook) => (
        <Link
          className="btn btn--small"
          href={hrefFor(webhook.webhook_id)}
          scroll={false}
          aria-current={webhook.webhook_id === selected ? "true" : undefined}
          aria-label={`Deliveries to ${webhook.url}`}
        >
          Deliveries
        </Link>
      ),
    },
  ];
  return (
    <QueryState
      query={webhooks}
      loading="Loading endpoints…"
      errorTitle="The endpoints could not be loaded"
      empty={
        <EmptyState title="No endpoints yet">
          <p>Add one below: give the address of your system and choose the events it should hear about.</p>
        </EmptyState>
      }
    >
      {(data) => (
        <DataTable
          caption="Webhook endpoints, newest first"
          columns={columns}
          rows={data.items}
          rowId={(webhook) => webhook.webhook_id}
          rowProps={(webhook) => ({
            testId: "webhook-row",
            className: webhook.webhook_id === selected ? "is-highlight" : undefined,
          })}
          busy={webhooks.isFetching}
          updating={webhooks.isPlaceholderData}
          paging={{
            label: "Endpoint pages",
            offset,
            limit: PAGE_SIZE,
            total: data.total,
            onChange: onPage,
          }}
        />
      )}
    </QueryState>
  );
}
