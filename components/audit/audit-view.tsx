"use client";
import Link from "next/link";
import { useState, type ChangeEvent, type FormEvent } from "react";
import {
  actionWords,
  actorChoices,
  actorWords,
  auditActions,
  changeWords,
  resourceHref,
  resourceTypeWords,
  resourceWords,
} from "@/components/audit/audit-words";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { Field } from "@/components/ui/field";
import { OrganizationOptions } from "@/components/organizations/organization-options";
import { relativeTime } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { auditCsvHref, auditFilterNames, auditFiltersFrom } from "@/components/hooks/audit-filters";
import { useAuditEvents } from "@/components/hooks/use-audit";
import { useMembers } from "@/components/hooks/use-members";
import { useTokens } from "@/components/hooks/use-tokens";
import { useOrganizationNames } from "@/components/hooks/use-organizations";
import { useQueryString } from "@/components/hooks/use-query-string";
import type { AuditEventView } from "@/lib/schemas/audit";

const PAGE_SIZE = 50;

// The viewer's own zone (the browser's), named, since a log is read across zones. Fields one by
// one: browsers refuse dateStyle/timeStyle together with timeZoneName.
const localMoment = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
});

const knownActions = new Set(
  Object.entries(auditActions).flatMap(([resource, verbs]) => verbs.map((verb) => `${resource}.${verb}`)),
);
const resourceChoices: Choice[] = Object.keys(auditActions).map((type) => ({
  value: type,
  label: resourceTypeWords(type),
}));

type FilterName = (typeof auditFilterNames)[number];
// Free text only where a choice cannot be listed (an id) or a calendar does it (the days).
const textFields: ReadonlyArray<{ name: FilterName; label: string; hint?: string; type?: string }> = [
  { name: "resource_id", label: "Resource id", hint: "Shown on the resource's page" },
  { name: "from", label: "From", type: "date" },
  { name: "to", label: "Before", type: "date" },
];

type Choice = { value: string; label: string };

/** The choices of a filter's select, with the current value kept when it is not among them. */
function withCurrent(choices: readonly Choice[], current: string, label = current): Choice[] {
  return current && !choices.some((choice) => choice.value === current)
    ? [...choices, { value: current, label }]
    : [...choices];
}

/**
 * The audit log with its filters in the query string (a link shares the same view). Support
 * staff read one organization at a time: they pick it first.
 */
export function AuditView({ isSupport }: { isSupport: boolean }) {
  const [params, navigate] = useQueryString();
  const filters = auditFiltersFrom(params, PAGE_SIZE, isSupport);
  const needsOrganization = isSupport && !filters.organization_id;
  const entries = useAuditEvents(filters, !needsOrganization);
  const names = useOrganizationNames(isSupport);
  const [draft, setDraft] = useState<Record<FilterName, string>>(
    () =>
      Object.fromEntries(auditFilterNames.map((name) => [name, params.get(name) ?? ""])) as Record<
        FilterName,
        string
      >,
  );

  // Who acted: the members of the organization in view (support names it), its tokens (a
  // customer's own; support cannot list another's), and anyone else the entries show.
  const members = useMembers(!needsOrganization, isSupport ? filters.organization_id : null);
  const tokens = useTokens(!isSupport);
  const people = actorChoices(
    members.data ?? [],
    tokens.data ?? [],
    (entries.data?.items ?? []).map((entry) => entry.actor),
  );
  const set = (name: FilterName, event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setDraft({ ...draft, [name]: event.target.value });

  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate({ ...draft, offset: "" });
  }
  function clear() {
    setDraft(Object.fromEntries(auditFilterNames.map((name) => [name, ""])) as Record<FilterName, string>);
    navigate({ ...Object.fromEntries(auditFilterNames.map((name) => [name, ""])), offset: "" });
  }

  return (
    <div className="stack">
      <form className="card" role="search" aria-label="Filter the audit log" onSubmit={apply}>
        <div className="form-grid">
          {isSupport ? (
            <Field label="Organization">
              {(props) => (
                <select
                  {...props}
                  value={filters.organization_id ?? ""}
                  onChange={(event) => navigate({ organization_id: event.target.value, offset: "" })}
                >
                  <OrganizationOptions names={names} none="Choose an organization" />
                </select>
              )}
            </Field>
          ) : null}
          <Field label="Action">
            {(props) => (
              <select
                {...props}
                name="action"
                value={draft.action}
                onChange={(event) => set("action", event)}
              >
                <option value="">Any action</option>
                {Object.entries(auditActions).map(([resource, verbs]) => (
                  <optgroup key={resource} label={resourceTypeWords(resource)}>
                    {verbs.map((verb) => (
                      <option key={verb} value={`${resource}.${verb}`}>
                        {actionWords(`${resource}.${verb}`)}
                      </option>
                    ))}
                  </optgroup>
                ))}
                {draft.action && !knownActions.has(draft.action) ? (
                  <option value={draft.action}>{actionWords(draft.action)}</option>
                ) : null}
              </select>
            )}
          </Field>
          <FilterSelect
            label="Who"
            name="actor"
            empty="Anyone"
            value={draft.actor}
            choices={withCurrent(people, draft.actor)}
            onChange={(event) => set("actor", event)}
          />
          <FilterSelect
            label="Resource type"
            name="resource_type"
            empty="Any kind"
            value={draft.resource_type}
            choices={withCurrent(
              resourceChoices,
              draft.resource_type,
              resourceTypeWords(draft.resource_type),
            )}
            onChange={(event) => set("resource_type", event)}
          />
          {textFields.map((field) => (
            <Field key={field.name} label={field.label} hint={field.hint}>
              {(props) => (
                <input
                  {...props}
                  name={field.name}
                  type={field.type ?? "text"}
                  value={draft[field.name]}
                  onChange={(event) => set(field.name, event)}
                />
              )}
            </Field>
          ))}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary">
            Filter
          </button>
          <button type="button" className="btn btn--link" onClick={clear}>
            Clear filters
          </button>
          {needsOrganization ? null : (
            <a className="btn" href={auditCsvHref(filters)} download>
              Download CSV
            </a>
          )}
        </div>
      </form>
      <AuditResults
        needsOrganization={needsOrganization}
        entries={entries}
        offset={filters.offset}
        onPage={(offset) => navigate({ offset: offset > 0 ? String(offset) : "" })}
      />
    </div>
  );
}

