"use client";
import { useState } from "react";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState } from "@/components/ui/states";
import { QueryState } from "@/components/ui/query-state";
import { describeMoment } from "@/components/rules/describe";
import { describeChanges } from "@/components/rules/editor/describe-changes";
import { HISTORY_PAGE_SIZE, useConfigurationHistory } from "@/components/hooks/use-configuration";
import styles from "@/components/rules/editor/editor.module.css";

/**
 * Every change of the number, newest first: who, when (in the number's zone, UTC beside), and
 * what changed in words. On the number's page itself, so reading it needs no editing.
 */
export function HistoryPanel({ numberId, timeZone }: { numberId: string; timeZone: string }) {
  const [offset, setOffset] = useState(0);
  const history = useConfigurationHistory(numberId, offset);
  return (
    <section className="card" aria-labelledby="history-heading" data-testid="history-panel">
      <h2 id="history-heading">History</h2>
      <QueryState
        query={history}
        loading="Loading the history…"
        errorTitle="The history could not be loaded"
        empty={
          <EmptyState title="No changes yet">
            <p>Changes saved here or through the API are listed with who made them.</p>
          </EmptyState>
        }
        isEmpty={(data) => data.changes.length === 0}
      >
        {(data) => (
          <>
            <ol className={styles.history}>
              {data.changes.map((change) => (
                <li key={change.id} data-testid="history-entry">
                  <strong>{change.changed_by.name}</strong>
                  {change.changed_by.role === "support" ? " (support)" : ""}
                  {change.changed_by.type === "token" ? " via an API token" : ""} ·{" "}
                  <span className="muted">
                    {describeMoment(new Date(change.changed_at), timeZone)} · version {change.version}
                  </span>
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
              total={data.total}
              onChange={setOffset}
              label="History pages"
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
