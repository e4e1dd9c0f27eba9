"use client";
import Link from "next/link";
import { formatDate } from "@/components/ui/format";
import { formatAmount, standingWords } from "@/components/billing/billing-words";
import { useBillingAccounts } from "@/components/hooks/use-billing";
import type { BillingAccount, Standing } from "@/components/hooks/billing-types";

// On every portal page while an account of the organization is past due or suspended: what it
// means and what to do. People who may read billing see each account's balance and a link to
// pay; people who may not (developers, viewers) are told who can, without amounts.

const consequences: Record<Exclude<Standing, "good_standing">, string> = {
  past_due: "New orders are refused until it is paid, and the numbers stop taking calls 14 days after.",
  suspended:
    "The numbers route no calls and new orders are refused; 30 days after suspension the numbers are released.",
};

function Banner({
  standing,
  children,
}: {
  standing: Exclude<Standing, "good_standing">;
  children: React.ReactNode;
}) {
  return (
    <div
      className={`notice ${standing === "suspended" ? "notice--error" : "notice--warning"}`}
      role="region"
      aria-label="Billing standing"
      data-testid="standing-banner"
    >
      <p>
        <strong>Your organization&apos;s account is {standingWords[standing].toLowerCase()}.</strong>{" "}
        {consequences[standing]}
      </p>
      {children}
    </div>
  );
}

/** For people who may read billing: from GET /billing/accounts, with amounts and a link to /billing. */
export function StandingBanner() {
  const accounts = useBillingAccounts(null);
  const behind = (accounts.data ?? []).filter((account) => account.standing !== "good_standing");
  if (behind.length === 0) return null;
  const standing = behind.some((account) => account.standing === "suspended") ? "suspended" : "past_due";
  return (
    <Banner standing={standing}>
      <ul className="plain-list">
        {behind.map((account: BillingAccount) => (
          <li key={account.currency}>
            {account.currency}: {standingWords[account.standing].toLowerCase()}
            {account.standing_since ? ` since ${formatDate(account.standing_since)}` : ""}, balance{" "}
            <strong>{formatAmount(account.balance, account.currency)}</strong>.
          </li>
        ))}
      </ul>
      <p>
        Pay the open invoices by bank transfer, quoting the invoice number: the account is restored as soon as
        the payment is recorded. <Link href="/billing">See invoices and balances</Link>
      </p>
    </Banner>
  );
}

/** For people who may not read billing: the standing only, worked out on the server. */
export function StandingNotice({ standing }: { standing: Exclude<Standing, "good_standing"> }) {
  return (
    <Banner standing={standing}>
      <p>An owner or a billing member of your organization can see the invoices and pay them.</p>
    </Banner>
  );
}
