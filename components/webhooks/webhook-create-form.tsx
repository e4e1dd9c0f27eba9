"use client";
import { useForm, useWatch } from "react-hook-form";
import { FormError, FormField, FormFieldset, requestResolver, submitRequest } from "@/components/ui/form";
import { SecretBox } from "@/components/ui/secret-box";
import {
  eventDescription,
  eventLabel,
  shortUrl,
  subscribableEvents,
  urlProblem,
  type SubscribableEvent,
} from "@/components/webhooks/webhook-words";
import { useCreateWebhook } from "@/components/hooks/use-webhooks";
import type { CreateWebhookRequest } from "@/lib/schemas/webhooks";

const DESCRIPTION_MAX = 200;

type Values = { url: string; events: SubscribableEvent[]; description: string };

// Each field of POST /webhooks' body, the form field that holds it, and its name in words.
const fields = {
  url: { field: "url", words: "This address" },
  events: { field: "events", words: "The events" },
  description: { field: "description", words: "The description" },
} as const;

function loadSchema() {
  return import("@/lib/schemas/webhooks").then((module) => module.createWebhookRequestSchema);
}

// POST /webhooks' own schema; the address and the events are explained first in plainer words.
const resolver = requestResolver<Values, Awaited<ReturnType<typeof loadSchema>>>({
  schema: loadSchema,
  toRequest: ({ url, events, description }) => ({
    url: url.trim(),
    events,
    ...(description.trim() ? { description: description.trim() } : {}),
  }),
  fields,
  precheck: ({ url, events }) => ({
    url: urlProblem(url) ?? undefined,
    events: events.length === 0 ? "Choose at least one event to send to this address" : undefined,
  }),
});

/** Adds an endpoint; its signing secret is shown here once, then never again. */
export function WebhookCreateForm({ onCreated }: { onCreated: (webhookId: string) => void }) {
  const create = useCreateWebhook();
  const form = useForm<Values, unknown, CreateWebhookRequest>({
    resolver,
    shouldFocusError: false,
    defaultValues: { url: "", events: [], description: "" },
  });
  const events = useWatch({ control: form.control, name: "events" });
  const everyEvent = events.length === subscribableEvents.length;

  // Only a success empties the form: a refused address stays, with the reason beside it.
  const submit = submitRequest(form, fields, async (request) => {
    const created = await create.mutateAsync(request);
    form.reset();
    onCreated(created.webhook_id);
  });

  if (create.data)
    return (
      <SecretBox
        title={`Endpoint ${shortUrl(create.data.url)} added.`}
        secret={create.data.secret}
        copyLabel="Copy secret"
        testId="new-webhook-secret"
        onDone={() => create.reset()}
      >
        <p className="small">
          Each request carries <code>Webhook-Id</code>, <code>Webhook-Timestamp</code> and{" "}
          <code>Webhook-Signature</code> headers (the Standard Webhooks scheme). To check one is ours, compute
          an HMAC-SHA256 of <code>id.timestamp.body</code> with the secret (the part after <code>whsec_</code>
          , base64-decoded) and compare its base64 with the signature after <code>v1,</code>. Refuse
          timestamps more than 5 minutes old, and use <code>Webhook-Id</code> to ignore a repeat: an event may
          arrive more than once.
        </p>
      </SecretBox>
    );

  return (
    <form onSubmit={submit} onFocus={() => void loadSchema()} noValidate aria-label="Add a webhook endpoint">
      <div className="stack">
        <FormField
          form={form}
          name="url"
          label="Address (URL)"
          hint="Where we send the events, e.g. https://example.com/webhooks/numbers"
        >
          {(props) => <input {...props} type="url" inputMode="url" autoComplete="off" spellCheck={false} />}
        </FormField>
        <FormFieldset form={form} name="events" legend="Events to send">
          <div className="checks checks--column">
            {subscribableEvents.map((type) => (
              <label key={type} className="check">
                <input type="checkbox" value={type} {...form.register("events")} />
                <span>
                  {eventLabel(type)} <span className="muted small">{eventDescription(type)}</span>
                </span>
              </label>
            ))}
          </div>
          <button
            type="button"
            className="btn btn--link btn--small"
            onClick={() =>
              form.setValue("events", everyEvent ? [] : [...subscribableEvents], {
                shouldValidate: form.formState.isSubmitted,
              })
            }
          >
            {everyEvent ? "Clear all" : "Select all"}
          </button>
        </FormFieldset>
        <FormField
          form={form}
          name="description"
          label="Description (optional)"
          hint={`What receives them, e.g. “CRM sync” — up to ${DESCRIPTION_MAX} characters`}
        >
          {(props) => <input {...props} type="text" maxLength={DESCRIPTION_MAX} />}
        </FormField>
        <FormError form={form} />
        <div>
          <button type="submit" className="btn btn--primary" disabled={create.isPending}>
            {create.isPending ? "Adding…" : "Add endpoint"}
          </button>
        </div>
      </div>
    </form>
  );
}
