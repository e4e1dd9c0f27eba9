"use client";
import Link from "next/link";
import { Field } from "@/components/ui/field";
import { OrganizationOptions } from "@/components/organizations/organization-options";
import { QueryState } from "@/components/ui/query-state";
import { EmptyState } from "@/components/ui/states";
import { AccountCards } from "@/components/billing/account-cards";
import { AlertsPanel } from "@/components/billing/alerts-panel";
import { InvoiceTable } from "@/components/billing/invoice-table";
import { LedgerView } from "@/components/billing/ledger-view";
import { ProfileSection } from "@/components/billing/profile-form";
import { UpcomingInvoices } from "@/components/billing/upcoming-invoice";
import { useBillingAccounts } from "@/components/hooks/use-billing";
import { useOrganizationNames } from "@/components/hooks/use-organizations";
import { useQueryString } from "@/components/hooks/use-query-string";

/**
 * /billing: per currency where the account stands, the upcoming invoice, the invoices with their
 * PDFs, the ledger (filters in the address), and — for the organization's own people — its
 * billing details and alerts. Support reads one organization at a time (`?organization_id=`).
 */
export function BillingView({
  isSupport,
  writeRefusal,
}: {
  isSupport: boolean;
  writeRefusal: string | null;
}) {
  const [params, navigate] = useQueryString();
  const organizationId = isSupport ? params.get("organization_id") || null : null;
  const needsOrganization = isSupport && organizationId === null;
  const names = useOrganizationNames(isSupport);
  const accounts = useBillingAccounts(organizationId, !needsOrganization);
  const currencies = (accounts.data ?? []).map((account) => account.currency);

  return (
    <div className="stack">
      {isSupport ? (
        <form
          className="card"
          aria-label="Choose an organization"
          onSubmit={(event) => event.preventDefault()}
        >
          <Field
            label="Organization"
            hint={<Link href="/billing/accounts">Every organization&apos;s accounts</Link>}
          >
            {(props) => (
              <select
                {...props}
                value={organizationId ?? ""}
                onChange={(event) => navigate({ organization_id: event.target.value, ledger_offset: "" })}
              >
                <OrganizationOptions names={names} none="Choose an organization" />
              </select>
            )}
          </Field>
        </form>
      ) : null}
      {needsOrganization ? (
        <section className="card">
          <EmptyState title="Choose an organization">
            <p>Billing belongs to one organization: pick it above.</p>
          </EmptyState>
        </section>
      ) : (
        <>
          <section aria-labelledby="accounts-heading" className="stack">
            <h2 id="accounts-heading">Accounts</h2>
            <QueryState
              query={accounts}
              loading="Loading accounts…"
              errorTitle="The accounts could not be loaded"
              empty={
                <EmptyState title="No billing account yet">
                  <p>
                    An account opens in a currency with the first purchase in it.{" "}
                    {isSupport ? null : <Link href="/inventory">Find numbers</Link>}
                  </p>
                </EmptyState>
              }
            >
              {(data) => <AccountCards accounts={data} />}
            </QueryState>
          </section>
          {currencies.length > 0 ? (
            <UpcomingInvoices currencies={currencies} organizationId={organizationId} />
          ) : null}
          <section className="card" aria-labelledby="invoices-heading">
            <h2 id="invoices-heading">Invoices</h2>
            <InvoiceTable organizationId={organizationId} supportActions={isSupport} />
          </section>
          <section className="card" aria-labelledby="ledger-heading">
            <h2 id="ledger-heading">Ledger</h2>
            <p className="small muted">
              Every charge, payment and credit. Charges are negative: they lower the balance.
            </p>
            <LedgerView organizationId={organizationId} currencies={currencies} />
          </section>
          {isSupport ? null : (
            <>
              <ProfileSection refusal={writeRefusal} />
              {/* Its currency choice starts at the first account's: drawn once the accounts are read. */}
              {accounts.isSuccess ? (
                <AlertsPanel key={currencies.join()} currencies={currencies} refusal={writeRefusal} />
              ) : null}
            </>
          )}
        </>
      )}
    </div>
  );
}
