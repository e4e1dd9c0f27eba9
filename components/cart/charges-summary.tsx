import { formatDate, formatMoney } from "@/components/ui/format";
import { toMinorUnits, type CurrencyTotal } from "@/lib/cart/checkout";
import type { ServerCart } from "@/lib/schemas/cart";

// The cart's price summary per currency: what checking out now charges (setup fees and the rest of
// this month) and what follows every month. The rest of the month is the server's (the database's
// proration, the same the sale charges); while a change is being saved, or if the server has not
// priced the lines shown, the summary says it in words instead of a figure.

type Charges = ServerCart["charges"][number];

/** The 1st of next month (UTC), when the monthly fee is first charged. */
function nextFirst(now = new Date()): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

export function ChargesSummary({
  totals,
  charges,
}: {
  /** The lines shown, priced in the browser: how many numbers, setup and monthly per currency. */
  totals: readonly CurrencyTotal[];
  charges: readonly Charges[];
}) {
  const from = formatDate(nextFirst());
  return totals.map((total) => {
    const server = charges.find((charge) => charge.currency === total.currency);
    // The server's answer is for the lines shown when its fees are theirs.
    const priced =
      server !== undefined &&
      toMinorUnits(server.setup_fees) === total.setupNow &&
      toMinorUnits(server.monthly) === total.monthly;
    const money = (minor: number) => formatMoney(minor, total.currency);
    return (
      <dl key={total.currency} className="dl" data-testid={`charges-${total.currency}`}>
        <dt>Numbers</dt>
        <dd className="num">{total.numbers}</dd>
        <dt>Setup fees</dt>
        <dd data-testid="charges-setup">
          <span data-testid={`setup-total-${total.currency}`}>{money(total.setupNow)}</span>
        </dd>
        <dt>Rest of this month</dt>
        <dd>
          {priced ? (
            <span data-testid="charges-prorated">{money(toMinorUnits(server.prorated_fees))}</span>
          ) : (
            <span className="muted">the monthly fee for the days left, today included</span>
          )}
        </dd>
        <dt>Due now</dt>
        <dd>
          {priced ? (
            <strong data-testid="charges-now">{money(toMinorUnits(server.total_now))}</strong>
          ) : (
            <strong>{money(total.setupNow)} + the rest of this month, prorated by day</strong>
          )}
        </dd>
        <dt>Every month, from {from}</dt>
        <dd data-testid="charges-monthly">
          <strong data-testid={`monthly-total-${total.currency}`}>{money(total.monthly)}</strong>
        </dd>
      </dl>
    );
  });
}
