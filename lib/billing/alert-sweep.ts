import "server-only";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { recordAudits, systemActor } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { queueEmail } from "@/lib/email/queue";
import { siteUrl } from "@/lib/accounts/links";
import { formatMinor } from "@/lib/billing/money";
import { toBillingAlert } from "@/lib/billing/alerts";
import { billingRecipients } from "@/lib/billing/recipients";

// The worker's sweep of balance alerts (docs/API.md "Billing"): once per crossing. An armed alert
// whose account's available amount (balance + credit limit) is below its threshold fires:
// billing.alert_triggered, an email to the billing recipients, last_triggered_at, disarmed; a
// disarmed one whose account is back at or above the threshold is armed again. Both are
// conditional UPDATEs in one transaction with what the firing writes, so two instances at once
// fire an alert once (the second waits for the first's row lock, then finds it disarmed) and a
// crash fires nothing half.

type Fired = {
  id: string;
  organization_id: string;
  currency: string;
  available_below_minor: bigint;
  armed: boolean;
  last_triggered_at: Date | null;
  created_at: Date;
  balance_minor: bigint;
  credit_limit_minor: bigint;
};

/** One pass; answers how many alerts fired. */
export async function sweepBillingAlerts(now: Date): Promise<number> {
  return inRetryingTransaction(async (tx) => {
    await tx.$executeRaw`
      UPDATE billing_alert a SET armed = true
        FROM billing_account acc
       WHERE NOT a.armed AND acc.organization_id = a.organization_id AND acc.currency = a.currency
         AND acc.balance_minor + acc.credit_limit_minor >= a.available_below_minor`;
    const fired = await tx.$queryRaw<Fired[]>`
      UPDATE billing_alert a SET armed = false, last_triggered_at = ${now}
        FROM billing_account acc
       WHERE a.armed AND acc.organization_id = a.organization_id AND acc.currency = a.currency
         AND acc.balance_minor + acc.credit_limit_minor < a.available_below_minor
      RETURNING a.id, a.organization_id, a.currency, a.available_below_minor, a.armed, a.last_triggered_at,
                a.created_at, acc.balance_minor, acc.credit_limit_minor`;
    fired.sort((a, b) => (a.id < b.id ? -1 : 1));
    const views = fired.map((row) => {
      const balance = BigInt(row.balance_minor);
      const creditLimit = BigInt(row.credit_limit_minor);
      return {
        organizationId: row.organization_id,
        data: {
          alert: toBillingAlert({
            id: row.id,
            organizationId: row.organization_id,
            currency: row.currency,
            availableBelowMinor: BigInt(row.available_below_minor),
            armed: row.armed,
            lastTriggeredAt: row.last_triggered_at,
            createdAt: row.created_at,
          }),
          currency: row.currency,
          balance: formatMinor(balance),
          credit_limit: formatMinor(creditLimit),
          available: formatMinor(balance + creditLimit),
        },
      };
    });
    await recordEvents(
      tx,
      views.map((view) => event(view.organizationId, "billing.alert_triggered", view.data)),
      now,
    );
    for (const view of views) {
      const { alert, available } = view.data;
      for (const recipient of await billingRecipients(tx, view.organizationId))
        await queueEmail(
          tx,
          {
            to: recipient.email,
            kind: "billing_alert",
            subject: `Your available ${alert.currency} balance is ${available}, below ${alert.available_below}`,
            text: [
              `Hello${recipient.name ? ` ${recipient.name}` : ""},`,
              "",
              `What your organization has available in ${alert.currency} (balance plus credit limit) is now ${available},`,
              `below the ${alert.available_below} your billing alert watches for.`,
              "Orders whose charges would take it below zero are refused until a payment arrives.",
              "This alert tells you again only after the amount has risen back to the threshold and fallen below it once more.",
              "",
              siteUrl("/billing"),
            ].join("\n"),
          },
          now,
        );
    }
    await recordAudits(
      tx,
      views.map((view) => ({
        actor: systemActor,
        ip: null,
        action: "billing_alert.triggered",
        organizationId: view.organizationId,
        resource: { type: "billing_alert", id: view.data.alert.id },
        changes: [
          { field: "armed", from: true, to: false },
          { field: "available", from: null, to: view.data.available },
        ],
        at: now,
      })),
    );
    return fired.length;
  });
}
