import "server-only";
import { ApiError, errorBodySchema } from "@/lib/errors";
import { getDatabase } from "@/lib/db/client";
import { newReferenceId } from "@/lib/ids";
import { placeOrderInputSchema, type PlaceOrderInput } from "@/lib/orders/sale-input";
import { idempotencyConflict, requestHash, replayAnswer, type Answer } from "@/lib/http/idempotency";
import { resolveItems, type ResolvedItem } from "@/lib/orders/resolve-items";
import { readSale } from "@/lib/orders/sale-reads";
import { actorNamedBy, actorOf, currentAuditSource, systemActor } from "@/lib/audit/record";
import { forgetInventoryCounts } from "@/lib/inventory/shared-total";
import { nationalFormats } from "@/lib/reference/phone";
import type { OrderPlaced, OrderRequest } from "@/lib/schemas/orders";
import { assertOrderBundles, documentsDueFor } from "@/lib/compliance/activation";
import { utcDay } from "@/lib/coverage/coverage";
import { metrics } from "@/lib/observability/metrics";
import { defaultCreditLimitMinor } from "@/lib/billing/ledger";

/** Who places the order. Always for their own organization, support people included. */
export type Buyer = { organizationId: string; userId: string | null; tokenId: string | null };

const MAX_ATTEMPTS = 5;
// PostgreSQL aborted the statement for a serialization failure or a deadlock: run it again.
const RETRYABLE = new Set(["40001", "40P01"]);
// What place_order refuses with (prisma/functions/place_order.sql; place_order_answer hands the
// refusal back as its answer), turned back into ApiErrors here.
const IDEMPOTENCY_CONFLICT = "OR409";
const NUMBER_UNAVAILABLE = "OR410";

/**
 * Places an order (docs/CONTRACT.md §7): named numbers all or nothing (else 409 number_unavailable),
 * geography items as far as stock goes and back-ordered beyond. With an Idempotency-Key, a
 * repeat of the same request gets the first answer again.
 *
 * Two round trips (docs/PERFORMANCE.md, "The sale in two statements"): one read of everything the checks need
 * (readSale), then the sale itself, all of it, in one call of the SQL function place_order,
 * which is atomic without an interactive transaction. A replay is the read alone.
 */
export async function placeOrder(
  buyer: Buyer,
  request: OrderRequest,
  key: string | null,
  now: Date = new Date(),
): Promise<Answer<OrderPlaced>> {
  const hash = requestHash(request);
  const source = currentAuditSource();
  const reads = await readSale(
    buyer.organizationId,
    key,
    request,
    source.principal ? actorNamedBy(source.principal) : { tokenId: null, userId: null },
  );
  // Answered before validation so that a repeat is replayed (or refused) even when the
  // reference data it was checked against has changed since.
  if (reads.stored) {
    const replayed = replayAnswer<unknown>(
      { request_hash: reads.stored.requestHash, response_body: reads.stored.responseBody },
      key ?? "",
      hash,
    );
    return storedAnswer(reads.stored.statusCode, replayed.body);
  }

  const resolution = await resolveItems(request.items, reads.lookups);
  // 400 invalid_bundle before anything is sold (docs/CONTRACT.md §17).
  assertOrderBundles(
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
    reads.bundles,
    now,
  );

  const countries = new Set(resolution.items.map((item) => item.countryId));
  const sale: PlaceOrderInput = {
    organization_id: buyer.organizationId,
    user_id: buyer.userId,
    token_id: buyer.tokenId,
    key,
    hash,
    reference_id: newReferenceId(),
    contact_name: request.contact_name,
    reference_number: request.reference_number ?? null,
    now: now.toISOString(),
    day: utcDay(now),
    documents_due: documentsDueFor(now).toISOString(),
    items: resolution.items.map(itemColumns),
    unknown_numbers: resolution.unknownNumbers,
    // A configuration is named after its number as written at home: formatNational's formats.
    formats: Object.fromEntries([...countries].map((country) => [country, nationalFormats(country)])),
    actor: source.principal ? actorOf(source.principal, reads.actorName) : systemActor,
    ip: source.ip,
    default_credit_limit_minor: defaultCreditLimitMinor().toString(),
  };
  const answer = await sell(placeOrderInputSchema.parse(sale), request);
  // The sale changed what is for sale: this process's shared search totals are out of date.
  if (!answer.replayed) {
    forgetInventoryCounts();
    metrics().orders.inc();
    metrics().numbersSold.inc(answer.body.data.numbers.length);
  }
  return answer;
}

