"use client";
import Link from "next/link";
import { OrderStatus, describeOrderTotals, orderNumberCounts } from "@/components/orders/order-status";
import { documentsWaitingWords, itemCountWords, placedSummary } from "@/components/orders/order-words";
import { statusWords } from "@/components/numbers/number-words";
import { formatDateTime, formatFee } from "@/components/ui/format";
import { nationalFormat } from "@/lib/reference/phone-format";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { ApiClientError } from "@/components/hooks/api-fetch";
import { useOrderNumbers } from "@/components/hooks/use-numbers";
import { useOrder } from "@/components/hooks/use-orders";
import { useRegions } from "@/components/hooks/use-reference";

export function OrderDetail({ referenceId, justPlaced }: { referenceId: string; justPlaced: boolean }) {
  const order = useOrder(referenceId);
  // Each delivered number links to its own page: its number_id comes from GET /numbers?order=.
  const delivered = order.data ? orderNumberCounts(order.data).assigned > 0 : false;
  const bought = useOrderNumbers(referenceId, delivered);
  const numberIds = new Map((bought.data?.items ?? []).map((number) => [number.number, number.number_id]));
  const boughtByNumber = new Map((bought.data?.items ?? []).map((number) => [number.number, number]));

  // An unknown or malformed reference is not a failure to retry: it gets its own words.
  const failed = (error: Error) =>
    error instanceof ApiClientError && (error.status === 404 || error.status === 400) ? (
      <section className="card">
        <EmptyState title="No such order">
          <p>
            There is no order {referenceId} in your organization. See <Link href="/orders">all orders</Link>.
          </p>
        </EmptyState>
      </section>
    ) : undefined;

  return (
    <QueryState
      query={order}
      loading="Loading the order…"
      errorTitle="The order could not be loaded"
      failed={failed}
    >
      {(data) => {
        const counts = orderNumberCounts(data);
        const totals = describeOrderTotals(data);
        const waiting = (bought.data?.items ?? []).filter((number) => number.status === "pending_documents");
        const waitingWords = documentsWaitingWords(waiting);
        const waitingNotice = waitingWords ? (
          <p data-testid="order-documents">
            {waitingWords} <Link href="/compliance">Hand in the documents on Compliance →</Link>
          </p>
        ) : null;
        return (
          <div className="stack">
            {justPlaced ? (
              <div className="notice notice--success" role="status">
                <strong>Thank you — order {data.reference_id} is placed.</strong> {placedSummary(counts)}
              </div>
            ) : null}
            {waitingNotice ? <div className="notice notice--warning">{waitingNotice}</div> : null}
            <section className="card">
              <dl className="dl">
                <dt>Status</dt>
                <dd>
                  <OrderStatus status={data.status} waiting={waiting.length} />
                </dd>
                <dt>Placed</dt>
                <dd>{formatDateTime(data.created_at)}</dd>
                <dt>Contact</dt>
                <dd>{data.contact_name}</dd>
                <dt>Your reference</dt>
                <dd>{data.reference_number ?? <span className="muted">none</span>}</dd>
                <dt>Numbers</dt>
                <dd>
                  {counts.assigned} delivered
                  {counts.backordered > 0 ? `, ${counts.backordered} back-ordered` : ""}
                </dd>
                <dt>Setup, now</dt>
                <dd data-testid="order-setup-total">{totals.setupNow}</dd>
                <dt>Monthly, after</dt>
                <dd data-testid="order-monthly-total">{totals.monthly} a month</dd>
              </dl>
            </section>
            {data.items.map((item) => (
              <section key={item.position} className="card" aria-labelledby={`item-${item.position}`}>
                <div className="card__title">
                  <h2 id={`item-${item.position}`}>
                    {item.kind === "named_number" ? (
                      `Number ${item.number_e164}`
                    ) : (
                      <>
                        {itemCountWords(item.quantity, item.number_type)} in{" "}
                        <RegionName country={item.country} region={item.region} />
                      </>
                    )}
                  </h2>
                  <span className="muted small">
                    {item.product.name} · {formatFee(item.monthly_fee, item.currency)} a month ·{" "}
                    {formatFee(item.setup_fee, item.currency)} setup
                  </span>
                </div>
                {item.assigned_numbers.length > 0 ? (
                  <ul className="number-grid" aria-label="Numbers delivered">
                    {item.assigned_numbers.map((number) => (
                      <li key={number}>
                        {numberIds.has(number) ? (
                          <Link
                            className="mono"
                            href={`/numbers/${encodeURIComponent(numberIds.get(number) ?? "")}`}
                          >
                            {number}
                          </Link>
                        ) : (
                          <span className="mono">{number}</span>
                        )}
                        <span className="muted small">{nationalFormat(number)}</span>
                        {boughtByNumber.get(number)?.status === "pending_documents" ? (
                          <span className="small" data-testid="order-number-waiting">
                            {statusWords(
                              boughtByNumber.get(number) ?? {
                                status: "pending_documents",
                                restorable_until: null,
                              },
                            )}
                          </span>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {item.backordered_quantity > 0 ? (
                  <p className="notice notice--warning">
                    {item.backordered_quantity} back-ordered: expected within {item.estimated_lead_time}. They
                    are assigned as stock arrives, oldest orders first.
                  </p>
                ) : null}
              </section>
            ))}
            <p>
              <Link
                href={
                  counts.assigned > 0 ? `/numbers?order=${encodeURIComponent(data.reference_id)}` : "/numbers"
                }
              >
                See how your numbers answer calls →
              </Link>
            </p>
          </div>
        );
      }}
    </QueryState>
  );
}

/** A region's name for people; its id until the names arrive (or when there is no region). */
function RegionName({ country, region }: { country: string; region: string | null }) {
  const regions = useRegions(region === null ? null : country);
  if (region === null) return <>{country}</>;
  return <>{regions.data?.find((candidate) => candidate.id === region)?.name ?? region}</>;
}
