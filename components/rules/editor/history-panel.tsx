"use client";
import { useState } from "react";
import { formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { describeChanges } from "@/components/rules/editor/describe-changes";
import { HISTORY_PAGE_SIZE, useConfigurationHistory } from "@/lib/hooks/use-configuration";
import styles from "@/components/rules/editor/editor.module.css";

/** Every change of the number, newest first: who, when, and what changed in words. */
export function HistoryPanel({ numberId }: { numberId: string }) {
  const [offset, setOffset] = useState(0);
  const history = useConfigurationHistory(numberId, offset);
  return (
    <section className="card" aria-labelledby="history-heading" data-testid="history-panel">
      <h2 id="history-heading">History</h2>
      {history.isPending ? (
        <LoadingState label="Loading the history…" />
      ) : history.isError ? (
        <ErrorState
          error={history.error}
          onRetry={() => history.refetch()}
          title="The history could not be loaded"
        />
      ) : history.data.changes.length === 0 ? (
        <EmptyState title="No changes yet">
          <p>Changes saved here or through the API are listed with who made them.</p>
        </EmptyState>
      ) : (
        <>
          <ol className={styles.history}>
            {history.data.changes.map((change) => (
              <li key={change.id} data-testid="history-entry">
                <strong>{change.changed_by.name}</strong>
                {change.changed_by.role === "support" ? " (support)" : ""}
                {change.changed_by.type === "token" ? " via an API token" : ""} ·{" "}
                <span className="muted">{formatDateTime(change.changed_at)}</span>
                <ul>
                  {describeChanges(change.before, change.after).map((line, index) => (
                    <li key={index}>{line}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
          <Pagination
            offset={offset}
            limit={HISTORY_PAGE_SIZE}
            total={history.data.total}
            onChange={setOffset}
            label="History pages"
          />
        </>
      )}
    </section>
  );
}
