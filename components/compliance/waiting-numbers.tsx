"use client";
import Link from "next/link";
import { useMemo } from "react";
import { documentsStep, numberCountry, type DocumentsStep } from "@/components/compliance/compliance-words";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { formatDate, numberTypeLabel, plural } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { noFilters, type NumberSearch } from "@/components/hooks/number-search";
import { useBundles, useRequirements } from "@/components/hooks/use-compliance";
import { useNumberSearch } from "@/components/hooks/use-numbers";
import { NUMBER_PAGE } from "@/lib/schemas/limits";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// The top of /compliance for someone who just bought a number that needs documents: which
// numbers wait, what each needs, by when it is released, and where its bundle stands. The
// earliest deadline first, since that is the one to act on.

const waiting: NumberSearch = {
  by: "all",
  value: "",
  organization_id: null,
  offset: 0,
  limit: NUMBER_PAGE.maxLimit,
  filters: { ...noFilters, status: ["pending_documents"], sort: null },
};

export function WaitingNumbers() {
  const numbers = useNumberSearch(waiting);
  const bundles = useBundles(null);
  const rows = useMemo(
    () =>
      [...(numbers.data?.items ?? [])].sort((a, b) =>
        (a.documents_due ?? "").localeCompare(b.documents_due ?? ""),
      ),
    [numbers.data],
  );
  const columns = useMemo<DataColumn<NumberConfiguration>[]>(
    () => [
      {
        id: "number",
        header: "Number",
        cell: (number) => (
          <>
            <Link className="mono" href={`/numbers/${encodeURIComponent(number.number_id)}`}>
              {number.number}
            </Link>
            <div className="small muted">
              {numberCountry(number) ?? ""} · {numberTypeLabel(number.number_type ?? "")}
              {number.region ? ` · ${number.region.name}` : ""}
            </div>
          </>
        ),
      },
      {
        id: "needs",
        header: "Needs",
        cell: (number) => <NeededDocuments number={number} />,
      },
      {
        id: "due",
        header: "Released on",
        className: "nowrap",
        cell: (number) => (number.documents_due ? formatDate(number.documents_due) : "—"),
      },
      {
        id: "step",
        header: "Documents",
        cell: (number) => (
          <StepBadge
            step={documentsStep(
              bundles.data?.items ?? [],
              numberCountry(number) ?? "",
              number.number_type ?? "",
            )}
          />
        ),
      },
    ],
    [bundles.data],
  );

  return (
    <QueryState
      query={numbers}
      loading="Looking for numbers waiting for documents…"
      errorTitle="The numbers waiting for documents could not be loaded"
    >
      {(data) => {
        if (rows.length === 0) return null;
        const first = rows[0];
        return (
          <section className="card stack" aria-labelledby="waiting-title" data-testid="waiting-numbers">
            <h2 id="waiting-title" className="card__title">
              {plural(data.total, "number")} waiting for documents
            </h2>
            <p data-testid="waiting-summary">
              No call to {data.total === 1 ? "it" : "them"} is routed until our team approves a bundle of the
              documents {data.total === 1 ? "it needs" : "they need"}.
              {first.documents_due
                ? ` The first is released on ${formatDate(first.documents_due)} unless one is approved by then.`
                : ""}{" "}
              Work down this page: <a href="#end-users-title">1. who the numbers are for</a>,{" "}
              <a href="#addresses-title">2. their address</a>, <a href="#documents-title">3. the documents</a>
              , <a href="#bundles-title">4. a bundle to submit</a>.
            </p>
            <DataTable
              caption="Numbers waiting for documents, the first released first"
              columns={columns}
              rows={rows}
              rowId={(number) => number.number_id}
              rowProps={() => ({ testId: "waiting-number" })}
            />
          </section>
        );
      }}
    </QueryState>
  );
}

/** The document types the number's region asks for, by name. */
function NeededDocuments({ number }: { number: NumberConfiguration }) {
  const country = numberCountry(number) ?? "";
  const requirements = useRequirements(country, number.number_type ?? "");
  if (requirements.isPending) return <span className="muted small">…</span>;
  const region = requirements.data?.regions.find((candidate) => candidate.region_id === number.region?.id);
  if (!region) return <span className="muted small">See the checklist of its bundle</span>;
  const every = region.document_types.filter((type) => type.applies_to === "every_number");
  const some = region.document_types.filter((type) => type.applies_to === "some_numbers");
  return (
    <>
      {every.map((type) => type.name).join(", ")}
      {some.length > 0 ? (
        <div className="small muted">
          {every.length > 0 ? "and, for some numbers, " : "For some numbers: "}
          {some.map((type) => type.name).join(", ")}
        </div>
      ) : null}
      {region.address_in_country ? (
        <div className="small muted">The address must be in {country}.</div>
      ) : null}
    </>
  );
}

/** "Hand them in", "In review", "Rejected: …", linking to the bundles step. */
export function StepBadge({ step }: { step: DocumentsStep }) {
  return (
    <span data-testid="documents-step">
      <span className={`badge badge--sentence${step.tone ? ` badge--${step.tone}` : ""}`}>{step.label}</span>{" "}
      {step.state === "in_review" ? null : (
        <Link className="small" href="/compliance#bundles-title">
          {step.state === "hand_in" ? "Start a bundle" : "Open the bundle"}
        </Link>
      )}
    </span>
  );
}
