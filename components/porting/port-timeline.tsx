"use client";
import { useEffect, useState } from "react";
import { useAddPortComment, usePortOrderEvents } from "@/components/hooks/use-porting";
import { eventHeadline, exceptionFieldWords, exceptionItems } from "@/components/porting/porting-words";
import { Field } from "@/components/ui/field";
import { formatDateTime } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { describeError } from "@/components/ui/states";

/** An order's timeline (status changes, FOC changes, exceptions, comments), oldest first, and a comment box. */
export function PortTimeline({
  portOrderId,
  version,
  poll,
  mayComment,
}: {
  portOrderId: string;
  /** The order's version: each change to it (the carrier's last move too) reads the timeline again. */
  version: number;
  poll: boolean;
  mayComment: boolean;
}) {
  const events = usePortOrderEvents(portOrderId, poll);
  const { refetch } = events;
  useEffect(() => {
    void refetch();
  }, [version, refetch]);
  const add = useAddPortComment();
  const [body, setBody] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  async function send() {
    if (!body.trim()) return setProblem("Type a comment first.");
    setProblem(null);
    try {
      await add.mutateAsync({ portOrderId, body: body.trim() });
      setBody("");
    } catch (error) {
      setProblem(describeError(error));
    }
  }

  return (
    <section className="card stack" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="card__title">
        Timeline
      </h2>
      <QueryState
        query={events}
        loading="Loading the timeline…"
        errorTitle="The timeline could not be loaded"
        empty="Nothing has happened yet"
      >
        {(list) => (
          <ol className="stack" data-testid="port-timeline">
            {list.map((event) => (
              <li key={event.event_id} data-testid="port-event">
                <strong>{eventHeadline(event)}</strong>{" "}
                <span className="muted small">{formatDateTime(event.created_at)}</span>
                {event.body ? <p className="pre-line">{event.body}</p> : null}
                {event.kind === "exception" || event.kind === "status_changed" ? (
                  <ul>
                    {exceptionItems(event.details).map((item) => (
                      <li key={`${item.field}-${item.code}`}>
                        {exceptionFieldWords[item.field] ?? item.field}: {item.message}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </QueryState>
      {mayComment ? (
        <form
          className="stack"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <Field label="Add a comment" error={problem}>
            {(props) => (
              <textarea
                {...props}
                name="comment"
                rows={3}
                value={body}
                onChange={(event) => setBody(event.target.value)}
              />
            )}
          </Field>
          <div className="form-actions">
            <button type="submit" className="btn" disabled={add.isPending}>
              {add.isPending ? "Adding…" : "Add comment"}
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
