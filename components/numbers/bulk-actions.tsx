"use client";
import { useState, type FormEvent } from "react";
import { restorableUntil } from "@/components/numbers/number-words";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { Field } from "@/components/ui/field";
import { plural } from "@/components/ui/format";
import { selectedCount, type Selection } from "@/components/ui/selection";
import { describeError } from "@/components/ui/states";
import { readTags, type NumberSearch } from "@/components/hooks/number-search";
import { jobTarget } from "@/components/numbers/job-target";
import { useStartJob, type JobStart } from "@/components/hooks/use-jobs";

// What can be done to the numbers picked on /numbers at once: one bulk job (docs/CONTRACT.md §16) per
// action. Actions the person's role may not start are not offered, and the form says why.

type Action = "add_tag" | "remove_tag" | "lock" | "unlock" | "release";

const actionLabels: Record<Action, string> = {
  add_tag: "Add a tag",
  remove_tag: "Remove a tag",
  lock: "Lock (they cannot be released)",
  unlock: "Unlock",
  release: "Release",
};

export type BulkPermissions = {
  /** May change tags (numbers:write and jobs:write). */
  tags: boolean;
  /** May lock, unlock and release (numbers:release); else why not, in words. */
  release: true | string;
};

export function BulkActions({
  selection,
  search,
  extensionIds,
  permissions,
  agingDays,
  onStarted,
}: {
  selection: Selection;
  search: NumberSearch;
  extensionIds: ReadonlySet<string>;
  permissions: BulkPermissions;
  agingDays: number;
  onStarted: (jobId: string) => void;
}) {
  const offered = (Object.keys(actionLabels) as Action[]).filter((action) =>
    action.endsWith("_tag") ? permissions.tags : permissions.release === true,
  );
  const [action, setAction] = useState<Action>(offered[0] ?? "add_tag");
  const [tagText, setTagText] = useState("");
  const [force, setForce] = useState(false);
  const [tagError, setTagError] = useState<string | null>(null);
  const start = useStartJob();
  const count = selectedCount(selection);
  if (count === 0 || offered.length === 0) return null;

  const numbers = plural(count, "number");
  async function run() {
    const tags = readTags(tagText);
    const isTag = action === "add_tag" || action === "remove_tag";
    if (isTag && tags.length === 0) {
      setTagError("Type a tag: 1 to 40 letters, digits, - _ or :");
      return;
    }
    setTagError(null);
    const request: Omit<JobStart, "target"> =
      action === "add_tag"
        ? { type: "set_tags", params: { add: tags } }
        : action === "remove_tag"
          ? { type: "set_tags", params: { remove: tags } }
          : action === "release"
            ? { type: "release", params: force ? { force: true } : {} }
            : { type: action, params: {} };
    try {
      const job = await start.mutateAsync({
        ...request,
        target: () => jobTarget(selection, search, extensionIds),
      });
      setTagText("");
      onStarted(job.job_id);
    } catch {
      // The mutation's error is shown beside the button.
    }
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run();
  }

  return (
    <form className="card stack" aria-labelledby="bulk-heading" onSubmit={submit} noValidate>
      <h2 id="bulk-heading">Change the {numbers} selected</h2>
      <div className="form-grid">
        <Field label="Action">
          {(props) => (
            <select {...props} value={action} onChange={(event) => setAction(event.target.value as Action)}>
              {offered.map((choice) => (
                <option key={choice} value={choice}>
                  {actionLabels[choice]}
                </option>
              ))}
            </select>
          )}
        </Field>
        {action === "add_tag" || action === "remove_tag" ? (
          <Field
            label="Tag"
            hint="Letters, digits, - _ or :, such as “sales” or “team:london”"
            error={tagError}
          >
            {(props) => (
              <input
                {...props}
                type="text"
                autoComplete="off"
                value={tagText}
                onChange={(event) => setTagText(event.target.value)}
              />
            )}
          </Field>
        ) : null}
      </div>
      {action === "release" ? (
        <>
          <p className="small">
            Calls to released numbers stop at once. You can restore them until{" "}
            <strong>{restorableUntil(new Date(), agingDays)}</strong>; after that they go back to inventory.
            Locked numbers are not released.
          </p>
          <label className="row small">
            <input type="checkbox" checked={force} onChange={(event) => setForce(event.target.checked)} />
            Also release numbers that your rules dial (those rules will then dial a number you no longer have)
          </label>
        </>
      ) : null}
      {permissions.release === true ? null : <p className="small muted">{permissions.release}</p>}
      <div className="form-actions">
        {action === "release" ? (
          <ConfirmButton
            label={`Release ${numbers}`}
            confirmLabel={`Yes, release ${numbers}`}
            pendingLabel="Starting…"
            pending={start.isPending}
            onConfirm={() => void run()}
          />
        ) : (
          <button type="submit" className="btn btn--primary" disabled={start.isPending}>
            {start.isPending ? "Starting…" : `Apply to ${numbers}`}
          </button>
        )}
      </div>
      {start.isError ? (
        <p className="field__error" role="alert">
          {describeError(start.error)}
        </p>
      ) : null}
    </form>
  );
}
