"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { OrderStatus, describeOrderTotals, orderNumberCounts } from "@/components/orders/order-status";
import { organizationLabel, useOrganizationNames } from "@/components/hooks/use-organizations";
import { OrganizationPicker } from "@/components/organizations/organization-picker";
import { formatDateTime } from "@/components/ui/format";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { useOrders } from "@/components/hooks/use-orders";
import type { Order } from "@/lib/schemas/orders";

const PAGE_SIZE = 20;

/** Support staff see every organization's orders, so for them each row names its organization. */
export function OrderList({ isSupport }: { isSupport: boolean }) {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const offset = Math.max(0, Math.trunc(Number(params.get("offset")) || 0));
  const organizationId = isSupport ? params.get("organization_id") || null : null;
  const orders = useOrders({ limit: PAGE_SIZE, offset, organization_id: organizationId });
  const organizationNames = useOrganizationNames(isSupport);
  const go = (next: { offset?: number; organization_id?: string | null }) => {
    const query = new URLSearchParams();
    const organization = next.organization_id === undefined ? organizationId : next.organization_id;
    if (organization) query.set("organization_id", organization);
    if (next.offset) query.set("offset", String(next.offset));
    router.push(query.size > 0 ? `${pathname}?${query}` : pathname);
  };
  // Support staff, like on the numbers page, choose whose orders they see.
  const picker = isSupport ? (
    <form className="card" aria-label="Choose an organization" onSubmit={(event) => event.preventDefault()}>
      <div className="form-grid">
        <OrganizationPicker
          value={organizationId}
          seenIds={orders.data?.items.map((order) => order.organization_id) ?? []}
          onChange={(id) => go({ organization_id: id || null, offset: 0 })}
        />
      </div>
    </form>
  ) : null;

  return (
    <div className="stack">
      {picker}
      <QueryState
        query={orders}
        loading="Loading orders…"
        errorTitle="The orders could not be loaded"
        empty={
          <section className="card">
            <EmptyState title="No orders yet">
              <p>
                Find numbers in the <Link href="/inventory">inventory</Link> and check out; your orders appear
                here.
              </p>
            </EmptyState>
          </section>
        }
      >
        {(data) => (
          <DataTable
            caption="Orders, newest first"
            columns={isSupport ? withOrganization(organizationNames) : columns}
            rows={data.items}
            rowId={(order) => order.reference_id}
            rowProps={() => ({ testId: "order-row" })}
            busy={orders.isFetching}
            paging={{
              label: "Order pages",
              offset,
              limit: PAGE_SIZE,
              total: data.total,
              onChange: (next) => go({ offset: next }),
            }}
          />
        )}
      </QueryState>
    </div>
  );
}

const columns: DataColumn<Order>[] = [
  {
    id: "order",
    header: "Order",
    cell: (order) => (
      <Link className="mono" href={`/orders/${order.reference_id}`}>
        {order.reference_id}
      </Link>
    ),
  },
  { id: "placed", header: "Placed", className: "nowrap", cell: (order) => formatDateTime(order.created_at) },
  {
    id: "contact",
    header: "Contact · reference",
    label: "Contact",
    cell: (order) => (
      <>
        {order.contact_name}
        {order.reference_number ? <span className="muted"> · {order.reference_number}</span> : null}
      </>
    ),
  },
  {
    id: "status",
    header: "Status",
    cell: (order) => <OrderStatus status={order.status} waiting={order.numbers_waiting_for_documents} />,
  },
  {
    id: "numbers",
    header: "Numbers",
    numeric: true,
    cell: (order) => {
      const counts = orderNumberCounts(order);
      return (
        <>
          {counts.assigned}
          {counts.backordered > 0 ? (
            <span className="muted small"> (+{counts.backordered} to come)</span>
          ) : null}
        </>
      );
    },
  },
  {
    id: "total",
    header: "Total",
    numeric: true,
    cell: (order) => {
      const totals = describeOrderTotals(order);
      return (
        <span data-testid="order-total">
          <span className="nowrap">{totals.setupNow} setup</span>
          <br />
          <span className="muted small nowrap">then {totals.monthly} a month</span>
        </span>
      );
    },
  },
];

/** Support staff see every organization's orders: a column names each row's organization. */
function withOrganization(names: Map<string, string>): DataColumn<Order>[] {
  const organization: DataColumn<Order> = {
    id: "organization",
    header: "Organization",
    className: "small",
    cell: (order) => organizationLabel(names, order.organization_id),
  };
  return [...columns.slice(0, 3), organization, ...columns.slice(3)];
}
