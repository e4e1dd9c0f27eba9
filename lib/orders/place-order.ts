import { ApiError } from "@/lib/api/errors";
import { newReferenceId } from "@/lib/orders/ids";
import { claimKey, findAnswer, parseIdempotencyKey, requestHash, storeAnswer, type Answer } from "@/lib/orders/idempotency";
import { resolveItems, type Resolution, type ResolvedItem } from "@/lib/orders/resolve-items";
import { createConfigurations, sellFromGeography, sellNamedNumbers, type SoldNumber } from "@/lib/orders/sell";
import { orderStatusFor } from "@/lib/orders/status";
import { inRetryingTransaction, type Tx } from "@/lib/orders/transaction";
import type { OrderPlaced, OrderRequest } from "@/lib/schemas/orders";

/** Who places the order. Always for their own organization, support people included. */
export type Buyer = { organizationId: string; userId: string | null; tokenId: string | null };

/**
 * Places an order (contract §7) in one transaction: named numbers all or nothing (else 409
 * number_unavailable), geography items as far as stock goes and back-ordered beyond. With an
 * Idempotency-Key, a repeat of the same request gets the first answer again.
 */
export async function placeOrder(buyer: Buyer, request: OrderRequest, idempotencyKeyHeader: string | null): Promise<Answer<OrderPlaced>> {
  const key = parseIdempotencyKey(idempotencyKeyHeader);
  const hash = requestHash(request);
  // Answered before validation so that a repeat is replayed (or refused) even when the
  // reference data it was checked against has changed since.
  const stored = key === null ? null : await findAnswer<OrderPlaced>(buyer.organizationId, key, hash);
  if (stored) return stored;

  const resolution = await resolveItems(request.items);
  return inRetryingTransaction(async (tx) => {
    if (key !== null) {
      const replayed = await claimKey<OrderPlaced>(tx, buyer.organizationId, key, hash);
      if (replayed) return replayed;
    }
    const referenceId = await createOrder(tx, buyer, request, resolution);
    const answer: Answer<OrderPlaced> = { status: 200, body: { data: { reference_id: referenceId } }, replayed: false };
    if (key !== null) await storeAnswer(tx, buyer.organizationId, key, answer);
    return answer;
  });
}

async function createOrder(tx: Tx, buyer: Buyer, request: OrderRequest, resolution: Resolution): Promise<string> {
  if (resolution.unknownNumbers.length > 0) {
    const named = resolution.items.flatMap((item) => (item.numberE164 === null ? [] : [item.numberE164]));
    const sold = await tx.inventoryNumber.findMany({ where: { numberE164: { in: named }, status: "sold" }, select: { numberE164: true } });
    throw unavailable(request, [...resolution.unknownNumbers, ...sold.map((number) => number.numberE164)]);
  }

  // Two statements, each answering what it wrote: a nested create with an include costs four
  // round trips, all of them inside the transaction.
  const order = await tx.order.create({
    data: {
      referenceId: newReferenceId(),
      organizationId: buyer.organizationId,
      placedByUserId: buyer.userId,
      placedByTokenId: buyer.tokenId,
      contactName: request.contact_name,
      referenceNumber: request.reference_number ?? null,
      status: "backordered",
    },
    select: { id: true, referenceId: true },
  });
  const items = await tx.orderItem.createManyAndReturn({
    data: resolution.items.map((item) => ({ ...itemRow(item), orderId: order.id })),
    select: { id: true, position: true },
  });
  const itemIdAt = new Map(items.map((item) => [item.position, item.id]));
  const idOf = (item: ResolvedItem) => {
    const id = itemIdAt.get(item.position);
    if (id === undefined) throw new Error(`order item ${item.position} was not created`);
    return id;
  };

  const named = resolution.items.flatMap((item) => (item.numberE164 === null ? [] : [{ itemId: idOf(item), numberE164: item.numberE164 }]));
  const soldNamed = await sellNamedNumbers(tx, named);
  if (soldNamed.length < named.length) {
    const soldSet = new Set(soldNamed.map((number) => number.number_e164));
    throw unavailable(request, named.filter((entry) => !soldSet.has(entry.numberE164)).map((entry) => entry.numberE164));
  }

  const sold: SoldNumber[] = [...soldNamed];
  let backordered = 0;
  for (const item of resolution.items.filter((entry) => entry.kind === "geography")) {
    const taken = await sellFromGeography(tx, idOf(item), item, item.quantity);
    sold.push(...taken);
    if (taken.length < item.quantity) {
      backordered += item.quantity - taken.length;
      await tx.orderItem.update({ where: { id: idOf(item) }, data: { backorderedQuantity: item.quantity - taken.length } });
    }
  }
  await createConfigurations(tx, buyer.organizationId, sold);

  const quantity = resolution.items.reduce((sum, item) => sum + item.quantity, 0);
  await tx.order.update({ where: { id: order.id }, data: { status: orderStatusFor(quantity, backordered) } });
  return order.referenceId;
}

function itemRow(item: ResolvedItem) {
  return {
    position: item.position,
    kind: item.kind,
    numberE164: item.numberE164,
    countryId: item.countryId,
    numberTypeId: item.numberTypeId,
    regionId: item.regionId,
    productId: item.product.id,
    quantity: item.quantity,
    backorderedQuantity: 0,
    currency: item.product.currency,
    monthlyFee: item.product.monthlyFee,
    setupFee: item.product.setupFee,
    estimatedLeadTime: item.product.estimatedLeadTime,
  };
}

// Listed in the order the request named them, so the answer reads like the request.
function unavailable(request: OrderRequest, numbers: string[]): ApiError {
  const missing = new Set(numbers);
  const listed = request.items.flatMap((item) => (item.number_e164 !== undefined && missing.has(item.number_e164) ? [item.number_e164] : []));
  return new ApiError(
    "number_unavailable",
    `${listed.length === 1 ? "This number is" : "These numbers are"} not available: ${listed.join(", ")}. Nothing was ordered.`,
    `number_e164=${listed.join(",")}`,
  );
}
