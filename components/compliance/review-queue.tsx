"use client";
import { useState, type FormEvent } from "react";
import Link from "next/link";
import { addressLine } from "@/components/compliance/addresses";
import { documentLabel, reviewExpiry } from "@/components/compliance/compliance-words";
import { DocumentPreview } from "@/components/compliance/document-preview";
import { useDocumentTypeNames } from "@/components/compliance/documents";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { useFocusOn } from "@/components/ui/focus";
import { serverFieldErrors } from "@/components/ui/field-errors";
import { formatDate, formatDateTime, numberTypeLabel, plural } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { describeError, EmptyState } from "@/components/ui/states";
import { QueryState } from "@/components/ui/query-state";
import {
  COMPLIANCE_PAGE,
  useAddress,
  useBundleAction,
  useBundles,
  useDocument,
  useEndUser,
  useRejectBundle,
  type BundleView,
} from "@/components/hooks/use-compliance";
import { noFilters } from "@/components/hooks/number-search";
import { useNumberSearch } from "@/components/hooks/use-numbers";
import { organizationLabel, useOrganizationNames } from "@/components/hooks/use-organizations";

/** Waiting numbers a card lists by name before it says "and N more". */
const WAITING_SHOWN = 10;

// Support's review queue (docs/CONTRACT.md §17): every organization's bundles waiting for review, the
// oldest submission first; each one's documents shown in the page, then approve, or reject
// with a reason and a note per document. A decided bundle leaves the queue.

