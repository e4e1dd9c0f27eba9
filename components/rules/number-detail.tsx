"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { AtPicker } from "@/components/rules/at-picker";
import { EditorLoader } from "@/components/rules/editor/editor-loader";
import { HistoryPanel } from "@/components/rules/history-panel";
import { RuleList } from "@/components/rules/rule-list";
import { timelineZone } from "@/components/rules/week-timeline";
import { WeekTimeline } from "@/components/rules/week-timeline-view";
import { describeMoment, describeNoAnswer, explainAnswer } from "@/components/rules/describe";
import { ruleColor } from "@/components/rules/week-timeline-view";
import { NumberLifecycle } from "@/components/numbers/number-lifecycle";
import { useFocusOn } from "@/components/ui/focus";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { QueryState } from "@/components/ui/query-state";
import { useActiveRule, useNumberConfiguration } from "@/components/hooks/use-numbers";
import { useVersionAt } from "@/components/hooks/use-configuration";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import { describeVersion } from "@/lib/numbers/version-at";
import { organizationLabel, useOrganizationNames } from "@/components/hooks/use-organizations";

/** `?at=` pins the time the page shows (shareable); without it the page follows the clock. */
export function NumberDetail({
  numberId,
  atParam,
  showOrganization,
  lifecycleRefusal,
  rulesRefusal,
  agingDays,
}: {
  numberId: string;
  atParam: string | null;
  showOrganization: boolean;
  /** Why this person may not release, restore or lock the number; null when they may. */
  lifecycleRefusal: string | null;
  /** Why this person may not change the number's rules; null when they may. */
  rulesRefusal: string | null;
  /** How long a released number stays restorable (docs/CONTRACT.md §16). */
  agingDays: number;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const pinned = atParam !== null && !Number.isNaN(Date.parse(atParam));
  const configuration = useNumberConfiguration(numberId);
  const active = useActiveRule(numberId, pinned ? new Date(atParam).toISOString() : null);
  const now = useNow(!pinned, configuration.dataUpdatedAt);
  const [editing, setEditing] = useState(false);
  // Each close of the editor gives focus back to the button that opened it.
  const [closes, setCloses] = useState(0);
  const editRef = useFocusOn<HTMLButtonElement>(closes === 0 ? null : closes);
  const organizationNames = useOrganizationNames(showOrganization);
  const at = pinned ? new Date(atParam) : now;
  // A moment asked about is answered with the rules in force then, read from the history.
  const version = useVersionAt(configuration.data ?? null, at);

  const back = <Link href="/numbers">All numbers</Link>;
  if (configuration.isPending || configuration.isError || configuration.data === null) {
    return (
      <>
        <PageHeader title="Number" actions={back} />
        <QueryState
          query={configuration}
          loading="Loading the number…"
          errorTitle="The number could not be loaded"
        >
          {() => (
            <section className="card">
              <EmptyState title="No such number">
                <p>
                  There is no number {numberId} you can see. <Link href="/numbers">Search your numbers</Link>.
                </p>
              </EmptyState>
            </section>
          )}
        </QueryState>
      </>
    );
  }

  const current = configuration.data;
  // The number's own time zone (its rules'), so a time picked or read is the one its callers live in.
  const zone = timelineZone(current.rules, Intl.DateTimeFormat().resolvedOptions().timeZone);
  // Until the history says otherwise, a moment from now on is under the current rules; an
  // earlier one waits for the version in force then.
  const found = version.found;
  const past = pinned && at.getTime() < now.getTime();
  const isCurrent = found === undefined ? !past : found.until === null;
  const shown = isCurrent ? current : (found?.configuration ?? null);
  const rules = shown?.rules ?? [];
  // The current rules' answer is the API's own; an earlier version's, the same evaluator's here.
  const activeRule = isCurrent
    ? (active.data?.rule ?? null)
    : found === undefined
      ? null
      : resolveActiveRule(rules, at).rule;
  const activeIndex =
    activeRule === null
      ? null
      : rules.findIndex((rule) => JSON.stringify(rule) === JSON.stringify(activeRule));
  const answerPending = isCurrent ? active.isPending : found === undefined && !version.isError;
  const answerError = isCurrent ? (active.isError ? active : null) : version.isError ? version : null;
  const noAnswer = activeRule === null ? null : describeNoAnswer(activeRule.action);
  const versionText =
    found === undefined
      ? null
      : describeVersion(found, at, now, (iso) => describeMoment(new Date(iso), zone));

  const { name, number, local_format: localFormat } = configuration.data;
  // A role that may not change rules sees the button disabled and why, before opening an
  // editor whose Save the API would refuse.
  const edit = (
    <>
      {editing ? null : (
        <button
          ref={editRef}
          type="button"
          className="btn btn--primary"
          onClick={() => setEditing(true)}
          disabled={rulesRefusal !== null}
          aria-describedby={rulesRefusal === null ? undefined : "rules-refusal"}
        >
          {rules.length === 0 ? "Set up rules" : "Edit rules"}
        </button>
      )}{" "}
      {back}
    </>
  );
  return (
    <div className="stack">
      <PageHeader
        title={name}
        description={localFormat === null ? `Extension ${number}` : `${number} · ${localFormat}`}
        actions={edit}
      />
      {rulesRefusal === null ? null : (
        <p id="rules-refusal" className="small muted" data-testid="rules-refusal">
          {rulesRefusal}
        </p>
      )}
      {editing ? (
        <EditorLoader
          numberId={numberId}
          onClose={() => {
            setEditing(false);
            setCloses(closes + 1);
          }}
        />
      ) : null}
      <NumberLifecycle number={current} refusal={lifecycleRefusal} agingDays={agingDays} />
      {atParam !== null && !pinned ? (
        <div className="notice notice--warning" role="alert">
          “{atParam}” is not a time this page understands; showing now instead.
        </div>
      ) : null}
      <section className="card" aria-labelledby="answer-heading">
        <div className="card__title">
          <h2 id="answer-heading" data-testid="answer-moment">
            {pinned ? "Calls at" : "Calls right now"}{" "}
            <span className="answer-moment">{describeMoment(at, zone)}</span>
          </h2>
          <AtPicker
            key={zone}
            value={pinned ? at : null}
            timeZone={zone}
            onChange={(next) =>
              router.replace(next ? `${pathname}?at=${encodeURIComponent(next.toISOString())}` : pathname, {
                scroll: false,
              })
            }
          />
        </div>
        {answerPending ? (
          <LoadingState
            label={isCurrent ? "Asking which rule answers…" : "Finding the rules in force then…"}
          />
        ) : answerError !== null ? (
          <ErrorState error={answerError.error} onRetry={() => answerError.refetch()} />
        ) : (
          <>
            <p data-testid="active-rule">
              {activeRule ? (
                <>
                  <span
                    className="rule__swatch"
                    style={{ background: ruleColor(activeIndex ?? 0) }}
                    aria-hidden="true"
                  />{" "}
                  Answered by <strong>{activeRule.name}</strong>.{" "}
                  <span className="muted">
                    {explainAnswer(
                      rules,
                      activeIndex === null || activeIndex < 0 ? null : rules[activeIndex],
                      at,
                    )}
                  </span>
                </>
              ) : (
                <>
                  <strong>No rule answers.</strong>{" "}
                  <span className="muted">
                    {shown === null ? "The number had no rules then." : explainAnswer(rules, null, at)}
                  </span>
                </>
              )}
            </p>
            {noAnswer === null ? null : (
              <p className="small" data-testid="no-answer">
                {noAnswer}
              </p>
            )}
          </>
        )}
        {versionText === null ? null : (
          <p className="small muted" data-testid="version-at">
            {versionText}
          </p>
        )}
        {showOrganization ? (
          <p className="small muted">
            Organization {organizationLabel(organizationNames, configuration.data.organization_id)}
          </p>
        ) : null}
      </section>
      <section className="card" aria-labelledby="rules-heading">
        <h2 id="rules-heading">
          {isCurrent
            ? "Rules, in the order calls meet them"
            : `Rules as they were then${found?.version ? ` (version ${found.version})` : ""}`}
        </h2>
        <p className="small muted">
          The first rule that is switched on and whose times match answers the call.
        </p>
        {isCurrent || found !== undefined ? (
          <RuleList rules={rules} activeIndex={activeIndex === -1 ? null : activeIndex} at={at} />
        ) : (
          <p className="muted">The rules in force then show once the history has been read.</p>
        )}
      </section>
      {rules.length > 0 ? (
        <section className="card" aria-labelledby="week-heading">
          <h2 id="week-heading">
            {isCurrent ? "Who answers when, this week" : "Who answered when, that week"}
          </h2>
          <WeekTimeline rules={rules} at={at} timeZone={zone} pinned={pinned} />
        </section>
      ) : null}
      <HistoryPanel numberId={numberId} timeZone={zone} />
    </div>
  );
}

/**
 * The current time, moving on each minute while `live`, and whenever the number is read again
 * (`readAt`): a change made from this page (a lock, a release) is then in the past, not after "now".
 */
function useNow(live: boolean, readAt: number): Date {
  const [now, setNow] = useState(() => new Date());
  const [seenRead, setSeenRead] = useState(readAt);
  if (seenRead !== readAt) {
    setSeenRead(readAt);
    setNow(new Date(readAt));
  }
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, [live]);
  return now;
}
