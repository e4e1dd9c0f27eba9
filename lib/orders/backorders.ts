import "server-only";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { forgetInventoryCounts } from "@/lib/inventory/shared-total";
import type { ItemGeography } from "@/lib/orders/pick-product";
import { documentsDueFor } from "@/lib/compliance/activation";
import { utcDay } from "@/lib/coverage/coverage";
import { nationalFormats } from "@/lib/reference/phone";
import { fillAnswerSchema, fillInputSchema, type FillInput } from "@/lib/orders/sale-input";
import { metrics } from "@/lib/observability/metrics";
import { defaultCreditLimitMinor } from "@/lib/billing/ledger";
import type { OrderStatus } from "@/lib/generated/prisma/client";

type FilledOrder = { referenceId: string; status: OrderStatus };
/** A region that has received numbers. */
export type StockedGeography = ItemGeography & { regionId: string };
export type FillResult = { assignedNumbers: number; orders: FilledOrder[] };

/**
 * Gives newly stocked numbers to the items waiting for them (docs/CONTRACT.md §7): for each
 * geography, back-ordered items that take numbers from it, oldest order first. An item
 * without a region (a non-local geography) takes numbers from any region of its type.
 */
export async function fillBackorders(geographies: StockedGeography[]): Promise<FillResult> {
  const result: FillResult = { assignedNumbers: 0, orders: [] };
  const touched = new Map<string, FilledOrder>();
  for (const geography of dedupe(geographies)) {
    const filled = await inRetryingTransaction((tx) => fillGeography(tx, geography));
    // Counted per committed transaction: a later geography that fails does not undo this one.
    countFilled(filled);
    result.assignedNumbers += filled.assignedNumbers;
    for (const order of filled.orders) touched.set(order.referenceId, order);
  }
  result.orders = [...touched.values()];
  // Filled items took numbers off sale: this process's shared search totals are out of date.
  if (result.assignedNumbers > 0) forgetInventoryCounts();
  return result;
}

/**
 * Numbers a fill sold, in the numbers-sold counter (docs/OPERATIONS.md): call it once the fill's
 * transaction has committed, never inside it (a retried transaction would count twice).
 */
export function countFilled(filled: FillResult): void {
  if (filled.assignedNumbers > 0) metrics().numbersSold.inc(filled.assignedNumbers);
}

/**
 * One geography's back-orders, in the caller's transaction: also used by the worker when a
 * released number returns to inventory, so the number is filled in the same commit that puts
 * it back on sale (docs/CONTRACT.md §16) and is never for sale and owned at once. The sale
 * itself is the SQL function fill_backorders (prisma/functions), which gives each item its
 * numbers as a new order's are given (sell_to_item), charges them, and records the events. An
 * item whose organization cannot pay (past due, or over its credit limit) stays back-ordered.
 */
export async function fillGeography(
  tx: Tx,
  geography: StockedGeography,
  now = new Date(),
): Promise<FillResult> {
  const input: FillInput = {
    country_id: geography.countryId,
    number_type_id: geography.numberTypeId,
    region_id: geography.regionId,
    now: now.toISOString(),
    day: utcDay(now),
    documents_due: documentsDueFor(now).toISOString(),
    formats: nationalFormats(geography.countryId),
    default_credit_limit_minor: defaultCreditLimitMinor().toString(),
  };
  const [row] = await tx.$queryRaw<Array<{ answer: unknown }>>`
    SELECT fill_backorders(${JSON.stringify(fillInputSchema.parse(input))}::jsonb) AS answer`;
  const answer = fillAnswerSchema.parse(row.answer);
  return {
    assignedNumbers: answer.assigned_numbers,
    orders: answer.orders.map((order) => ({ referenceId: order.reference_id, status: order.status })),
  };
}

function dedupe(geographies: StockedGeography[]): StockedGeography[] {
  const byKey = new Map(
    geographies.map((geography) => [
      `${geography.countryId}|${geography.numberTypeId}|${geography.regionId}`,
      geography,
    ]),
  );
  return [...byKey.values()];
}
