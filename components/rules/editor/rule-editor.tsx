"use client";
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Field } from "@/components/ui/field";
import { describeError } from "@/components/ui/states";
import { useFocusOn } from "@/components/ui/focus";
import { WeekTimeline } from "@/components/rules/week-timeline-view";
import { describeMoment, explainAnswer, zoneLabel } from "@/components/rules/describe";
import { fromZonedInput, toZonedInput } from "@/components/rules/zoned-time";
import { DestinationField } from "@/components/rules/editor/destination-field";
import { RuleCard } from "@/components/rules/editor/rule-card";
import {
  defaultZone,
  extensionPolicy,
  forwardAll,
  moveRule,
  newRule,
  numberCountry,
  numberType,
  officeHoursThenVoicemail,
  sameDraft,
  toBody,
  toDraft,
  type Draft,
} from "@/components/rules/editor/draft";
import { findUnreachableRules, previewableRules } from "@/lib/numbers/draft-rules";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import { toPolicy, validateConfiguration } from "@/lib/numbers/validate-configuration";
import { ApiClientError } from "@/components/hooks/api-fetch";
import { useDestinations, useSaveConfiguration } from "@/components/hooks/use-configuration";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import styles from "@/components/rules/editor/editor.module.css";

// The rule editor: a draft of the configuration, checked by the API's own validator
// as it is typed, previewed by the API's own evaluator before it is saved, and saved under
// If-Match so a change someone else made in between is never silently overwritten.

type Props = {
  configuration: NumberConfiguration;
  etag: string;
  onClose: () => void;
  onReload: () => Promise<{ configuration: NumberConfiguration; etag: string } | null>;
};

const zones: readonly string[] =
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];

