"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { OrderStatus, describeOrderTotals, orderNumberCounts } from "@/components/orders/order-status";
import { organizationLabel, useOrganizationNames } from "@/lib/hooks/use-organizations";
import { formatDateTime } from "@/components/ui/format";
import { Pagination } from "@/components/ui/pagination";
import { EmptyState, ErrorState, LoadingState } from "@/components/ui/states";
import { useOrders } from "@/lib/hooks/use-orders";

const PAGE_SIZE = 20;

/** Support staff see every organization's orders, so for them each row names its organization. */
export function OrderList({ isSupport }: { isSupport: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const offset = Math.max(0, Math.trunc(Number(params.get("offset")) || 0));
  const orders = useOrders({ limit: PAGE_SIZE, offset });
  const organizationNames = useOrganizationNames(isSupport);

  if (orders.isPending) return <LoadingState label="Loading orders…" />;
  if (orders.isError)
    return (
      <ErrorState
        error={orders.error}
        onRetry={() => orders.refetch()}
        title="The orders could not be loaded"
      />
    );
  if (orders.data.items.length === 0) {
    return (
      <section className="card">
        <EmptyState title="No orders yet">
          <p>
            Find numbers in the <Link href="/inventory">inventory</Link> and check out; your orders appear
            here.
          </p>
        </EmptyState>
      </section>
    );
  }
  return (
    <>
      <div className="table-wrap">
        <table className="cards-on-phone">
          <caption className="visually-hidden">Orders, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Placed</th>
              <th scope="col">Contact · reference</th>
              {isSupport ? <th scope="col">Organization</th> : null}
              <th scope="col">Status</th>
              <th scope="col" className="num">
                Numbers
              </th>
              <th scope="col" className="num">
                Total
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.data.items.map((order) => {
              const counts = orderNumberCounts(order);
              const totals = describeOrderTotals(order);
              return (
                <tr key={order.reference_id} data-testid="order-row">
                  <td data-label="Order">
                    <Link className="mono" href={`/orders/${order.reference_id}`}>
                      {order.reference_id}
                    </Link>
                  </td>
                  <td data-label="Placed" className="nowrap">
                    {formatDateTime(order.created_at)}
                  </td>
                  <td data-label="Contact">
                    {order.contact_name}
                    {order.reference_number ? (
                      <span className="muted"> · {order.reference_number}</span>
                    ) : null}
                  </td>
                  {isSupport ? (
                    <td data-label="Organization" className="small">
                      {organizationLabel(organizationNames, order.organization_id)}
                    </td>
                  ) : null}
                  <td data-label="Status">
                    <OrderStatus status={order.status} />
                  </td>
                  <td data-label="Numbers" className="num">
                    {counts.assigned}
                    {counts.backordered > 0 ? (
                      <span className="muted small"> (+{counts.backordered} to come)</span>
                    ) : null}
                  </td>
                  <td data-label="Total" className="num" data-testid="order-total">
                    <div className="nowrap">{totals.setupNow} setup</div>
                    <div className="muted small nowrap">then {totals.monthly} a month</div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination
        label="Order pages"
        offset={offset}
        limit={PAGE_SIZE}
        total={orders.data.total}
        onChange={(next) => router.push(`${pathname}?offset=${next}`)}
      />
    </>
  );
}
