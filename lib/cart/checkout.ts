import type { Product } from "@/lib/schemas/products";
import type { CartLine, CartProduct } from "@/lib/cart/cart";

// Prices and the order request of a cart. Amounts are the API's exact decimal strings,
// summed in minor units (cents) so no float rounds a price.

/**
 * The product POST /order picks when none is named (docs/CONTRACT.md §7): lowest monthly fee,
 * then setup fee, then id.
 */
export function cheapestProduct<P extends Pick<Product, "id" | "monthly_fee" | "setup_fee">>(
  products: readonly P[],
): P | null {
  let best: P | null = null;
  for (const product of products) {
    if (best === null || compareProducts(product, best) < 0) best = product;
  }
  return best;
}

function compareProducts(
  a: Pick<Product, "id" | "monthly_fee" | "setup_fee">,
  b: Pick<Product, "id" | "monthly_fee" | "setup_fee">,
): number {
  return (
    toMinorUnits(a.monthly_fee) - toMinorUnits(b.monthly_fee) ||
    toMinorUnits(a.setup_fee) - toMinorUnits(b.setup_fee) ||
    Number(a.id) - Number(b.id)
  );
}

/** "4.50" → 450, "0" → 0, "12" → 1200. Only fee amounts (two decimals) come here. */
export function toMinorUnits(amount: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new RangeError(`Not a fee amount: ${amount}`);
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

export type PricedLine = { line: CartLine; product: CartProduct | null; quantity: number };

export type CurrencyTotal = { currency: string; setupNow: number; monthly: number; numbers: number };

/** Setup fees due now and monthly fees after, per currency; lines without a price are left out. */
export function priceSummary(lines: readonly PricedLine[]): CurrencyTotal[] {
  const totals = new Map<string, CurrencyTotal>();
  for (const { product, quantity } of lines) {
    if (!product) continue;
    const total = totals.get(product.currency) ?? {
      currency: product.currency,
      setupNow: 0,
      monthly: 0,
      numbers: 0,
    };
    total.setupNow += toMinorUnits(product.setup_fee) * quantity;
    total.monthly += toMinorUnits(product.monthly_fee) * quantity;
    total.numbers += quantity;
    totals.set(product.currency, total);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The body of POST /order before validation: the page runs it through orderRequestSchema,
 * the route's own schema, so the form shows exactly the errors the API would answer.
 */
export function orderInput(
  lines: readonly PricedLine[],
  contact: { contact_name: string; reference_number: string },
) {
  return {
    contact_name: contact.contact_name,
    ...(contact.reference_number.trim() === "" ? {} : { reference_number: contact.reference_number.trim() }),
    items: lines.map(({ line, product }) =>
      line.kind === "number"
        ? { number_e164: line.number_e164, ...(product ? { product_id: product.id } : {}) }
        : {
            country: line.country,
            number_type: line.number_type,
            region: line.region,
            product_id: line.product.id,
            quantity: line.quantity,
          },
    ),
  };
}
