"use client";
import Link from "next/link";
import { numberTypeLabel, plural } from "@/components/ui/format";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { useOrderNumbers } from "@/components/hooks/use-numbers";

/**
 * /numbers?order=<reference_id>: the numbers that order bought, and only those. (The whole
 * list is sorted by number, so a bought number could be pages away; arriving from an order,
 * people want these.) Each links to its own page.
 */
export function OrderNumbers({ referenceId }: { referenceId: string }) {
  const numbers = useOrderNumbers(referenceId);
  const orderLink = <Link href={`/orders/${encodeURIComponent(referenceId)}`}>order {referenceId}</Link>;

  return (
    <QueryState
      query={numbers}
      loading="Loading the order's numbers…"
      errorTitle="The order's numbers could not be loaded"
    >
      {({ items, total }) => (
        <div className="stack">
          <div className="notice notice--success" role="status">
            {plural(total, "number")} from {orderLink}. <Link href="/numbers">See all your numbers</Link>
          </div>
          {items.length === 0 ? (
            <section className="card">
              <EmptyState title="No numbers delivered yet">
                <p>Back-ordered numbers appear here as stock arrives, oldest orders first.</p>
              </EmptyState>
            </section>
          ) : (
            <div className="table-wrap">
              <table className="cards-on-phone">
                <caption className="visually-hidden">Numbers from order {referenceId}</caption>
                <thead>
                  <tr>
                    <th scope="col">Name</th>
                    <th scope="col">Number</th>
                    <th scope="col">Type and region</th>
                    <th scope="col" className="num">
                      Rules
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((configuration) => (
                    <tr key={configuration.number_id} data-testid="number-row">
                      <td data-label="Name">
                        <Link href={`/numbers/${encodeURIComponent(configuration.number_id)}`}>
                          {configuration.name}
                        </Link>
                      </td>
                      <td data-label="Number">
                        <div className="mono nowrap">{configuration.number}</div>
                        <div className="muted small">{configuration.local_format}</div>
                      </td>
                      <td data-label="Type and region">
                        <div>
                          {configuration.number_type
                            ? numberTypeLabel(configuration.number_type)
                            : "Extension"}
                        </div>
                        <div className="muted small">{configuration.region?.name ?? "—"}</div>
                      </td>
                      <td data-label="Rules" className="num">
                        {configuration.rules.length}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}
