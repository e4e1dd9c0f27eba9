"use client";
import Link from "next/link";
import { useId, useState } from "react";
import {
  referencingRules,
  restorableUntil,
  type ReferencingRule,
  statusTone,
  statusWords,
} from "@/components/numbers/number-words";
import { numberCountry } from "@/components/compliance/compliance-words";
import { PendingDocuments } from "@/components/compliance/pending-documents";
import { PortOutPin } from "@/components/numbers/port-out-pin";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { useFocusOn } from "@/components/ui/focus";
import { formatDate, formatDateTime } from "@/components/ui/format";
import { describeError } from "@/components/ui/states";
import { ApiClientError } from "@/components/hooks/api-fetch";
import { useLockNumber, useReleaseNumber, useRestoreNumber } from "@/components/hooks/use-number-lifecycle";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { numberStateFacts } from "@/lib/schemas/number-states";

// A number's state on its page (docs/CONTRACT.md §16) and what can be done to it: release (saying until
// when it can be restored, and which of the organization's rules dial it), restore, lock, the
// port-out PIN (§20); a number being ported in links its port order. A
// role that may not (docs/CONTRACT.md §15) sees the buttons disabled and why.

export function NumberLifecycle({
  number,
  refusal,
  agingDays,
}: {
  number: NumberConfiguration;
  /** Why this person may not release, restore or lock; null when they may. */
  refusal: string | null;
  agingDays: number;
}) {
  const reasonId = useId();
  // What the last action did, said where focus goes: the button pressed is replaced (Restore by
  // Release) or disabled while it works, and focus must not fall to the page.
  const [done, setDone] = useState<{ text: string; count: number } | null>(null);
  const doneRef = useFocusOn<HTMLParagraphElement>(done);
  const say = (text: string) => setDone({ text, count: (done?.count ?? 0) + 1 });
  return (
    <section className="card stack" aria-labelledby="lifecycle-heading" data-testid="number-lifecycle">
      <h2 id="lifecycle-heading">Status</h2>
      {done === null ? null : (
        <p ref={doneRef} tabIndex={-1} role="status" className="focus-target" data-testid="lifecycle-done">
          {done.text}
        </p>
      )}
      <dl className="dl">
        <dt>Status</dt>
        <dd>
          <span className={`badge badge--sentence ${statusTone[number.status]}`} data-testid="number-status">
            {statusWords(number)}
          </span>
        </dd>
        {number.purchased_at ? (
          <>
            <dt>Bought</dt>
            <dd>{formatDate(number.purchased_at)}</dd>
          </>
        ) : null}
        <dt>Lock</dt>
        <dd data-testid="number-lock">
          {number.locked ? "Locked: it cannot be released until it is unlocked" : "Not locked"}
        </dd>
        <dt>Tags</dt>
        <dd>
          {number.tags.length === 0 ? (
            <span className="muted">None</span>
          ) : (
            <ul className="badges tag-list">
              {number.tags.map((tag) => (
                <li key={tag} className="badge badge--accent">
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </dl>
      {number.status === "pending_documents" ? (
        <PendingDocuments
          organizationId={number.organization_id}
          country={numberCountry(number) ?? ""}
          numberType={number.number_type ?? ""}
          documentsDue={number.documents_due}
        />
      ) : null}
      {numberStateFacts[number.status].portInProgress ? (
        <p className="small muted" data-testid="number-porting">
          Being ported in
          {number.port_order_id === null ? null : (
            <>
              {" "}
              by{" "}
              <Link
                href={`/porting/${encodeURIComponent(number.port_order_id)}`}
                data-testid="number-port-order"
              >
                its port order
              </Link>
            </>
          )}
          : no call is routed to it until the port completes
          {number.porting_foc_at ? ` at the FOC, ${formatDateTime(number.porting_foc_at)}` : ""}. It cannot be
          released, restored or locked until then. Cancel the port order to give it up.
        </p>
      ) : number.number_type === null ? null : (
        <>
          {refusal === null ? null : (
            <p id={reasonId} className="small muted">
              {refusal}
            </p>
          )}
          {numberStateFacts[number.status].restorable ? (
            <RestoreAction
              number={number}
              describedBy={refusal === null ? undefined : reasonId}
              onDone={say}
            />
          ) : (
            <div className="stack">
              <ReleaseAction
                number={number}
                agingDays={agingDays}
                describedBy={refusal === null ? undefined : reasonId}
                onDone={say}
              />
              <LockAction
                number={number}
                describedBy={refusal === null ? undefined : reasonId}
                onDone={say}
              />
            </div>
          )}
        </>
      )}
      {number.number_type === null ? null : <PortOutPin number={number} refusal={refusal} />}
    </section>
  );
}

/** `describedBy` set: the person may not, and that paragraph says why. `onDone` says what was done. */
type ActionProps = {
  number: NumberConfiguration;
  describedBy: string | undefined;
  onDone: (text: string) => void;
};

function ReleaseAction({ number, agingDays, describedBy, onDone }: ActionProps & { agingDays: number }) {
  const release = useReleaseNumber(number.number_id);
  // The rules a refused release named stay in view while the forced release is under way.
  const [dialledBy, setDialledBy] = useState<ReferencingRule[]>([]);
  // mutateAsync, not mutate's callbacks: a release replaces this action by Restore, and a
  // callback of an unmounted observer would never run.
  const releaseWith = (force: boolean) =>
    release.mutateAsync({ force }).then(
      (released) =>
        onDone(
          `Released ${number.number}: its calls stopped.${
            released.restorable_until
              ? ` Restore it by ${formatDate(released.restorable_until)} to keep it.`
              : ""
          }`,
        ),
      (error: unknown) =>
        setDialledBy(
          error instanceof ApiClientError && error.code === "number_referenced"
            ? referencingRules(error.body?.error.details ?? "")
            : [],
        ),
    );
  const until = restorableUntil(new Date(), agingDays);
  if (describedBy !== undefined || number.locked)
    return (
      <div className="stack">
        <p className="small">Releasing it stops its calls; it can then be restored for {agingDays} days.</p>
        <div className="row">
          <button
            type="button"
            className="btn btn--small btn--danger"
            disabled
            aria-describedby={describedBy}
          >
            Release
          </button>
          {number.locked ? <span className="small muted">It is locked: unlock it first.</span> : null}
        </div>
      </div>
    );
  return (
    <div className="stack" data-testid="release-action">
      <p className="small">
        If you release it, calls to it stop at once. You can restore it, with its rules, until{" "}
        <strong>{until}</strong>; after that it goes back to inventory and may be bought by someone else.
      </p>
      {dialledBy.length === 0 ? (
        <div className="row">
          <ConfirmButton
            label="Release"
            labelFor={`Release ${number.number}`}
            confirmLabel={`Release ${number.number}, restorable until ${until}`}
            pendingLabel="Releasing…"
            pending={release.isPending}
            error={release.error}
            onConfirm={() => void releaseWith(false)}
          />
        </div>
      ) : (
        <div className="notice notice--warning stack" role="alert" data-testid="release-referenced">
          <p>
            {dialledBy.length === 1 ? "A rule" : `${dialledBy.length} rules`} of your organization{" "}
            {dialledBy.length === 1 ? "dials" : "dial"} this number:
          </p>
          <ul>
            {dialledBy.map((rule) => (
              <li key={`${rule.numberId}/${rule.ruleName}`}>
                “{rule.ruleName}” on{" "}
                <Link href={`/numbers/${encodeURIComponent(rule.numberId)}`}>{rule.number}</Link>
              </li>
            ))}
          </ul>
          <p>Change them first, or release it anyway: they will then dial a number you no longer have.</p>
          <div className="row">
            <ConfirmButton
              label="Release anyway"
              confirmLabel={`Release ${number.number} although rules dial it`}
              pendingLabel="Releasing…"
              pending={release.isPending}
              onConfirm={() => void releaseWith(true)}
            />
            <button
              type="button"
              className="btn btn--small btn--link"
              onClick={() => (release.reset(), setDialledBy([]))}
            >
              Keep it
            </button>
          </div>
          {release.error && !isReferenced(release.error) ? (
            <p className="field__error" role="alert">
              {describeError(release.error)}
            </p>
          ) : null}
        </div>
      )}
    </div>
  );
}

const isReferenced = (error: unknown) =>
  error instanceof ApiClientError && error.code === "number_referenced";

function RestoreAction({ number, describedBy, onDone }: ActionProps) {
  const restore = useRestoreNumber(number.number_id);
  return (
    <div className="stack" data-testid="restore-action">
      <p className="small">
        Released: calls to it are not answered.
        {number.restorable_until
          ? ` Restore it by ${formatDate(number.restorable_until)} to keep it, with its rules as they were.`
          : ""}
      </p>
      <div className="row">
        <button
          type="button"
          className="btn btn--small btn--primary"
          disabled={describedBy !== undefined || restore.isPending}
          aria-describedby={describedBy}
          onClick={() =>
            void restore.mutateAsync().then(
              () => onDone(`Restored ${number.number}: it is active again, with its rules.`),
              () => undefined, // said below, from the mutation's error
            )
          }
        >
          {restore.isPending ? "Restoring…" : "Restore"}
        </button>
      </div>
      {restore.isError ? (
        <p className="field__error" role="alert">
          {describeError(restore.error)}
        </p>
      ) : null}
    </div>
  );
}

function LockAction({ number, describedBy, onDone }: ActionProps) {
  const lock = useLockNumber(number.number_id);
  return (
    <div className="stack">
      <div className="row">
        <button
          type="button"
          className="btn btn--small"
          disabled={describedBy !== undefined || lock.isPending}
          aria-describedby={describedBy}
          onClick={() =>
            void lock.mutateAsync({ locked: !number.locked }).then(
              (changed) =>
                onDone(
                  changed.locked
                    ? `Locked ${number.number}: it cannot be released until it is unlocked.`
                    : `Unlocked ${number.number}: it can be released again.`,
                ),
              () => undefined, // said below, from the mutation's error
            )
          }
        >
          {lock.isPending ? "Saving…" : number.locked ? "Unlock" : "Lock"}
        </button>
        <span className="small muted">
          {number.locked ? "Unlocking lets it be released again." : "A locked number cannot be released."}
        </span>
      </div>
      {lock.isError ? (
        <p className="field__error" role="alert">
          {describeError(lock.error)}
        </p>
      ) : null}
    </div>
  );
}
