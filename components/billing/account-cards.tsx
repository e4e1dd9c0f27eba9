"use client";
import { formatDate } from "@/components/ui/format";
import {
  formatAmount,
  standingBadge,
  standingMeaning,
  standingWords,
} from "@/components/billing/billing-words";
import type { BillingAccount } from "@/components/hooks/billing-types";

/** One card per currency: where the account stands, and what may still be bought on credit. */
export function AccountCards({ accounts }: { accounts: readonly BillingAccount[] }) {
  return (
    <div className="grid-2">
      {accounts.map((account) => (
        <section
          key={account.currency}
          className="card"
          aria-labelledby={`account-${account.currency}`}
          data-testid={`account-${account.currency}`}
        >
          <h3 id={`account-${account.currency}`}>
            {account.currency} account{" "}
            <span className={standingBadge[account.standing]} data-testid="standing">
              {standingWords[account.standing]}
            </span>
          </h3>
          <p className="small">
            {standingMeaning[account.standing]}
            {account.standing !== "good_standing" && account.standing_since
              ? ` Since ${formatDate(account.standing_since)}.`
              : null}
          </p>
          <dl className="dl">
            <dt>Balance</dt>
            <dd className="num" data-testid="balance">
              {formatAmount(account.balance, account.currency)}
            </dd>
            <dt>Credit limit</dt>
            <dd className="num">{formatAmount(account.credit_limit, account.currency)}</dd>
            <dt>Available to spend</dt>
            <dd className="num">
              <strong data-testid="available">{formatAmount(account.available, account.currency)}</strong>
            </dd>
            <dt>Not invoiced yet</dt>
            <dd className="num">{formatAmount(account.uninvoiced, account.currency)}</dd>
          </dl>
          <p className="small muted">
            A negative balance is what you owe. Available is the balance plus the credit limit: an order that
            would take it below zero is refused.
          </p>
        </section>
      ))}
    </div>
  );
}