function AuditResults({
  needsOrganization,
  entries,
  offset,
  onPage,
}: {
  needsOrganization: boolean;
  entries: ReturnType<typeof useAuditEvents>;
  offset: number;
  onPage: (offset: number) => void;
}) {
  if (needsOrganization)
    return (
      <section className="card">
        <EmptyState title="Choose an organization">
          <p>An audit log belongs to one organization: pick it above.</p>
        </EmptyState>
      </section>
    );
  return (
    <QueryState
      query={entries}
      loading="Loading the audit log…"
      errorTitle="The audit log could not be loaded"
      empty={
        <section className="card">
          <EmptyState title="No entries match">
            <p>Changes appear here as they are made. Try fewer filters or a wider time.</p>
          </EmptyState>
        </section>
      }
    >
      {(data) => (
        <DataTable
          caption="Audit log, newest first"
          columns={columns}
          rows={data.items}
          rowId={(entry) => entry.id}
          rowProps={() => ({ testId: "audit-row" })}
          busy={entries.isFetching}
          paging={{
            label: "Audit log pages",
            offset,
            limit: PAGE_SIZE,
            total: data.total,
            onChange: onPage,
          }}
        />
      )}
    </QueryState>
  );
}

const columns: DataColumn<AuditEventView>[] = [
  {
    id: "at",
    header: "When",
    cell: (entry) => (
      <time dateTime={entry.at} title={entry.at}>
        {relativeTime(entry.at)}
        <span className="small muted nowrap"> · {localMoment.format(new Date(entry.at))}</span>
      </time>
    ),
  },
  { id: "actor", header: "Who", cell: (entry) => actorWords(entry.actor) },
  {
    id: "action",
    header: "Action",
    cell: (entry) => (
      <>
        {actionWords(entry.action)}
        <div className="small muted mono">{entry.action}</div>
      </>
    ),
  },
  {
    id: "resource",
    header: "Resource",
    cell: (entry) => {
      const href = resourceHref(entry.resource);
      const text = resourceWords(entry.resource);
      const kind = <div className="small muted">{resourceTypeWords(entry.resource.type)}</div>;
      return (
        <>
          {href ? <Link href={href}>{text}</Link> : <span>{text}</span>}
          {entry.resource.name ? kind : null}
        </>
      );
    },
  },
  {
    id: "changes",
    header: "Changes",
    className: "small",
    cell: (entry) =>
      entry.changes.length === 0 ? (
        <span className="muted">—</span>
      ) : (
        <ul className="plain-list">
          {entry.changes.map((change) => (
            <li key={change.field}>{changeWords(change)}</li>
          ))}
        </ul>
      ),
  },
  { id: "ip", header: "Address", className: "small mono", cell: (entry) => entry.ip ?? "—" },
];

/** A controlled select of choices with an "any" first option. */
function FilterSelect({
  label,
  name,
  empty,
  value,
  choices,
  onChange,
}: {
  label: string;
  name: string;
  empty: string;
  value: string;
  choices: readonly Choice[];
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
}) {
  return (
    <Field label={label}>
      {(props) => (
        <select {...props} name={name} value={value} onChange={onChange}>
          <option value="">{empty}</option>
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
