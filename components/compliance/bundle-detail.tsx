"use client";
import { useState } from "react";
import {
  bundleNextStep,
  bundleStatusWords,
  checklist,
  documentLabel,
  requiredDocumentTypes,
} from "@/components/compliance/compliance-words";
import { useDocumentTypeNames } from "@/components/compliance/documents";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { describeError, LoadingState } from "@/components/ui/states";
import {
  useBundleAction,
  useDocuments,
  useEvaluation,
  useRequirements,
  useUpdateBundle,
  type BundleView,
} from "@/components/hooks/use-compliance";

// One bundle opened: its state and what to do next, a rejection's reason and notes, the live
// checklist (POST /bundles/{id}/evaluate after every change), its documents, and submit.

export function BundleDetail({ bundle }: { bundle: BundleView }) {
  const names = useDocumentTypeNames();
  const documents = useDocuments();
  const update = useUpdateBundle(bundle.bundle_id);
  const submit = useBundleAction(bundle.bundle_id, "submit");
  const evaluation = useEvaluation(bundle);
  const state = bundleStatusWords(bundle);
  const editable = bundle.status === "draft" || bundle.status === "rejected";
  const byId = new Map((documents.data?.items ?? []).map((document) => [document.document_id, document]));
  // The end user's documents, and any other the bundle already holds (so it can be taken out).
  const choices = (documents.data?.items ?? []).filter(
    (document) =>
      document.end_user_id === bundle.end_user_id || bundle.document_ids.includes(document.document_id),
  );

  // The boxes show the choice at once; the bundle (and its checklist) follows when the PATCH
  // and the lists read after it are back.
  const [choosing, setChoosing] = useState<string[] | null>(null);
  const chosenIds = choosing ?? bundle.document_ids;
  const toggle = (documentId: string, chosen: boolean) => {
    if (update.isPending) return;
    const next = chosen ? [...chosenIds, documentId] : chosenIds.filter((id) => id !== documentId);
    setChoosing(next);
    update.mutate({ document_ids: next }, { onSettled: () => setChoosing(null) });
  };

  return (
    <div className="stack bundle-detail" data-testid="bundle-detail">
      <p>
        <strong data-testid="bundle-detail-state">{state.label}</strong>
        {bundle.submitted_at && bundle.status === "pending_review"
          ? ` — submitted ${formatDateTime(bundle.submitted_at)}`
          : ""}
        . {bundleNextStep(bundle.status)}
      </p>
      {bundle.status === "rejected" && bundle.rejection ? (
        <div className="notice notice--error" data-testid="rejection">
          <p>
            <strong>Why it was rejected:</strong> {bundle.rejection.reason}
          </p>
          {bundle.rejection.notes.length > 0 ? (
            <ul>
              {bundle.rejection.notes.map((note) => {
                const document = byId.get(note.document_id);
                return (
                  <li key={note.document_id}>
                    <strong>{document ? documentLabel(names, document) : note.document_id}:</strong>{" "}
                    {note.note}
                  </li>
                );
              })}
            </ul>
          ) : null}
        </div>
      ) : null}
      <Checklist
        bundle={bundle}
        names={names}
        evaluation={evaluation}
        rejection={
          bundle.status === "rejected" && bundle.rejection
            ? {
                notes: bundle.rejection.notes.map((note) => ({
                  document_type_id: byId.get(note.document_id)?.document_type_id ?? null,
                  note: note.note,
                })),
              }
            : null
        }
      />
      {/* Not disabled while a change saves: the box just ticked would lose focus to the page;
          a tick meanwhile is ignored instead. */}
      <fieldset disabled={!editable} aria-busy={update.isPending}>
        <legend>Documents in the bundle</legend>
        {documents.isPending ? (
          <LoadingState label="Loading documents…" />
        ) : choices.length === 0 ? (
          <p className="small muted">This end user has no documents yet: upload them under Documents.</p>
        ) : (
          <div className="checks checks--column">
            {choices.map((document) => (
              <label key={document.document_id} className="check">
                <input
                  type="checkbox"
                  checked={chosenIds.includes(document.document_id)}
                  onChange={(event) => toggle(document.document_id, event.currentTarget.checked)}
                />
                <span>
                  {documentLabel(names, document)}
                  {document.expires_on ? (
                    <span className="muted small"> — expires {formatDate(document.expires_on)}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        )}
        {!editable ? (
          <p className="small muted">
            {bundle.status === "pending_review"
              ? "The documents cannot change while the bundle is being reviewed."
              : "The documents of this bundle can no longer change."}
          </p>
        ) : null}
        {update.isError ? (
          <p className="field__error" role="alert">
            {describeError(update.error)}
          </p>
        ) : null}
      </fieldset>
      {bundle.status === "draft" ? (
        <div className="form-actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={submit.isPending || update.isPending || evaluation.data?.compliant !== true}
            onClick={() => submit.mutate()}
          >
            {submit.isPending ? "Submitting…" : "Submit for review"}
          </button>
          {evaluation.data && !evaluation.data.compliant ? (
            <span className="small muted">Every item of the checklist must be met first.</span>
          ) : null}
          {submit.isError ? (
            <p className="field__error" role="alert">
              {describeError(submit.error)}
            </p>
          ) : null}
        </div>
      ) : null}
      {submit.isSuccess && bundle.status === "pending_review" ? (
        <p className="notice notice--success" role="status">
          Submitted. It is waiting for review.
        </p>
      ) : null}
    </div>
  );
}

function Checklist({
  bundle,
  names,
  evaluation,
  rejection,
}: {
  bundle: BundleView;
  names: Map<string, string>;
  evaluation: ReturnType<typeof useEvaluation>;
  rejection: Parameters<typeof checklist>[3];
}) {
  const requirements = useRequirements(bundle.country, bundle.number_type);
  return (
    <QueryState
      query={evaluation}
      loading="Checking the bundle…"
      errorTitle="The bundle could not be checked"
    >
      {(evaluated) => (
        <QueryState
          query={requirements}
          loading="Checking the bundle…"
          errorTitle="What these numbers need could not be loaded"
        >
          {(required) => {
            const items = checklist(requiredDocumentTypes(required), evaluated.failures, names, rejection);
            return (
              <section aria-labelledby={`checklist-${bundle.bundle_id}`}>
                <h4 id={`checklist-${bundle.bundle_id}`}>Checklist</h4>
                {items.length === 0 ? (
                  <p className="small">These numbers need no document.</p>
                ) : (
                  <ul className="checklist" data-testid="checklist" aria-live="polite">
                    {items.map((item) => (
                      <li
                        key={item.requirement}
                        className={item.met ? "checklist__met" : "checklist__missing"}
                      >
                        <span aria-hidden="true">{item.met ? "✓" : "✗"}</span>{" "}
                        <strong>{item.met ? "Met" : item.rejected ? "Rejected" : "Missing"}:</strong>{" "}
                        {item.label}
                        {item.reasons.map((reason) => (
                          <div key={reason} className="small">
                            {reason}
                          </div>
                        ))}
                      </li>
                    ))}
                  </ul>
                )}
                <p className="small" data-testid="checklist-summary">
                  {rejection
                    ? "The review rejected what is marked: replace it, then submit the bundle again."
                    : evaluated.compliant
                      ? "Everything these numbers need is in the bundle."
                      : "Something is still missing: see the checklist."}
                </p>
              </section>
            );
          }}
        </QueryState>
      )}
    </QueryState>
  );
}