export function ReviewQueue() {
  const [offset, setOffset] = useState(0);
  // The decided card leaves the queue with the button pressed: focus goes to the sentence
  // saying what was decided (a new object each time, so each decision takes focus).
  const [decided, setDecided] = useState<{ words: string } | null>(null);
  const decidedRef = useFocusOn<HTMLParagraphElement>(decided);
  const queue = useBundles("pending_review", { offset });
  const organizations = useOrganizationNames(true);

  return (
    <div className="stack">
      {decided ? (
        <p
          ref={decidedRef}
          tabIndex={-1}
          className="notice notice--success"
          role="status"
          data-testid="review-confirmation"
        >
          {decided.words}
        </p>
      ) : null}
      <QueryState
        query={queue}
        loading="Loading the queue…"
        errorTitle="The review queue could not be loaded"
        empty={
          <EmptyState title="Nothing is waiting for review">
            <p>Bundles appear here when a customer submits one.</p>
          </EmptyState>
        }
      >
        {(data) => (
          <>
            <p className="small muted" aria-live="polite">
              {plural(data.total, "bundle")} waiting, the oldest first.
            </p>
            <ol className="plain-list stack" aria-label="Bundles waiting for review, oldest first">
              {data.items.map((bundle) => (
                <li key={bundle.bundle_id}>
                  <ReviewCard
                    bundle={bundle}
                    organization={organizationLabel(organizations, bundle.organization_id)}
                    onDecided={(words) => setDecided({ words })}
                  />
                </li>
              ))}
            </ol>
            <Pagination
              label="Review queue pages"
              offset={offset}
              limit={COMPLIANCE_PAGE}
              total={data.total}
              onChange={setOffset}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}

function ReviewCard({
  bundle,
  organization,
  onDecided,
}: {
  bundle: BundleView;
  organization: string;
  onDecided: (words: string) => void;
}) {
  const approve = useBundleAction(bundle.bundle_id, "approve");
  const endUser = useEndUser(bundle.end_user_id);
  const [rejecting, setRejecting] = useState(false);
  // "Keep it waiting" closes the form: focus returns to the "Reject…" that opened it.
  const [kept, setKept] = useState(0);
  const rejectRef = useFocusOn<HTMLButtonElement>(kept === 0 ? null : kept);
  // The end user's name too: two organizations may share a name, their end users rarely do.
  const what = `the ${bundle.country} ${numberTypeLabel(bundle.number_type)} bundle of ${organization}${endUser.data ? ` for ${endUser.data.name}` : ""}`;
  const titleId = `review-${bundle.bundle_id}`;
  return (
    <article className="card stack" aria-labelledby={titleId} data-testid="review-card">
      <h2 id={titleId} className="card__title">
        {organization}: {bundle.country} · {numberTypeLabel(bundle.number_type)}
      </h2>
      <dl className="dl" data-testid="review-facts">
        <dt>Organization</dt>
        <dd>
          {organization} <span className="mono small muted">{bundle.organization_id}</span>
        </dd>
        <dt>Submitted</dt>
        <dd>{bundle.submitted_at ? formatDateTime(bundle.submitted_at) : "—"}</dd>
        <dt>End user</dt>
        <dd data-testid="review-end-user">
          {endUser.data ? (
            <>
              {endUser.data.name}
              {endUser.data.business_name ? ` (${endUser.data.business_name})` : ""} ·{" "}
              {endUser.data.type === "business" ? "Business" : "Individual"}
              <div className="small">
                Registration number:{" "}
                {endUser.data.registration_number ?? <span className="muted">none given</span>}
              </div>
            </>
          ) : (
            <span className="mono">{bundle.end_user_id}</span>
          )}
        </dd>
        <dt>Numbers waiting</dt>
        <dd>
          <WaitingForBundle bundle={bundle} />
        </dd>
      </dl>
      <h3 className="small">{plural(bundle.document_ids.length, "document")}</h3>
      <ul className="plain-list stack">
        {bundle.document_ids.map((documentId) => (
          <li key={documentId}>
            <ReviewDocument documentId={documentId} country={bundle.country} />
          </li>
        ))}
      </ul>
      {rejecting ? (
        <RejectForm
          bundle={bundle}
          onCancel={() => {
            setRejecting(false);
            setKept(kept + 1);
          }}
          onRejected={() => onDecided(`Rejected ${what}. The customer sees the reason and your notes.`)}
        />
      ) : (
        <div className="form-actions">
          <ConfirmButton
            label="Approve"
            labelFor={`Approve ${what}`}
            confirmLabel={`Approve ${what}`}
            pendingLabel="Approving…"
            tone="primary"
            pending={approve.isPending}
            error={approve.error}
            // mutateAsync: the card leaves the queue (and unmounts) as the queue is read again,
            // which would drop a callback given to mutate.
            onConfirm={() =>
              void approve
                .mutateAsync()
                .then(() => onDecided(`Approved ${what}.`))
                .catch(() => undefined)
            }
          />
          <button
            ref={rejectRef}
            type="button"
            className="btn btn--small btn--danger"
            aria-label={`Reject ${what}`}
            onClick={() => setRejecting(true)}
          >
            Reject…
          </button>
        </div>
      )}
    </article>
  );
}

function ReviewDocument({ documentId, country }: { documentId: string; country: string }) {
  const document = useDocument(documentId);
  const address = useAddress(document.data?.address_id ?? null);
  const names = useDocumentTypeNames();
  const [shown, setShown] = useState(false);
  return (
    <QueryState query={document} loading="Loading a document…" errorTitle="A document could not be loaded">
      {(data) => {
        const label = documentLabel(names, data);
        return (
          <div className="stack" data-testid="review-document">
            <div className="row">
              <span>{label}</span>
              <button
                type="button"
                className="btn btn--small"
                aria-expanded={shown}
                aria-label={`${shown ? "Hide" : "Show"} ${label}`}
                onClick={() => setShown(!shown)}
              >
                {shown ? "Hide" : "Show"}
              </button>
            </div>
            <p className="small">
              {reviewExpiry(data.expires_on, new Date())}
              <br />
              Address on file:{" "}
              {data.address_id === null ? (
                <span className="muted">none</span>
              ) : address.data ? (
                <>
                  {addressLine(address.data)}
                  {address.data.country === country ? "" : ` (outside ${country})`}
                </>
              ) : address.isError ? (
                <span className="muted">could not be loaded</span>
              ) : (
                "…"
              )}
            </p>
            {shown ? (
              <DocumentPreview documentId={documentId} contentType={data.content_type} title={label} />
            ) : null}
          </div>
        );
      }}
    </QueryState>
  );
}

/** The organization's numbers of the bundle's country and type that wait for documents. */
function WaitingForBundle({ bundle }: { bundle: BundleView }) {
  const numbers = useNumberSearch({
    by: "all",
    value: "",
    organization_id: bundle.organization_id,
    offset: 0,
    limit: WAITING_SHOWN,
    filters: {
      ...noFilters,
      status: ["pending_documents"],
      country: bundle.country,
      number_type: bundle.number_type,
    },
  });
  if (numbers.isPending) return <span className="muted">…</span>;
  if (numbers.isError) return <span className="muted">could not be loaded</span>;
  if (numbers.data.total === 0) return <>None: no number of theirs waits for this bundle</>;
  return (
    <>
      <ul className="plain-list" data-testid="review-waiting">
        {numbers.data.items.map((number) => (
          <li key={number.number_id}>
            <Link className="mono" href={`/numbers/${encodeURIComponent(number.number_id)}`}>
              {number.number}
            </Link>{" "}
            <span className="small muted">
              {number.documents_due ? `released on ${formatDate(number.documents_due)}` : ""}
            </span>
          </li>
        ))}
      </ul>
      {numbers.data.total > numbers.data.items.length ? (
        <span className="small muted">and {numbers.data.total - numbers.data.items.length} more</span>
      ) : null}
    </>
  );
}

const words = { reason: "The reason", notes: "The notes" } as const;

function RejectForm({
  bundle,
  onCancel,
  onRejected,
}: {
  bundle: BundleView;
  onCancel: () => void;
  onRejected: () => void;
}) {
  const reject = useRejectBundle(bundle.bundle_id);
  const names = useDocumentTypeNames();
  const [errors, setErrors] = useState<{ reason?: string; notes?: string; form?: string }>({});
  // The form replaced "Reject…": focus starts at its first field.
  const reasonRef = useFocusOn<HTMLTextAreaElement>(true);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const reason = String(data.get("reason") ?? "").trim();
    if (!reason) {
      setErrors({ reason: "Say why, in words the customer can act on" });
      event.currentTarget.querySelector<HTMLTextAreaElement>("textarea[name=reason]")?.focus();
      return;
    }
    const notes = bundle.document_ids
      .map((documentId) => ({
        document_id: documentId,
        note: String(data.get(`note-${documentId}`) ?? "").trim(),
      }))
      .filter((note) => note.note);
    try {
      await reject.mutateAsync({ reason, notes });
      onRejected();
    } catch (error) {
      const server = serverFieldErrors(error, words, describeError(error));
      setErrors({ ...server.fields, ...(server.form ? { form: server.form } : {}) });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="stack" aria-label="Reject the bundle">
      <Field label="Reason" hint="Shown to the customer" error={errors.reason}>
        {(props) => <textarea {...props} ref={reasonRef} name="reason" rows={3} maxLength={1000} />}
      </Field>
      {bundle.document_ids.map((documentId) => (
        <NoteField key={documentId} documentId={documentId} names={names} error={errors.notes} />
      ))}
      {errors.form ? (
        <div className="notice notice--error" role="alert">
          {errors.form}
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="btn btn--danger" disabled={reject.isPending}>
          {reject.isPending ? "Rejecting…" : "Reject bundle"}
        </button>
        <button type="button" className="btn btn--link" onClick={onCancel}>
          Keep it waiting
        </button>
      </div>
    </form>
  );
}

function NoteField({
  documentId,
  names,
  error,
}: {
  documentId: string;
  names: Map<string, string>;
  error?: string;
}) {
  const document = useDocument(documentId);
  const label = document.data ? documentLabel(names, document.data) : documentId;
  return (
    <Field label={`Note on ${label} (optional)`} error={error}>
      {(props) => <textarea {...props} name={`note-${documentId}`} rows={2} maxLength={1000} />}
    </Field>
  );
}
