"use client";
import { Field } from "@/components/ui/field";
import { describeMidnightCrossing } from "@/components/rules/describe";
import { zonedInstant } from "@/components/rules/week-timeline";
import { DestinationField } from "@/components/rules/editor/destination-field";
import { allDays, dialAction, newActivation } from "@/components/rules/editor/draft";
import type { Activation, Rule } from "@/lib/schemas/numbers/responses";
import styles from "@/components/rules/editor/editor.module.css";

// One rule in the editor: its name, on/off, order, when it applies and what it does. Errors
// come from the same validator the API runs, keyed by the field's path.

type Props = {
  rule: Rule;
  index: number;
  count: number;
  path: string;
  zone: string;
  zones: readonly string[];
  destinations: ReadonlyArray<{ id: string; name: string; prefix: string }>;
  /** Whether the number may forward to a sip: address. */
  sip: boolean;
  errorAt: (path: string) => string | null;
  finding: string | null;
  onChange: (rule: Rule) => void;
  onMove: (to: number) => void;
  onDelete: () => void;
};

const dayLabels: Record<string, string> = {
  mon: "Mon",
  tue: "Tue",
  wed: "Wed",
  thu: "Thu",
  fri: "Fri",
  sat: "Sat",
  sun: "Sun",
};

export function RuleCard({
  rule,
  index,
  count,
  path,
  zone,
  zones,
  destinations,
  sip,
  errorAt,
  finding,
  onChange,
  onMove,
  onDelete,
}: Props) {
  const set = (patch: Partial<Rule>) => onChange({ ...rule, ...patch });
  const setActivation = (at: number, patch: Partial<Activation>) =>
    set({
      activations: rule.activations.map((activation, i) =>
        i === at ? { ...activation, ...patch } : activation,
      ),
    });
  const action = rule.action;
  const title = rule.name || `Rule ${index + 1}`;

  return (
    <li
      className={`card ${styles.rule}`}
      // Focus lands here when the quick start creates this rule, so it is not dropped to the page.
      tabIndex={-1}
      data-testid="editor-rule"
      aria-label={`Rule ${index + 1}: ${title}`}
    >
      <div className={styles.ruleHead}>
        <span className={styles.position} aria-hidden="true">
          {index + 1}
        </span>
        <Field label="Rule name" error={errorAt(`${path}.name`)}>
          {(props) => (
            <input {...props} value={rule.name} onChange={(event) => set({ name: event.target.value })} />
          )}
        </Field>
        <label className="check">
          <input
            type="checkbox"
            checked={!rule.disabled}
            onChange={(event) => set({ disabled: !event.target.checked })}
          />{" "}
          On
        </label>
      </div>
      {finding ? (
        <p className="notice notice--warning small" data-testid="rule-finding">
          {finding}
        </p>
      ) : null}

      <fieldset className={styles.group}>
        <legend>When</legend>
        {rule.activations.length === 0 ? (
          <p className="small muted">Always: this rule applies at any time.</p>
        ) : null}
        {rule.activations.map((activation, at) => (
          <ActivationEditor
            key={at}
            activation={activation}
            path={`${path}.activations[${at}]`}
            label={`Time window ${at + 1}`}
            zones={zones}
            errorAt={errorAt}
            onChange={(patch) => setActivation(at, patch)}
            onRemove={() => set({ activations: rule.activations.filter((_, i) => i !== at) })}
          />
        ))}
        <button
          type="button"
          className="btn btn--soft btn--small"
          onClick={() => set({ activations: [...rule.activations, newActivation(zone)] })}
        >
          Add a time window
        </button>
      </fieldset>

      <fieldset className={styles.group}>
        <legend>Then</legend>
        <div className={styles.then}>
          <Field label="Action" error={errorAt(`${path}.action.type`)}>
            {(props) => (
              <select
                {...props}
                value={action.type}
                onChange={(event) => {
                  const type = event.target.value;
                  set({
                    action:
                      type === "dial"
                        ? dialAction(destinations[0]?.prefix ?? "+")
                        : { type: type as "voicemail" | "hangup", tags: action.tags },
                  });
                }}
              >
                <option value="dial">Forward the call</option>
                <option value="voicemail">Send to voicemail</option>
                <option value="hangup">Hang up</option>
              </select>
            )}
          </Field>
          {action.type === "dial" ? (
            <>
              <DestinationField
                label="Forward to"
                value={action.destination}
                sip={sip}
                countries={destinations.map((destination) => destination.name)}
                error={errorAt(`${path}.action.destination`)}
                list={{ id: `destinations-${path}`, options: destinations }}
                onChange={(destination) => set({ action: { ...action, destination } })}
              />
              <Field label="Ring for (seconds)" error={errorAt(`${path}.action.timeout_sec`)}>
                {(props) => (
                  <input
                    {...props}
                    type="number"
                    min={5}
                    max={300}
                    value={Number.isNaN(action.timeout_sec) ? "" : action.timeout_sec}
                    onChange={(event) =>
                      set({ action: { ...action, timeout_sec: event.target.valueAsNumber } })
                    }
                  />
                )}
              </Field>
              <Field label="Caller id shown" error={errorAt(`${path}.action.caller_id`)}>
                {(props) => (
                  <select
                    {...props}
                    value={action.caller_id}
                    onChange={(event) =>
                      set({
                        action: {
                          ...action,
                          caller_id: event.target.value as "caller_number" | "dialed_number",
                        },
                      })
                    }
                  >
                    <option value="caller_number">The caller&apos;s number</option>
                    <option value="dialed_number">The number they dialled</option>
                  </select>
                )}
              </Field>
            </>
          ) : null}
        </div>
      </fieldset>

      <div className={styles.ruleActions}>
        <button
          type="button"
          className="btn btn--small"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={`Move “${title}” up`}
        >
          ↑ Up
        </button>
        <button
          type="button"
          className="btn btn--small"
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={`Move “${title}” down`}
        >
          ↓ Down
        </button>
        <button
          type="button"
          className="btn btn--danger btn--small"
          onClick={onDelete}
          aria-label={`Delete “${title}”`}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

type ActivationProps = {
  activation: Activation;
  path: string;
  label: string;
  zones: readonly string[];
  errorAt: (path: string) => string | null;
  onChange: (patch: Partial<Activation>) => void;
  onRemove: () => void;
};

function ActivationEditor({ activation, path, label, zones, errorAt, onChange, onRemove }: ActivationProps) {
  const toggleDay = (day: Activation["days"][number]) =>
    onChange({
      days: activation.days.includes(day)
        ? activation.days.filter((d) => d !== day)
        : allDays.filter((d) => d === day || activation.days.includes(d)),
    });
  const crossing = describeMidnightCrossing(activation.start_time, activation.stop_time);
  return (
    <div className={styles.activation} role="group" aria-label={label}>
      <fieldset className={styles.days}>
        <legend className="small">Days (none = every day)</legend>
        {allDays.map((day) => (
          <label key={day} className={styles.day}>
            <input type="checkbox" checked={activation.days.includes(day)} onChange={() => toggleDay(day)} />
            {dayLabels[day]}
          </label>
        ))}
      </fieldset>
      <div className={styles.row}>
        <Field label="From" hint="Empty = midnight" error={errorAt(`${path}.start_time`)}>
          {(props) => (
            <input
              {...props}
              type="time"
              value={activation.start_time ?? ""}
              onChange={(event) => onChange({ start_time: event.target.value || null })}
            />
          )}
        </Field>
        <Field label="Until" hint="Empty = end of day" error={errorAt(`${path}.stop_time`)}>
          {(props) => (
            <input
              {...props}
              type="time"
              value={activation.stop_time ?? ""}
              onChange={(event) => onChange({ stop_time: event.target.value || null })}
            />
          )}
        </Field>
        <Field label="Time zone" error={errorAt(`${path}.time_zone`)}>
          {(props) => (
            <select
              {...props}
              value={activation.time_zone}
              onChange={(event) => onChange({ time_zone: event.target.value })}
            >
              {(zones.includes(activation.time_zone) ? zones : [activation.time_zone, ...zones]).map(
                (zone) => (
                  <option key={zone} value={zone}>
                    {zone.replaceAll("_", " ")}
                  </option>
                ),
              )}
            </select>
          )}
        </Field>
      </div>
      {crossing ? (
        <p className="small" data-testid="crosses-midnight">
          {crossing}
        </p>
      ) : null}
      <div className={styles.row}>
        <Field label="Starting on (optional)" error={errorAt(`${path}.start`)}>
          {(props) => (
            <input
              {...props}
              type="date"
              value={dateValue(activation.start === 0 ? null : activation.start, activation.time_zone)}
              onChange={(event) =>
                onChange({ start: epochOf(event.target.value, activation.time_zone) ?? 0 })
              }
            />
          )}
        </Field>
        <Field label="Ending before (optional)" error={errorAt(`${path}.stop`)}>
          {(props) => (
            <input
              {...props}
              type="date"
              value={dateValue(activation.stop, activation.time_zone)}
              onChange={(event) => onChange({ stop: epochOf(event.target.value, activation.time_zone) })}
            />
          )}
        </Field>
      </div>
      <button type="button" className="btn btn--link btn--small" onClick={onRemove}>
        Remove {label.toLowerCase()}
      </button>
    </div>
  );
}

/** Epoch seconds → "YYYY-MM-DD" in the zone; "" for none. */
function dateValue(epochSeconds: number | null, timeZone: string): string {
  if (epochSeconds === null) return "";
  try {
    return new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(new Date(epochSeconds * 1000));
  } catch {
    return "";
  }
}

/** "YYYY-MM-DD" → epoch seconds of midnight there in the zone; null for none. */
function epochOf(date: string, timeZone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  try {
    return Math.floor(
      zonedInstant(Number(match[1]), Number(match[2]), Number(match[3]), 0, timeZone).getTime() / 1000,
    );
  } catch {
    return null;
  }
}
