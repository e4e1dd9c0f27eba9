"use client";
import Link from "next/link";
import { useMemo, useState } from "react";
import { DataTable, type DataColumn } from "@/components/ui/data-table";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { AccountActionForm, type AccountAction } from "@/components/billing/account-actions";
import { formatAmount, standingBadge, standingWords } from "@/components/billing/billing-words";
import { useBillingAccounts } from "@/components/hooks/use-billing";
import { organizationLabel, useOrganizationNames } from "@/components/hooks/use-organizations";
import type { BillingAccount } from "@/components/hooks/billing-types";

const keyOf = (account: BillingAccount) => `${account.organization_id}/${account.currency}`;

const actionLabels: Record<AccountAction, string> = {
  payment: "Record payment",
  credit: "Record credit",
  limit: "Change limit",
};

/** Support: every organization's accounts, worst standing first, each with its three changes. */
export function AccountsView() {
  const accounts = useBillingAccounts(null);
  const names = useOrganizationNames(true);
  const [open, setOpen] = useState<{ key: string; action: AccountAction } | null>(null);

  const columns = useMemo<DataColumn<BillingAccount>[]>(
    () => [
      {
        id: "organization",
        header: "Organization",
        sortValue: (account) => organizationLabel(names, account.organization_id),
        cell: (account) => (
          <Link href={`/billing?organization_id=${encodeURIComponent(account.organization_id)}`}>
            {organizationLabel(names, account.organization_id)}
          </Link>
        ),
      },
      { id: "currency", header: "Currency", cell: (account) => account.currency },
      {
        id: "standing",
        header: "Standing",
        cell: (account) => (
          <span className={standingBadge[account.standing]} data-testid="standing">
            {standingWords[account.standing]}
          </span>
        ),
      },
      {
        id: "balance",
        header: "Balance",
        numeric: true,
        cell: (account) => formatAmount(account.balance, account.currency),
      },
      {
        id: "limit",
        header: "Credit limit",
        numeric: true,
        cell: (account) => formatAmount(account.credit_limit, account.currency),
      },
      {
        id: "available",
        header: "Available",
        numeric: true,
        cell: (account) => formatAmount(account.available, account.currency),
      },
      {
        id: "actions",
        header: "Actions",
        hideHeader: true,
        action: true,
        cell: (account) =>
          (Object.keys(actionLabels) as AccountAction[]).map((action) => (
            <button
              key={action}
              type="button"
              className="btn btn--small"
              aria-expanded={open?.key === keyOf(account) && open.action === action}
              aria-controls={`account-detail-${keyOf(account)}`}
              aria-label={`${actionLabels[action]}: ${organizationLabel(names, account.organization_id)}, ${account.currency}`}
              onClick={() => setOpen({ key: keyOf(account), action })}
            >
              {actionLabels[action]}
            </button>
          )),
      },
    ],
    [names, open],
  );

  return (
    <QueryState
      query={accounts}
      loading="Loading every organization's accounts…"
      errorTitle="The accounts could not be loaded"
      empty={<EmptyState title="No billing accounts yet" />}
    >
      {(data) => (
        <DataTable
          caption="Billing accounts, past due and suspended first"
          columns={columns}
          rows={[...data].sort(byStanding)}
          rowId={keyOf}
          rowProps={(account) => ({ testId: `account-row-${account.organization_id}-${account.currency}` })}
          busy={accounts.isFetching}
          rowDetail={(account) =>
            open?.key === keyOf(account)
              ? {
                  id: `account-detail-${keyOf(account)}`,
                  content: (
                    <AccountActionForm
                      key={open.action}
                      account={account}
                      action={open.action}
                      onClose={() => setOpen(null)}
                    />
                  ),
                }
              : null
          }
        />
      )}
    </QueryState>
  );
}

const order = { suspended: 0, past_due: 1, good_standing: 2 } as const;

function byStanding(a: BillingAccount, b: BillingAccount): number {
  return order[a.standing] - order[b.standing] || keyOf(a).localeCompare(keyOf(b));
}
