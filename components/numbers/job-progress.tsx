"use client";
import { JobFailure } from "@/components/numbers/job-failure";
import { jobProgressWords } from "@/components/numbers/number-words";
import { ReleasedNumbers } from "@/components/numbers/released-numbers";
import { QueryState } from "@/components/ui/query-state";
import { describeError } from "@/components/ui/states";
import { useCancelJob, useJob } from "@/components/hooks/use-jobs";

// A bulk job's progress (docs/CONTRACT.md §16), followed by its id: the page keeps the id in its URL,
// so a reload, or a link, shows the same job. Failures list each number with the reason the
// single endpoint would have given.

const SHOWN_FAILURES = 10;

/** `releasedHref`: where the numbers a release took out of the list are listed (status=aging). */
export function JobProgress({
  jobId,
  onDismiss,
  releasedHref,
}: {
  jobId: string;
  onDismiss: () => void;
  releasedHref: string;
}) {
  const job = useJob(jobId);
  const cancel = useCancelJob();
  return (
    <QueryState
      query={job}
      loading="Reading the bulk change…"
      errorTitle="The bulk change could not be loaded"
    >
      {(data) => {
        const { counts, status, items } = data;
        const finished = status === "completed" || status === "canceled";
        const failed = items.filter((item) => item.status === "failed");
        const tone = !finished
          ? ""
          : failed.length > 0 || status === "canceled"
            ? " notice--warning"
            : " notice--success";
        return (
          <section className={`notice${tone} stack`} aria-labelledby="job-heading" data-testid="job-progress">
            <h2 id="job-heading" className="small">
              Bulk change
            </h2>
            <progress
              className="job-progress"
              max={Math.max(1, counts.total)}
              value={counts.total - counts.pending}
              aria-label="Numbers done"
            />
            <p role="status" aria-live="polite" data-testid="job-status">
              {jobProgressWords(data)}
            </p>
            {finished && data.type === "release" ? (
              <ReleasedNumbers
                numberIds={items.filter((item) => item.status === "succeeded").map((item) => item.number_id)}
                listHref={releasedHref}
              />
            ) : null}
            {failed.length > 0 ? (
              <ul className="small">
                {failed.slice(0, SHOWN_FAILURES).map((item) => (
                  <JobFailure key={item.number_id} item={item} type={data.type} />
                ))}
                {failed.length > SHOWN_FAILURES ? <li>and {failed.length - SHOWN_FAILURES} more</li> : null}
              </ul>
            ) : null}
            <div className="row">
              {finished ? (
                <button type="button" className="btn btn--small" onClick={onDismiss}>
                  Dismiss
                </button>
              ) : (
                <button
                  type="button"
                  className="btn btn--small"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(jobId)}
                >
                  {cancel.isPending ? "Stopping…" : "Stop the rest"}
                </button>
              )}
            </div>
            {cancel.isError ? (
              <p className="field__error" role="alert">
                {describeError(cancel.error)}
              </p>
            ) : null}
          </section>
        );
      }}
    </QueryState>
  );
}