export function RuleEditor({ configuration, etag: initialEtag, onClose, onReload }: Props) {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const zone = defaultZone(configuration, browserZone);
  const [saved, setSaved] = useState(() => ({ configuration, etag: initialEtag }));
  const [draft, setDraft] = useState<Draft>(() => toDraft(configuration));
  const [conflict, setConflict] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [quickDestination, setQuickDestination] = useState("");
  // The preview's time is typed in the number's zone, as its week chart is drawn (docs/CONTRACT.md §10).
  const [previewAt, setPreviewAt] = useState(() => toZonedInput(new Date(), zone));
  const rulesRef = useRef<HTMLOListElement>(null);
  const save = useSaveConfiguration(configuration.number_id);

  const country = numberCountry(configuration.number);
  const type = numberType(configuration.number);
  const destinations = useDestinations(country, type);
  const policy = destinations.data
    ? toPolicy(destinations.data.map((destination) => destination.id))
    : extensionPolicy;
  const offered = (destinations.data ?? [])
    .filter((destination) => /^\+\d+$/.test(destination.default_destination))
    .map((destination) => ({
      id: destination.id,
      name: destination.name,
      prefix: destination.default_destination,
    }));

  const body = toBody(draft);
  const validation = validateConfiguration(body, saved.configuration, policy);
  const problems = validation.ok ? [] : validation.problems;
  const errorAt = (path: string) => problems.find((problem) => problem.path === path)?.message ?? null;
  const dirty = !sameDraft(draft, toDraft(saved.configuration));

  // The preview evaluates the rules that are complete; the others wait until they are.
  const previewable = previewableRules(body.rules);
  const previewRules = previewable.map((entry) => entry.rule);
  const at = fromZonedInput(previewAt, zone) ?? new Date();
  const answer = resolveActiveRule(previewRules, at);
  const findings = findUnreachableRules(previewRules, new Date());
  const findingFor = (index: number): string | null => {
    const place = previewable.findIndex((entry) => entry.index === index);
    const finding = findings.find((entry) => entry.index === place);
    if (!finding) return null;
    if (finding.kind === "expired") return "This rule has ended: all its time windows are in the past.";
    const names = finding.by.map((by) => `“${previewRules[by].name}”`).join(" and ");
    return `This rule never answers: ${names} above it always ${finding.by.length > 1 ? "match" : "matches"} first at its times.`;
  };

  // Leaving with unsaved changes asks first: closing the tab, and links inside the portal.
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.("a[href]");
      if (link && !window.confirm("You have unsaved changes to these rules. Leave without saving?")) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);

  // "Edit rules" went away as the editor opened: focus starts at the editor's heading.
  const headingRef = useFocusOn<HTMLHeadingElement>(true);

  // The quick start's buttons go away with it: focus moves to the first rule it made, not the page.
  const startWith = (rules: Draft["rules"]) => {
    // Focus on the rule card reads out its name ("Rule 1: Office hours"), so nothing else is announced.
    flushSync(() => setDraft({ ...draft, rules }));
    rulesRef.current?.querySelector<HTMLElement>("[data-testid=editor-rule]")?.focus();
  };

  const update = (next: Draft) => setDraft(next);
  const submit = async () => {
    if (!validation.ok) return;
    setConflict(null);
    try {
      const result = await save.mutateAsync({ body, etag: saved.etag });
      setSaved(result);
      setDraft(toDraft(result.configuration));
      setAnnouncement("Saved.");
    } catch (error) {
      if (error instanceof ApiClientError && error.status === 412)
        setConflict("Someone else changed this number since you opened it.");
    }
  };
  const reload = async () => {
    const fresh = await onReload();
    if (!fresh) return;
    setSaved(fresh);
    setDraft(toDraft(fresh.configuration));
    setConflict(null);
    setAnnouncement("Loaded the latest version.");
  };
  const keepEditing = async () => {
    // Keep this draft; the next save replaces their version, knowingly.
    const fresh = await onReload();
    if (fresh) setSaved(fresh);
    setConflict(null);
  };

  return (
    <section className="stack" aria-labelledby="editor-heading">
      <div className="card">
        <div className="card__title">
          <h2 id="editor-heading" ref={headingRef} tabIndex={-1}>
            Edit rules
          </h2>
          <div className={styles.bar}>
            <button
              type="button"
              className="btn btn--primary"
              onClick={submit}
              disabled={!dirty || !validation.ok || save.isPending}
            >
              {save.isPending ? "Saving…" : "Save changes"}
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                if (!dirty || window.confirm("Discard your unsaved changes?")) onClose();
              }}
            >
              {dirty ? "Cancel" : "Close editor"}
            </button>
          </div>
        </div>
        <p className="small muted" aria-live="polite" data-testid="editor-status">
          {announcement ||
            (dirty
              ? validation.ok
                ? "Unsaved changes."
                : `Unsaved changes; ${problems.length === 1 ? "1 problem" : `${problems.length} problems`} to fix before saving.`
              : "No changes.")}
        </p>
        {conflict ? (
          <div className="notice notice--warning" role="alert" data-testid="editor-conflict">
            <p>{conflict} Your changes are not saved.</p>
            <div className={styles.bar}>
              <button type="button" className="btn btn--small" onClick={reload}>
                Load their version (drops your changes)
              </button>
              <button type="button" className="btn btn--small" onClick={keepEditing}>
                Keep editing mine (saving replaces theirs)
              </button>
            </div>
          </div>
        ) : null}
        {save.isError && !conflict ? (
          <div className="notice notice--error" role="alert">
            The rules could not be saved: {describeError(save.error)}
          </div>
        ) : null}
        <Field label="Number name" error={errorAt("name")}>
          {(props) => (
            <input
              {...props}
              value={draft.name}
              onChange={(event) => update({ ...draft, name: event.target.value })}
            />
          )}
        </Field>
      </div>

      <div className={styles.editor}>
        <div className="stack">
          {draft.rules.length === 0 ? (
            <div className="card" data-testid="quick-start">
              <h3>Quick start</h3>
              <p className="small muted">
                This number has no rules yet, so calls to it are not answered. Start from one of these, then
                adjust.
              </p>
              <DestinationField
                label="Forward calls to"
                value={quickDestination}
                sip={policy.sip}
                onChange={setQuickDestination}
              />
              <div className={styles.bar}>
                <button
                  type="button"
                  className="btn btn--soft"
                  onClick={() => startWith(forwardAll(quickDestination))}
                >
                  Forward all calls
                </button>
                <button
                  type="button"
                  className="btn btn--soft"
                  onClick={() => startWith(officeHoursThenVoicemail(quickDestination, zone))}
                >
                  Office hours, then voicemail
                </button>
              </div>
            </div>
          ) : null}
          <p className="visually-hidden" aria-live="polite">
            {announcement}
          </p>
          <ol ref={rulesRef} className={styles.rules} aria-label="Rules, in the order calls meet them">
            {draft.rules.map((rule, index) => (
              <RuleCard
                key={index}
                rule={rule}
                index={index}
                count={draft.rules.length}
                path={`rules[${index}]`}
                zone={zone}
                zones={zones}
                destinations={offered}
                sip={policy.sip}
                errorAt={errorAt}
                finding={findingFor(index)}
                onChange={(next) =>
                  update({ ...draft, rules: draft.rules.map((old, i) => (i === index ? next : old)) })
                }
                onMove={(to) => {
                  update(moveRule(draft, index, to));
                  setAnnouncement(`“${rule.name}” moved to position ${to + 1}.`);
                }}
                onDelete={() => {
                  update({ ...draft, rules: draft.rules.filter((_, i) => i !== index) });
                  setAnnouncement(`“${rule.name}” deleted.`);
                }}
              />
            ))}
          </ol>
          <button
            type="button"
            className="btn"
            onClick={() =>
              update({ ...draft, rules: [...draft.rules, newRule(`Rule ${draft.rules.length + 1}`)] })
            }
          >
            Add a rule
          </button>
        </div>

        <aside
          className={`card ${styles.preview}`}
          aria-labelledby="preview-heading"
          data-testid="editor-preview"
        >
          <h3 id="preview-heading">Preview (not saved yet)</h3>
          <Field
            label="Who answers at"
            hint={
              <>
                In {zoneLabel(zone)} ({zone}), the number&apos;s time:{" "}
                <span data-testid="preview-moment">{describeMoment(at, zone)}</span>
              </>
            }
          >
            {(props) => (
              <input
                {...props}
                type="datetime-local"
                value={previewAt}
                onChange={(event) => setPreviewAt(event.target.value)}
              />
            )}
          </Field>
          <p data-testid="preview-answer">
            {answer.rule ? (
              <>
                <strong>{answer.rule.name}</strong> answers.
              </>
            ) : (
              <strong>No rule answers.</strong>
            )}{" "}
            <span className="muted small">{explainAnswer(previewRules, answer.rule, at)}</span>
          </p>
          {previewable.length < draft.rules.length ? (
            <p className="small muted">
              {draft.rules.length - previewable.length} incomplete rule(s) left out until they are valid.
            </p>
          ) : null}
          {previewRules.length > 0 ? (
            <WeekTimeline rules={previewRules} at={at} timeZone={zone} pinned />
          ) : (
            <p className="small muted">No rules: calls are not answered.</p>
          )}
        </aside>
      </div>
    </section>
  );
}
