"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { describeAction } from "@/components/rules/describe";
import { Field } from "@/components/ui/field";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import { interpretNumberSearch, useNumberSearch } from "@/lib/hooks/use-numbers";

export function NumberSearch({ isSupport }: { isSupport: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const query = params.get("q") ?? "";
  const organizationId = isSupport ? params.get("organization_id") || null : null;
  const [text, setText] = useState(query);
  const search = interpretNumberSearch(query, organizationId);
  const results = useNumberSearch(search);
  // Support staff see every organization; the list of them comes from the numbers they can see.
  const everything = useNumberSearch(interpretNumberSearch("", null));
  const organizations = isSupport ? [...new Set((everything.data ?? []).map((configuration) => configuration.organization_id))].sort() : [];
  const now = new Date();

  function navigate(changes: Record<string, string>) {
    const next = new URLSearchParams(params.toString());
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    router.replace(`${pathname}?${next.toString()}`, { scroll: false });
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    navigate({ q: text.trim() });
  }

  return (
    <div className="stack">
      <form className="card" role="search" aria-label="Search numbers and extensions" onSubmit={handleSubmit}>
        <div className="form-grid">
          <Field label="Number, name or extension" hint="+44 20 7946 0000, “office”, or 101">
            {(props) => <input {...props} type="search" value={text} onChange={(event) => setText(event.target.value)} />}
          </Field>
          {isSupport ? (
            <Field label="Organization">
              {(props) => (
                <select {...props} value={organizationId ?? ""} onChange={(event) => navigate({ organization_id: event.target.value })}>
                  <option value="">All organizations</option>
                  {organizations.map((id) => (
                    <option key={id} value={id}>
                      {id}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn--primary">
            Search
          </button>
          {query ? (
            <button type="button" className="btn btn--link" onClick={() => (setText(""), navigate({ q: "" }))}>
              Show all
            </button>
          ) : null}
        </div>
      </form>

      {results.isPending ? (
        <LoadingState label="Searching…" />
      ) : results.isError ? (
        <ErrorState error={results.error} onRetry={() => results.refetch()} title="The search failed" />
      ) : results.data.length === 0 ? (
        <section className="card">
          <EmptyState title="Nothing found">
            <p>{query ? `No number, name or extension matches “${query}”.` : "There are no numbers here yet."}</p>
          </EmptyState>
        </section>
      ) : (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Numbers and extensions</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Number</th>
                {isSupport ? <th scope="col">Organization</th> : null}
                <th scope="col">Answering now</th>
                <th scope="col" className="num">
                  Rules
                </th>
              </tr>
            </thead>
            <tbody>
              {results.data.map((configuration) => {
                const { rule } = resolveActiveRule(configuration.rules, now);
                return (
                  <tr key={configuration.number_id}>
                    <td>
                      <Link href={`/numbers/${encodeURIComponent(configuration.number_id)}`}>{configuration.name}</Link>
                    </td>
                    <td>
                      {configuration.local_format === null ? (
                        <span>Extension {configuration.number}</span>
                      ) : (
                        <>
                          <div className="mono nowrap">{configuration.number}</div>
                          <div className="muted small">{configuration.local_format}</div>
                        </>
                      )}
                    </td>
                    {isSupport ? <td className="small">{configuration.organization_id}</td> : null}
                    <td>{rule ? <span title={describeAction(rule.action)}>{rule.name}</span> : <span className="muted">No rule</span>}</td>
                    <td className="num">{configuration.rules.length}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
