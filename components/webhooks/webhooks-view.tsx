"use client";
import { useRef } from "react";
import { Field } from "@/components/ui/field";
import { OrganizationOptions } from "@/components/organizations/organization-options";
import { WebhookCreateForm } from "@/components/webhooks/webhook-create-form";
import { WebhookDetail } from "@/components/webhooks/webhook-detail";
import { WebhookList } from "@/components/webhooks/webhook-list";
import { useOrganizationNames } from "@/components/hooks/use-organizations";
import { useQueryString } from "@/components/hooks/use-query-string";

/**
 * The page in one place so its URL says what is shown: `?webhook=wh_…` opens that endpoint's
 * deliveries (a link support and customers can share), `?organization_id=` is support's filter,
 * `?offset=` the page of endpoints.
 */
export function WebhooksView({
  isSupport,
  ownOrganizationId,
}: {
  isSupport: boolean;
  /** Endpoints are changed (tested, re-sent, deleted) by their own organization only. */
  ownOrganizationId: string;
}) {
  const [params, navigate] = useQueryString();
  const selected = params.get("webhook") || null;
  const organizationId = isSupport ? params.get("organization_id") || null : null;
  const offset = Math.max(0, Math.trunc(Number(params.get("offset")) || 0));
  const names = useOrganizationNames(isSupport);
  const listHeading = useRef<HTMLHeadingElement>(null);

  return (
    <div className="stack">
      {isSupport ? (
        <form
          className="card"
          aria-label="Choose an organization"
          onSubmit={(event) => event.preventDefault()}
        >
          <Field label="Organization" hint="Support staff see every organization's endpoints">
            {(props) => (
              <select
                {...props}
                value={organizationId ?? ""}
                onChange={(event) =>
                  navigate({ organization_id: event.target.value, offset: "", webhook: "" })
                }
              >
                <OrganizationOptions names={names} none="All organizations" />
              </select>
            )}
          </Field>
        </form>
      ) : null}
      <section className="card" aria-labelledby="webhook-list-heading">
        <h2 id="webhook-list-heading" ref={listHeading} tabIndex={-1}>
          Endpoints
        </h2>
        <p className="small muted">
          Each endpoint is an address of yours that receives the events it subscribes to, as a signed HTTPS
          request.
        </p>
        <WebhookList
          organizationId={organizationId}
          organizationNames={isSupport ? names : null}
          offset={offset}
          selected={selected}
          onPage={(next) => navigate({ offset: next ? String(next) : "" })}
        />
      </section>
      {selected ? (
        <WebhookDetail
          key={selected}
          webhookId={selected}
          ownOrganizationId={ownOrganizationId}
          organizationNames={names}
          onClose={() => navigate({ webhook: "" })}
          onDeleted={() => {
            navigate({ webhook: "" });
            listHeading.current?.focus();
          }}
        />
      ) : null}
      <section className="card card--narrow" aria-labelledby="webhook-create-heading">
        <h2 id="webhook-create-heading">Add an endpoint</h2>
        <WebhookCreateForm onCreated={(webhookId) => navigate({ webhook: webhookId })} />
      </section>
    </div>
  );
}
