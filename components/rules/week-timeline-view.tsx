import { clock, weekPosition, weekTimeline, type TimelineDay } from "@/components/rules/week-timeline";
import { zoneLabel } from "@/components/rules/describe";
import type { Rule } from "@/lib/schemas/numbers/responses";
import styles from "@/components/rules/week-timeline.module.css";

// Colours for rules by position; chosen to stay apart for common colour-vision deficiencies.
const ruleColors = ["#1d5bd6", "#e07b00", "#128a5b", "#a23fbf", "#c2185b", "#00838f", "#6d4c41", "#5c6bc0"];
export const ruleColor = (index: number) => ruleColors[index % ruleColors.length];

const DAY_MINUTES = 24 * 60;
const pct = (minute: number) => `${(minute / DAY_MINUTES) * 100}%`;

export function WeekTimeline({
  rules,
  at,
  timeZone,
  pinned,
}: {
  rules: Rule[];
  at: Date;
  timeZone: string;
  pinned: boolean;
}) {
  const days = weekTimeline(rules, at, timeZone);
  const position = weekPosition(at, timeZone);
  const used = new Set(days.flatMap((day) => day.segments.map((segment) => segment.ruleIndex)));

  return (
    <div>
      <p className="muted small">
        The week of {days[0].date} to {days[6].date}, in {zoneLabel(timeZone)}. The black line marks{" "}
        {pinned ? "the chosen time" : "now"}.
      </p>
      <ul className={styles.legend} aria-label="Legend">
        {rules.map((rule, index) =>
          used.has(index) ? (
            <li key={index}>
              <span className={styles.swatch} style={{ background: ruleColor(index) }} aria-hidden="true" />
              {rule.name}
            </li>
          ) : null,
        )}
        {used.has(null) ? (
          <li>
            <span className={`${styles.swatch} ${styles.none}`} aria-hidden="true" />
            No rule (the call is not answered)
          </li>
        ) : null}
      </ul>
      <ol className={styles.days} aria-label="Which rule answers, day by day">
        {days.map((day, index) => (
          <li key={day.label} className={styles.day}>
            <div className={styles.dayLabel} aria-hidden="true">
              {day.label.slice(0, 3)}
              <span>{day.date}</span>
            </div>
            <span className="visually-hidden">{daySummary(day, rules)}</span>
            <div className={styles.track} aria-hidden="true">
              {day.segments.map((segment) => (
                <div
                  key={segment.startMinute}
                  className={`${styles.segment} ${segment.ruleIndex === null ? styles.none : ""}`}
                  style={{
                    left: pct(segment.startMinute),
                    width: pct(segment.endMinute - segment.startMinute),
                    background: segment.ruleIndex === null ? undefined : ruleColor(segment.ruleIndex),
                  }}
                  title={`${clock(segment.startMinute)}–${clock(segment.endMinute)}: ${segment.ruleIndex === null ? "no rule" : rules[segment.ruleIndex].name}`}
                />
              ))}
              {position.day === index ? (
                <div className={styles.marker} style={{ left: pct(position.minute) }} />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <div className={styles.ticks} aria-hidden="true">
        <span />
        <div className={styles.tickRow}>
          {[0, 6, 12, 18, 24].map((hour) => (
            <span key={hour} style={{ left: pct(hour * 60) }}>
              {clock(hour * 60)}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}

function daySummary(day: TimelineDay, rules: Rule[]): string {
  const parts = day.segments.map(
    (segment) =>
      `${clock(segment.startMinute)} to ${clock(segment.endMinute)}: ${segment.ruleIndex === null ? "no rule" : rules[segment.ruleIndex].name}`,
  );
  return `${day.label} ${day.date}: ${parts.join("; ")}.`;
}
