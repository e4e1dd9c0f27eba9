import { formatMoney } from "@/components/ui/format";
import { toMinor } from "@/lib/billing/money";
import type { InvoiceStatus, LedgerEntry, Standing } from "@/components/hooks/billing-types";

// What the billing pages say to people: the API's amounts (strings with two decimals, charges
// negative in the ledger) as money, and its states in words.

/** "-12.50" in GBP → "-£12.50". */
export function formatAmount(amount: string, currency: string): string {
  return formatMoney(Number(toMinor(amount)), currency);
}

export const standingWords: Record<Standing, string> = {
  good_standing: "In good standing",
  past_due: "Past due",
  suspended: "Suspended",
};

/** What a standing means for the organization, and what to do about it. */
export const standingMeaning: Record<Standing, string> = {
  good_standing: "Everything due is paid.",
  past_due:
    "An invoice is unpaid past its due date. New orders are refused until it is paid; after 14 days the account is suspended and its numbers stop taking calls.",
  suspended:
    "An invoice is long unpaid. The numbers route no calls and new orders are refused; after 30 more days the numbers are released. Paying what is due restores them at once.",
};

export const standingBadge: Record<Standing, string> = {
  good_standing: "badge badge--success",
  past_due: "badge badge--warning",
  suspended: "badge badge--danger",
};

const kindWords: Record<LedgerEntry["kind"], string> = {
  setup_fee: "Setup fee",
  prorated_fee: "Rest of the month",
  recurring_fee: "Monthly fee",
  payment: "Payment",
  credit: "Credit",
  reversal: "Reversal",
  tax: "Tax",
};

/** Every kind, in the order the filter offers them (the record above is checked against the API's list). */
export const ledgerKinds = Object.keys(kindWords);

export function kindWordsOf(kind: string): string {
  return (kindWords as Record<string, string>)[kind] ?? kind;
}

export const invoiceStatusWords: Record<InvoiceStatus, string> = {
  draft: "Draft",
  open: "Open",
  paid: "Paid",
  void: "Void",
  uncollectible: "Uncollectible",
};

/** The moves support may make from a status (void, mark uncollectible). */
export function supportActionsFor(status: InvoiceStatus): ("void" | "mark_uncollectible")[] {
  if (status === "open") return ["void", "mark_uncollectible"];
  if (status === "uncollectible") return ["void"];
  return [];
}
