import { describeAction, describeActivations } from "@/components/rules/describe";
import { ruleColor } from "@/components/rules/week-timeline-view";
import type { Rule } from "@/lib/schemas/numbers/responses";

/** The rules in the order calls meet them; the one answering at `at` marked, disabled ones visibly off. */
export function RuleList({
  rules,
  activeIndex,
  at,
}: {
  rules: Rule[];
  activeIndex: number | null;
  at: Date;
}) {
  if (rules.length === 0) {
    return <p className="muted">This number has no rules yet, so calls to it are not answered.</p>;
  }
  return (
    <ol className="rule-list">
      {rules.map((rule, index) => {
        const active = index === activeIndex;
        return (
          <li
            key={`${rule.priority}-${rule.name}-${index}`}
            className={`rule${rule.disabled ? " rule--off" : ""}${active ? " rule--active" : ""}`}
            aria-current={active ? "true" : undefined}
            // The rule's colour marks its card as it marks its blocks in the week below.
            style={rule.disabled ? undefined : { borderLeftColor: ruleColor(index), borderLeftWidth: "4px" }}
            data-testid="rule"
          >
            <div className="rule__head">
              <span
                className="rule__swatch"
                style={{ background: rule.disabled ? "transparent" : ruleColor(index) }}
                aria-hidden="true"
              />
              <h3>{rule.name}</h3>
              <span className="badge">Priority {rule.priority}</span>
              {rule.disabled ? <span className="badge badge--danger">Off — never answers</span> : null}
              {active ? <span className="badge badge--success">Answering calls{activeLabel(at)}</span> : null}
            </div>
            <dl className="dl rule__body">
              <dt>When</dt>
              <dd>
                <ul className="plain-list">
                  {describeActivations(rule, at).map((text, position) => (
                    <li key={position}>{text}</li>
                  ))}
                </ul>
              </dd>
              <dt>Then</dt>
              <dd>{describeAction(rule.action)}</dd>
              {Object.keys(rule.action.tags).length > 0 ? (
                <>
                  <dt>Tags</dt>
                  <dd className="badges">
                    {Object.entries(rule.action.tags).map(([key, value]) => (
                      <span key={key} className="badge">
                        {key}: {value}
                      </span>
                    ))}
                  </dd>
                </>
              ) : null}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}

function activeLabel(at: Date): string {
  return Math.abs(at.getTime() - Date.now()) < 120_000 ? " now" : " at the chosen time";
}
