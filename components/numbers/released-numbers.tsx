"use client";
import Link from "next/link";
import { useFocusOn } from "@/components/ui/focus";
import { formatDate, plural } from "@/components/ui/format";
import { describeError } from "@/components/ui/states";
import { useRestoreNumber } from "@/components/hooks/use-number-lifecycle";
import { useNumberConfiguration } from "@/components/hooks/use-numbers";

// What a finished bulk release did, where the person is looking: the released numbers leave
// the list (it shows active numbers), so the job's panel names them, links each to its page,
// and offers Restore beside each, while the window lasts.

const SHOWN = 10;

/** A link to the list of released numbers: the current search with status=aging. */
export function releasedListHref(params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.set("status", "aging");
  next.delete("offset");
  return `/numbers?${next.toString()}`;
}

export function ReleasedNumbers({ numberIds, listHref }: { numberIds: string[]; listHref: string }) {
  if (numberIds.length === 0) return null;
  return (
    <div className="stack" data-testid="released-numbers">
      <p>
        {plural(numberIds.length, "number")} released: {numberIds.length === 1 ? "it is" : "they are"} no
        longer listed among your active numbers. <Link href={listHref}>See the released numbers</Link>
      </p>
      <ul className="plain-list stack">
        {numberIds.slice(0, SHOWN).map((numberId) => (
          <ReleasedNumber key={numberId} numberId={numberId} />
        ))}
        {numberIds.length > SHOWN ? <li>and {numberIds.length - SHOWN} more</li> : null}
      </ul>
    </div>
  );
}

function ReleasedNumber({ numberId }: { numberId: string }) {
  const number = useNumberConfiguration(numberId);
  const restore = useRestoreNumber(numberId);
  const data = number.data;
  const label = data ? `${data.name} (${data.number})` : numberId;
  // Restore is replaced by the words saying it worked: focus goes to them, not to the page.
  const restored = restore.isSuccess && data !== null && data !== undefined && data.status !== "aging";
  const restoredRef = useFocusOn<HTMLSpanElement>(restored);
  return (
    <li className="row" data-testid="released-number">
      <Link href={`/numbers/${encodeURIComponent(numberId)}`}>{label}</Link>
      {data?.status === "aging" ? (
        <>
          {data.restorable_until ? (
            <span className="small muted">restorable until {formatDate(data.restorable_until)}</span>
          ) : null}
          <button
            type="button"
            className="btn btn--small"
            aria-label={`Restore ${label}`}
            aria-disabled={restore.isPending}
            onClick={() => {
              if (!restore.isPending) restore.mutate();
            }}
          >
            {restore.isPending ? "Restoring…" : "Restore"}
          </button>
        </>
      ) : restored ? (
        <span ref={restoredRef} tabIndex={-1} className="small focus-target">
          Restored: calls are routed again.
        </span>
      ) : data ? (
        <span className="small">Not released any more</span>
      ) : null}
      {restore.isError ? (
        <span className="field__error" role="alert">
          {describeError(restore.error)}
        </span>
      ) : null}
    </li>
  );
}
