"use client";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { Field } from "@/components/ui/field";
import { describeError } from "@/components/ui/states";
import { fieldErrors, type FormErrors } from "@/components/webhooks/form-errors";
import {
  eventDescription,
  eventLabel,
  shortUrl,
  subscribableEvents,
  urlProblem,
  type SubscribableEvent,
} from "@/components/webhooks/webhook-words";
import { useCreateWebhook } from "@/lib/hooks/use-webhooks";

const DESCRIPTION_MAX = 200;

/** Adds an endpoint; its signing secret is shown here once, then never again. */
export function WebhookCreateForm({ onCreated }: { onCreated: (webhookId: string) => void }) {
  const create = useCreateWebhook();
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<SubscribableEvent[]>([]);
  const [description, setDescription] = useState("");
  const [errors, setErrors] = useState<FormErrors>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next: FormErrors = {};
    const problem = urlProblem(url);
    if (problem) next.url = problem;
    if (events.length === 0) next.events = "Choose at least one event to send to this address";
    if (description.length > DESCRIPTION_MAX)
      next.description = `Keep the description to ${DESCRIPTION_MAX} characters`;
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      const created = await create.mutateAsync({
        url: url.trim(),
        events,
        ...(description.trim() ? { description: description.trim() } : {}),
      });
      // Only a success empties the form: a refused address stays, with the reason beside it.
      setUrl("");
      setEvents([]);
      setDescription("");
      onCreated(created.webhook_id);
    } catch (error) {
      setErrors(fieldErrors(error, describeError(error)));
    }
  }

  const toggle = (type: SubscribableEvent, on: boolean) =>
    setEvents((current) => (on ? [...current, type] : current.filter((item) => item !== type)));
  const everyEvent = events.length === subscribableEvents.length;

  return (
    <div className="stack">
      {create.data ? (
        <NewSigningSecret url={create.data.url} secret={create.data.secret} onDone={() => create.reset()} />
      ) : null}
      <form onSubmit={handleSubmit} noValidate aria-label="Add a webhook endpoint">
        <div className="stack">
          <Field
            label="Address (URL)"
            hint="Where we send the events, e.g. https://example.com/webhooks/numbers"
            error={errors.url}
          >
            {(props) => (
              <input
                {...props}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                value={url}
                onChange={(event) => setUrl(event.target.value)}
              />
            )}
          </Field>
          <fieldset aria-describedby={errors.events ? "webhook-events-error" : undefined}>
            <legend>Events to send</legend>
            <div className="checks checks--column">
              {subscribableEvents.map((type) => (
                <label key={type} className="check">
                  <input
                    type="checkbox"
                    checked={events.includes(type)}
                    onChange={(event) => toggle(type, event.target.checked)}
                  />
                  <span>
                    {eventLabel(type)} <span className="muted small">{eventDescription(type)}</span>
                  </span>
                </label>
              ))}
            </div>
            <button
              type="button"
              className="btn btn--link btn--small"
              onClick={() => setEvents(everyEvent ? [] : [...subscribableEvents])}
            >
              {everyEvent ? "Clear all" : "Select all"}
            </button>
            {errors.events ? (
              <p id="webhook-events-error" className="field__error">
                {errors.events}
              </p>
            ) : null}
          </fieldset>
          <Field
            label="Description (optional)"
            hint={`What receives them, e.g. “CRM sync” — up to ${DESCRIPTION_MAX} characters`}
            error={errors.description}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                value={description}
                maxLength={DESCRIPTION_MAX}
                onChange={(event) => setDescription(event.target.value)}
              />
            )}
          </Field>
          {errors.form ? (
            <div className="notice notice--error" role="alert">
              {errors.form}
            </div>
          ) : null}
          <div>
            <button type="submit" className="btn btn--primary" disabled={create.isPending}>
              {create.isPending ? "Adding…" : "Add endpoint"}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}

function NewSigningSecret({ url, secret, onDone }: { url: string; secret: string; onDone: () => void }) {
  const notice = useRef<HTMLDivElement>(null);
  // The secret is what the person must act on now: focus moves to it from the form's button.
  useEffect(() => notice.current?.focus(), []);
  return (
    <div className="notice notice--success" role="status" tabIndex={-1} ref={notice}>
      <p>
        <strong>Endpoint {shortUrl(url)} added.</strong> Copy its signing secret now: this is the only time it
        is shown.
      </p>
      <div className="secret">
        <code id="new-webhook-secret" data-testid="new-webhook-secret">
          {secret}
        </code>
        <CopyButton text={secret} targetId="new-webhook-secret" label="Copy secret" />
      </div>
      <p className="small">
        Each request carries <code>Webhook-Id</code>, <code>Webhook-Timestamp</code> and{" "}
        <code>Webhook-Signature</code> headers (the Standard Webhooks scheme). To check one is ours, compute
        an HMAC-SHA256 of <code>id.timestamp.body</code> with the secret (the part after <code>whsec_</code>,
        base64-decoded) and compare its base64 with the signature after <code>v1,</code>. Refuse timestamps
        more than 5 minutes old, and use <code>Webhook-Id</code> to ignore a repeat: an event may arrive more
        than once.
      </p>
      <button type="button" className="btn btn--small" onClick={onDone}>
        I have stored it
      </button>
    </div>
  );
}
