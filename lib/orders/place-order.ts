import { ApiError } from "@/lib/errors";
import { newReferenceId } from "@/lib/orders/ids";
import { claimKey, findAnswer, requestHash, storeAnswer, type Answer } from "@/lib/orders/idempotency";
import { resolveItems, type Resolution, type ResolvedItem } from "@/lib/orders/resolve-items";
import {
  createConfigurations,
  sellFromGeography,
  sellNamedNumbers,
  type SoldNumber,
} from "@/lib/orders/sell";
import { orderStatusFor } from "@/lib/orders/status";
import { recordSaleEvents } from "@/lib/orders/order-events";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { auditChanges } from "@/lib/audit/record";
import { forgetInventoryCounts } from "@/lib/inventory/search";
import { loadDocumentTypes, requiredDocuments, type DocumentTypesById } from "@/lib/inventory/documents";
import type { OrderPlaced, OrderRequest } from "@/lib/schemas/orders";
import { assertOrderBundles, documentsDueFor, gateSoldNumbers } from "@/lib/compliance/activation";

/** Who places the order. Always for their own organization, support people included. */
export type Buyer = { organizationId: string; userId: string | null; tokenId: string | null };

/**
 * Places an order (contract §7) in one transaction: named numbers all or nothing (else 409
 * number_unavailable), geography items as far as stock goes and back-ordered beyond. With an
 * Idempotency-Key, a repeat of the same request gets the first answer again.
 */
export async function placeOrder(
  buyer: Buyer,
  request: OrderRequest,
  key: string | null,
  now: Date = new Date(),
): Promise<Answer<OrderPlaced>> {
  const hash = requestHash(request);
  // Answered before validation so that a repeat is replayed (or refused) even when the
  // reference data it was checked against has changed since.
  const stored = key === null ? null : await findAnswer<OrderPlaced>(buyer.organizationId, key, hash);
  if (stored) return stored;

  const resolution = await resolveItems(request.items);
  // 400 invalid_bundle before anything is sold (contract §17).
  await assertOrderBundles(
    buyer.organizationId,
    resolution.items.flatMap((item) =>
      item.bundleId === null
        ? []
        : [
            {
              field: `items.${item.position}.bundle_id`,
              bundleId: item.bundleId,
              countryId: item.countryId,
              numberTypeId: item.numberTypeId,
            },
          ],
    ),
    now,
  );
  // Read before the transaction: on one connection (PGlite) a read outside it would wait for it.
  const documentTypes = await loadDocumentTypes();
  const answer = await inRetryingTransaction(async (tx) => {
    if (key !== null) {
      const replayed = await claimKey<OrderPlaced>(tx, buyer.organizationId, key, hash);
      if (replayed) return replayed;
    }
    const { referenceId, numbers } = await createOrder(tx, buyer, request, resolution, documentTypes, now);
    const placed: Answer<OrderPlaced> = {
      body: { data: { reference_id: referenceId, numbers } },
      replayed: false,
    };
    if (key !== null) await storeAnswer(tx, buyer.organizationId, key, placed);
    return placed;
  });
  // The sale changed what is for sale: this process's shared search totals are out of date.
  forgetInventoryCounts();
  return answer;
}

async function createOrder(
  tx: Tx,
  buyer: Buyer,
  request: OrderRequest,
  resolution: Resolution,
  documentTypes: DocumentTypesById,
  now: Date,
): Promise<{ referenceId: string; numbers: OrderPlaced["data"]["numbers"] }> {
  if (resolution.unknownNumbers.length > 0) {
    const named = resolution.items.flatMap((item) => (item.numberE164 === null ? [] : [item.numberE164]));
    const sold = await tx.inventoryNumber.findMany({
      where: { numberE164: { in: named }, status: "sold" },
      select: { numberE164: true },
    });
    throw unavailable(request, [...resolution.unknownNumbers, ...sold.map((number) => number.numberE164)]);
  }

  const { orderId, referenceId, itemIdAt } = await insertOrder(tx, buyer, request, resolution.items);
  const idOf = (item: ResolvedItem) => {
    const id = itemIdAt.get(item.position);
    if (id === undefined) throw new Error(`order item ${item.position} was not created`);
    return id;
  };

  const named = resolution.items.flatMap((item) =>
    item.numberE164 === null ? [] : [{ itemId: idOf(item), numberE164: item.numberE164 }],
  );
  const holds = { organizationId: buyer.organizationId, now };
  const soldNamed = await sellNamedNumbers(tx, named, holds);
  if (soldNamed.length < named.length) {
    const soldSet = new Set(soldNamed.map((number) => number.number_e164));
    throw unavailable(
      request,
      named.filter((entry) => !soldSet.has(entry.numberE164)).map((entry) => entry.numberE164),
    );
  }

  const sold: SoldNumber[] = [...soldNamed];
  let backordered = 0;
  for (const item of resolution.items.filter((entry) => entry.kind === "geography")) {
    const taken = await sellFromGeography(
      tx,
      { id: idOf(item), productId: item.product.id, bundleId: item.bundleId },
      item,
      item.quantity,
      holds,
    );
    sold.push(...taken);
    if (taken.length < item.quantity) {
      backordered += item.quantity - taken.length;
      await tx.orderItem.update({
        where: { id: idOf(item) },
        data: { backorderedQuantity: item.quantity - taken.length },
      });
    }
  }
  const quantity = resolution.items.reduce((sum, item) => sum + item.quantity, 0);
  const configurationIds = await createConfigurations(tx, buyer.organizationId, sold, {
    orderId,
    status: orderStatusFor(quantity, backordered),
  });
  // Contract §17: numbers needing documents no approved bundle covers are pending_documents.
  const gated = await gateSoldNumbers(tx, configurationIds, now);
  await recordSaleEvents(tx, {
    change: "placed",
    orderIds: [orderId],
    configurationIds,
    activatedIds: gated.activatedIds,
    documentTypes,
    now,
  });
  // Who placed it stays on the order too (placed_by_*); the audit entry is the full record.
  await auditChanges(tx, [
    {
      action: "order.placed",
      organizationId: buyer.organizationId,
      resource: { type: "order", id: referenceId },
      changes: [
        { field: "numbers", from: null, to: sold.map((number) => number.number_e164).sort() },
        { field: "backordered_quantity", from: null, to: backordered },
      ],
    },
  ]);
  const pending = new Set(gated.pendingIds.map((id) => configurationIds.indexOf(id)));
  const due = documentsDueFor(now).toISOString();
  return {
    referenceId,
    numbers: describeSold(sold, itemIdAt, documentTypes, (index) => (pending.has(index) ? due : null)),
  };
}