/** An order item's columns, as place_order inserts them. */
const itemColumns = (item: ResolvedItem): PlaceOrderInput["items"][number] => ({
  position: item.position,
  kind: item.kind,
  number_e164: item.numberE164,
  country_id: item.countryId,
  number_type_id: item.numberTypeId,
  region_id: item.regionId,
  product_id: item.product.id,
  quantity: item.quantity,
  currency: item.product.currency,
  monthly_fee: item.product.monthlyFee,
  setup_fee: item.product.setupFee,
  estimated_lead_time: item.product.estimatedLeadTime,
  bundle_id: item.bundleId,
});

/**
 * What place_order_answer answers: the sale (or the answer stored under its key, with its
 * status), or one of place_order's refusals (its SQLSTATE, and for OR410 the numbers as a JSON
 * array; a 402 with the error body it stored for the key), given as an answer so that the pool
 * keeps the connection (a failed query ends it).
 */
type SaleAnswer =
  | { replayed: boolean; status: number; body: unknown }
  | { refused: string; detail: string }
  | { refused: string; status: 402; body: unknown };

/** One statement, again from the start when PostgreSQL aborted it for a deadlock. */
async function sell(sale: { key: string | null }, request: OrderRequest): Promise<Answer<OrderPlaced>> {
  const { sql } = await getDatabase();
  for (let attempt = 1; ; attempt++) {
    try {
      const [row] = await sql.query<{ answer: SaleAnswer }>(
        "SELECT place_order_answer($1::jsonb) AS answer",
        [JSON.stringify(sale)],
      );
      const answer = row.answer;
      if ("refused" in answer) {
        if ("body" in answer) return storedAnswer(answer.status, answer.body);
        if (answer.refused === NUMBER_UNAVAILABLE)
          throw unavailable(request, JSON.parse(answer.detail) as string[]);
        if (answer.refused === IDEMPOTENCY_CONFLICT) throw idempotencyConflict(sale.key ?? "");
        throw new Error(`place_order_answer refused with an unknown code: ${answer.refused}`);
      }
      const replayed = storedAnswer(answer.status, answer.body);
      return { ...replayed, replayed: answer.replayed };
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= MAX_ATTEMPTS || typeof code !== "string" || !RETRYABLE.has(code)) throw error;
    }
  }
}

/**
 * An order's answer as stored under its key: the order placed (200), or the 402 it was refused
 * with (docs/API.md, "Charges and the ledger"), thrown again exactly as it was first answered.
 */
function storedAnswer(status: number, body: unknown): Answer<OrderPlaced> {
  if (status === 402) {
    const refusal = errorBodySchema.parse(body).error;
    throw new ApiError(refusal.code, refusal.message, refusal.details);
  }
  return { body: placedInOrder(body as OrderPlaced), replayed: true };
}

// The answer's keys in the order docs/API.md lists them (the stored copy is jsonb, as before).
// An answer stored before orders were charged has no charges: none were.
function placedInOrder(body: OrderPlaced): OrderPlaced {
  return {
    data: {
      reference_id: body.data.reference_id,
      numbers: body.data.numbers.map((number) => ({
        number_e164: number.number_e164,
        position: number.position,
        required_documents: number.required_documents,
        status: number.status,
        documents_due: number.documents_due,
      })),
      charges: (body.data.charges ?? []).map((charge) => ({
        currency: charge.currency,
        setup_fees: charge.setup_fees,
        prorated_fees: charge.prorated_fees,
        total_now: charge.total_now,
        monthly: charge.monthly,
      })),
    },
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
