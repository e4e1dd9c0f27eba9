"use client";
import Link from "next/link";
import { describeAction } from "@/components/rules/describe";
import { statusTone, statusWords } from "@/components/numbers/number-words";
import type { DataColumn } from "@/components/ui/data-table";
import { numberTypeLabel } from "@/components/ui/format";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// The columns of the /numbers list: what each number is, its state and tags (docs/CONTRACT.md §16),
// and which rule answers its calls now.

export function numberColumns({
  organizationColumn,
  organizationName,
  bought,
  now,
}: {
  organizationColumn: boolean;
  organizationName: (organizationId: string) => string;
  /** E.164 numbers an order just bought, marked so. */
  bought: ReadonlySet<string>;
  now: Date;
}): DataColumn<NumberConfiguration>[] {
  const columns: (DataColumn<NumberConfiguration> | null)[] = [
    {
      id: "name",
      header: "Name",
      cell: (item) => (
        <>
          <Link href={`/numbers/${encodeURIComponent(item.number_id)}`}>{item.name}</Link>
          {bought.has(item.number) ? <span className="badge badge--success">Just bought</span> : null}
        </>
      ),
    },
    {
      id: "number",
      header: "Number",
      cell: (item) =>
        item.local_format === null ? (
          <span>Extension {item.number}</span>
        ) : (
          <>
            <div className="mono nowrap">{item.number}</div>
            <div className="muted small">{item.local_format}</div>
          </>
        ),
    },
    {
      id: "type",
      header: "Type and region",
      cell: (item) =>
        item.number_type === null ? (
          <span className="muted">Extension</span>
        ) : (
          <>
            <div>{numberTypeLabel(item.number_type)}</div>
            <div className="muted small">{item.region?.name ?? "—"}</div>
          </>
        ),
    },
    organizationColumn
      ? {
          id: "organization",
          header: "Organization",
          className: "small",
          cell: (item) => organizationName(item.organization_id),
        }
      : null,
    {
      id: "status",
      header: "Status",
      cell: (item) => (
        <div className="badges">
          <span className={`badge badge--sentence ${statusTone[item.status]}`}>{statusWords(item)}</span>
          {item.locked ? <span className="badge">Locked</span> : null}
        </div>
      ),
    },
    {
      id: "tags",
      header: "Tags",
      cell: (item) =>
        item.tags.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <ul className="badges tag-list">
            {item.tags.map((tag) => (
              <li key={tag} className="badge badge--accent">
                {tag}
              </li>
            ))}
          </ul>
        ),
    },
    {
      id: "answering",
      header: "Answering now",
      cell: (item) => {
        if (item.status === "aging") return <span className="muted">Released: no calls</span>;
        const { rule } = resolveActiveRule(item.rules, now);
        return rule ? (
          <span title={describeAction(rule.action)}>{rule.name}</span>
        ) : (
          <span className="muted">No rule</span>
        );
      },
    },
    { id: "rules", header: "Rules", numeric: true, cell: (item) => item.rules.length },
  ];
  return columns.filter((column) => column !== null);
}