// Contract §7: the answer lists each number bought with the documents it requires; §17 adds
// whether it is active or pending documents, and until when.
function describeSold(
  sold: SoldNumber[],
  itemIdAt: Map<number, number>,
  documentTypes: DocumentTypesById,
  dueAt: (index: number) => string | null,
) {
  const positionOf = new Map([...itemIdAt].map(([position, itemId]) => [itemId, position]));
  return sold
    .map((number, index) => ({
      number_e164: number.number_e164,
      position: positionOf.get(number.order_item_id) ?? -1,
      required_documents: requiredDocuments(number.required_document_ids, documentTypes),
      status: dueAt(index) === null ? ("active" as const) : ("pending_documents" as const),
      documents_due: dueAt(index),
    }))
    .sort((a, b) => a.position - b.position || (a.number_e164 < b.number_e164 ? -1 : 1));
}

/**
 * The order and its items in one statement (each statement is a round trip inside the
 * transaction, and round trips are most of an order's cost: docs/PERFORMANCE.md). The order
 * starts backordered; its real status is set once the sale is known.
 */
async function insertOrder(tx: Tx, buyer: Buyer, request: OrderRequest, items: ResolvedItem[]) {
  const column = <T>(pick: (item: ResolvedItem) => T) => items.map(pick);
  const rows = await tx.$queryRaw<
    Array<{ order_id: number; reference_id: string; item_id: number; position: number }>
  >`
    WITH new_order AS (
      INSERT INTO "order" (reference_id, organization_id, placed_by_user_id, placed_by_token_id, contact_name, reference_number, status)
      VALUES (${newReferenceId()}, ${buyer.organizationId}, ${buyer.userId}, ${buyer.tokenId}, ${request.contact_name},
              ${request.reference_number ?? null}, 'backordered'::order_status)
      RETURNING id, reference_id
    ), new_items AS (
      INSERT INTO order_item (order_id, position, kind, number_e164, country_id, number_type_id, region_id, product_id,
                              quantity, backordered_quantity, currency, monthly_fee, setup_fee, estimated_lead_time, bundle_id)
      SELECT new_order.id, i.position, i.kind::order_item_kind, i.number_e164, i.country_id, i.number_type_id, i.region_id,
             i.product_id, i.quantity, 0, i.currency, i.monthly_fee, i.setup_fee, i.estimated_lead_time, i.bundle_id
        FROM new_order, unnest(
          ${column((item) => item.position)}::int[], ${column((item) => item.kind)}::text[], ${column((item) => item.numberE164)}::text[],
          ${column((item) => item.countryId)}::text[], ${column((item) => item.numberTypeId)}::text[], ${column((item) => item.regionId)}::text[],
          ${column((item) => item.product.id)}::int[], ${column((item) => item.quantity)}::int[], ${column((item) => item.product.currency)}::text[],
          ${column((item) => item.product.monthlyFee.toString())}::numeric[], ${column((item) => item.product.setupFee.toString())}::numeric[],
          ${column((item) => item.product.estimatedLeadTime)}::text[], ${column((item) => item.bundleId)}::text[]
        ) AS i(position, kind, number_e164, country_id, number_type_id, region_id, product_id, quantity, currency, monthly_fee, setup_fee, estimated_lead_time, bundle_id)
      RETURNING id, position
    )
    SELECT new_order.id AS order_id, new_order.reference_id, new_items.id AS item_id, new_items.position FROM new_order, new_items`;
  if (rows.length !== items.length)
    throw new Error(`order insert wrote ${rows.length} items of ${items.length}`);
  return {
    orderId: rows[0].order_id,
    referenceId: rows[0].reference_id,
    itemIdAt: new Map(rows.map((row) => [row.position, row.item_id])),
  };
}

// Listed in the order the request named them, so the answer reads like the request.
function unavailable(request: OrderRequest, numbers: string[]): ApiError {
  const missing = new Set(numbers);
  const listed = request.items.flatMap((item) =>
    item.number_e164 !== undefined && missing.has(item.number_e164) ? [item.number_e164] : [],
  );
  return new ApiError(
    "number_unavailable",
    `${listed.length === 1 ? "This number is" : "These numbers are"} not available: ${listed.join(", ")}. Nothing was ordered.`,
    `number_e164=${listed.join(",")}`,
  );
}
