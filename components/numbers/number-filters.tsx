"use client";
import { useState, type FormEvent, type ReactNode } from "react";
import { statusChoices } from "@/components/numbers/number-words";
import { Field } from "@/components/ui/field";
import { numberTypeLabel } from "@/components/ui/format";
import { filterParams, readNumberFilters } from "@/components/hooks/number-search";
import { useCountries, useRegions } from "@/components/hooks/use-reference";

// The /numbers search form: the search box and GET /numbers' filters (docs/CONTRACT.md §16). What is
// typed waits for "Search"; the page then writes it to the URL as a new history step, so a link
// shares it and the back button undoes it. Mount it with `key` = the query string, so going
// back shows the filters of the page gone back to.

const NUMBER_TYPES = ["local", "national", "mobile", "toll_free"];

type Draft = { q: string; status: string; tag: string; country: string; number_type: string; region: string };

function draftOf(params: URLSearchParams): Draft {
  const filters = filterParams(readNumberFilters(params));
  return {
    q: params.get("q") ?? "",
    status: filters.status,
    tag: filters.tag.replaceAll(",", ", "),
    country: filters.country,
    number_type: filters.number_type,
    region: filters.region,
  };
}

export function NumberFilters({
  params,
  busy,
  onApply,
  extra,
}: {
  params: URLSearchParams;
  busy: boolean;
  /** The new values (empty = none); the page puts them in the URL. */
  onApply: (changes: Record<string, string>) => void;
  /** More fields (support's organization picker). */
  extra?: ReactNode;
}) {
  const [draft, setDraft] = useState(() => draftOf(params));
  const countries = useCountries();
  const regions = useRegions(draft.country || null);
  const set = (field: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((current) => ({
      ...current,
      [field]: event.target.value,
      // A region belongs to one country.
      ...(field === "country" ? { region: "" } : {}),
    }));
  const filtered = Object.entries(draft).some(([key, value]) => key !== "q" && value !== "");

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const tags = filterParams(readNumberFilters(new URLSearchParams({ tag: draft.tag }))).tag;
    onApply({ ...draft, q: draft.q.trim(), tag: tags });
  }

  const clear = () => onApply({ q: "", status: "", tag: "", country: "", number_type: "", region: "" });
  return (
    <form className="card" role="search" aria-label="Search numbers and extensions" onSubmit={submit}>
      <div className="form-grid">
        <Field
          label="Number, name or extension"
          hint="Any part of a number, written any way — (212) 202-7333, 020 4903 8196, 7333 — a name such as “office”, or an extension such as 101"
        >
          {(props) => <input {...props} type="search" value={draft.q} onChange={set("q")} />}
        </Field>
        <Field label="Status">
          {(props) => (
            <select {...props} value={draft.status} onChange={set("status")}>
              {statusChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Tags" hint="Numbers with every one of these tags, such as “sales, london”">
          {(props) => (
            <input {...props} type="text" value={draft.tag} onChange={set("tag")} autoComplete="off" />
          )}
        </Field>
        <Field label="Country">
          {(props) => (
            <select {...props} value={draft.country} onChange={set("country")}>
              <option value="">Any country</option>
              {(countries.data ?? []).map((country) => (
                <option key={country.id} value={country.id}>
                  {country.english_name}
                </option>
              ))}
              {draft.country && !countries.data?.some((country) => country.id === draft.country) ? (
                <option value={draft.country}>{draft.country}</option>
              ) : null}
            </select>
          )}
        </Field>
        <Field label="Number type">
          {(props) => (
            <select {...props} value={draft.number_type} onChange={set("number_type")}>
              <option value="">Any type</option>
              {NUMBER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {numberTypeLabel(type)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Region" hint={draft.country ? undefined : "Choose a country first"}>
          {(props) => (
            <select {...props} value={draft.region} onChange={set("region")} disabled={!draft.country}>
              <option value="">Any region</option>
              {(regions.data ?? []).map((region) => (
                <option key={region.id} value={region.id}>
                  {region.name}
                </option>
              ))}
              {draft.region && !regions.data?.some((region) => region.id === draft.region) ? (
                <option value={draft.region}>{draft.region}</option>
              ) : null}
            </select>
          )}
        </Field>
        {extra}
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn--primary" disabled={busy} aria-disabled={busy}>
          {busy ? "Searching…" : "Search"}
        </button>
        {draft.q || filtered || params.get("q") ? (
          <button type="button" className="btn btn--link" onClick={clear}>
            Show all
          </button>
        ) : null}
      </div>
    </form>
  );
}
