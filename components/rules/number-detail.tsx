"use client";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { AtPicker } from "@/components/rules/at-picker";
import { EditorLoader } from "@/components/rules/editor/editor-loader";
import { RuleList } from "@/components/rules/rule-list";
import { timelineZone } from "@/components/rules/week-timeline";
import { WeekTimeline } from "@/components/rules/week-timeline-view";
import { describeMoment, explainAnswer } from "@/components/rules/describe";
import { ruleColor } from "@/components/rules/week-timeline-view";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { useActiveRule, useNumberConfiguration } from "@/lib/hooks/use-numbers";
import { organizationLabel, useOrganizationNames } from "@/lib/hooks/use-organizations";

/** `?at=` pins the time the page shows (shareable); without it the page follows the clock. */
export function NumberDetail({
  numberId,
  atParam,
  showOrganization,
}: {
  numberId: string;
  atParam: string | null;
  showOrganization: boolean;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const pinned = atParam !== null && !Number.isNaN(Date.parse(atParam));
  const configuration = useNumberConfiguration(numberId);
  const active = useActiveRule(numberId, pinned ? new Date(atParam).toISOString() : null);
  const now = useNow(!pinned);
  const [editing, setEditing] = useState(false);
  const organizationNames = useOrganizationNames(showOrganization);
  const at = pinned ? new Date(atParam) : now;

  const back = <Link href="/numbers">All numbers</Link>;
  if (configuration.isPending || configuration.isError || configuration.data === null) {
    return (
      <>
        <PageHeader title="Number" actions={back} />
        {configuration.isPending ? (
          <LoadingState label="Loading the number…" />
        ) : configuration.isError ? (
          <ErrorState
            error={configuration.error}
            onRetry={() => configuration.refetch()}
            title="The number could not be loaded"
          />
        ) : (
          <section className="card">
            <EmptyState title="No such number">
              <p>
                There is no number {numberId} you can see. <Link href="/numbers">Search your numbers</Link>.
              </p>
            </EmptyState>
          </section>
        )}
      </>
    );
  }

  const { rules } = configuration.data;
  const activeRule = active.data?.rule ?? null;
  const activeIndex =
    activeRule === null
      ? null
      : rules.findIndex((rule) => JSON.stringify(rule) === JSON.stringify(activeRule));
  // The number's own time zone (its rules'), so a time picked or read is the one its callers live in.
  const zone = timelineZone(rules, Intl.DateTimeFormat().resolvedOptions().timeZone);

  const { name, number, local_format: localFormat } = configuration.data;
  const edit = (
    <>
      {editing ? null : (
        <button type="button" className="btn btn--primary" onClick={() => setEditing(true)}>
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
      {editing ? <EditorLoader numberId={numberId} onClose={() => setEditing(false)} /> : null}
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
        {active.isPending ? (
          <LoadingState label="Asking which rule answers…" />
        ) : active.isError ? (
          <ErrorState error={active.error} onRetry={() => active.refetch()} />
        ) : (
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
                <span className="muted">{explainAnswer(rules, null, at)}</span>
              </>
            )}
          </p>
        )}
        {showOrganization ? (
          <p className="small muted">
            Organization {organizationLabel(organizationNames, configuration.data.organization_id)}
          </p>
        ) : null}
      </section>
      <section className="card" aria-labelledby="rules-heading">
        <h2 id="rules-heading">Rules, in the order calls meet them</h2>
        <p className="small muted">
          The first rule that is switched on and whose times match answers the call.
        </p>
        <RuleList rules={rules} activeIndex={activeIndex === -1 ? null : activeIndex} at={at} />
      </section>
      {rules.length > 0 ? (
        <section className="card" aria-labelledby="week-heading">
          <h2 id="week-heading">Who answers when, this week</h2>
          <WeekTimeline rules={rules} at={at} timeZone={zone} pinned={pinned} />
        </section>
      ) : null}
    </div>
  );
}

/** The current time, moving on each minute while `live`. */
function useNow(live: boolean): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    if (!live) return;
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, [live]);
  return now;
}
