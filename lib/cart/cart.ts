import { z } from "zod";
import type { Product } from "@/lib/schemas/products";
import { ORDER_LIMITS } from "@/lib/schemas/orders";

// The cart: what a person means to order, kept in the browser until checkout. Pure
// functions over a plain value, so the store, the page and the tests share them.

const cartProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  currency: z.string(),
  monthly_fee: z.string(),
  setup_fee: z.string(),
  estimated_lead_time: z.string(),
});

const namedLineSchema = z.object({
  kind: z.literal("number"),
  key: z.string(),
  number_e164: z.string(),
  country: z.string(),
  number_type: z.string(),
  region: z.string(),
  region_name: z.string(),
  /** null: the cheapest product of the region, as the order would pick it. */
  product: cartProductSchema.nullable(),
});

const geographyLineSchema = z.object({
  kind: z.literal("geography"),
  key: z.string(),
  country: z.string(),
  number_type: z.string(),
  region: z.string(),
  region_name: z.string(),
  quantity: z.number().int().min(1).max(ORDER_LIMITS.maxQuantity),
  product: cartProductSchema,
});

export const cartSchema = z.object({
  lines: z.array(z.discriminatedUnion("kind", [namedLineSchema, geographyLineSchema])),
  /**
   * The checkout under way: its Idempotency-Key and the order body it was made for. The same
   * body reuses the key (a double click, a retry after a lost answer); any change gets a new one.
   */
  attempt: z.object({ key: z.string(), fingerprint: z.string() }).nullable(),
  /** Numbers the last checkout was told are no longer for sale (409 number_unavailable). */
  unavailable: z.array(z.string()),
});

export type CartProduct = z.infer<typeof cartProductSchema>;
export type NamedLine = z.infer<typeof namedLineSchema>;
export type GeographyLine = z.infer<typeof geographyLineSchema>;
export type CartLine = NamedLine | GeographyLine;
export type Cart = z.infer<typeof cartSchema>;

export const emptyCart: Cart = { lines: [], attempt: null, unavailable: [] };

export function toCartProduct(product: Product): CartProduct {
  const { id, name, currency, monthly_fee, setup_fee, estimated_lead_time } = product;
  return { id, name, currency, monthly_fee, setup_fee, estimated_lead_time };
}

/** A change to what is ordered starts a new checkout attempt (and so a new Idempotency-Key). */
function withLines(cart: Cart, lines: CartLine[]): Cart {
  const numbers = new Set(lines.flatMap((line) => (line.kind === "number" ? [line.number_e164] : [])));
  return { lines, attempt: null, unavailable: cart.unavailable.filter((number) => numbers.has(number)) };
}

export function addNumber(cart: Cart, line: Omit<NamedLine, "kind" | "key" | "product">): Cart {
  if (cart.lines.some((existing) => existing.kind === "number" && existing.number_e164 === line.number_e164)) return cart;
  return withLines(cart, [...cart.lines, { ...line, kind: "number", key: line.number_e164, product: null }]);
}

export function geographyKey(line: Pick<GeographyLine, "country" | "number_type" | "region"> & { product: { id: string } }): string {
  return `${line.country}/${line.number_type}/${line.region}/${line.product.id}`;
}

/** Adds numbers in a geography; the same geography and product again adds to its quantity. */
export function addGeography(cart: Cart, line: Omit<GeographyLine, "kind" | "key">): Cart {
  const key = geographyKey(line);
  const existing = cart.lines.find((candidate) => candidate.key === key);
  if (existing?.kind === "geography") return setQuantity(cart, key, existing.quantity + line.quantity);
  return withLines(cart, [...cart.lines, { ...line, kind: "geography", key, quantity: clampQuantity(line.quantity) }]);
}

export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  return withLines(
    cart,
    cart.lines.map((line) => (line.key === key && line.kind === "geography" ? { ...line, quantity: clampQuantity(quantity) } : line)),
  );
}

export function setProduct(cart: Cart, key: string, product: CartProduct | null): Cart {
  return withLines(
    cart,
    cart.lines.map((line) => (line.key === key && line.kind === "number" ? { ...line, product } : line)),
  );
}

export function removeLine(cart: Cart, key: string): Cart {
  return withLines(cart, cart.lines.filter((line) => line.key !== key));
}

export function removeUnavailable(cart: Cart): Cart {
  const gone = new Set(cart.unavailable);
  return withLines(cart, cart.lines.filter((line) => !(line.kind === "number" && gone.has(line.number_e164))));
}

/** After a 409: the numbers are marked, the lines stay until the person removes them. */
export function markUnavailable(cart: Cart, numbers: readonly string[]): Cart {
  return { ...cart, unavailable: [...new Set([...cart.unavailable, ...numbers])] };
}

/** The cart with an attempt for this order body: the current one if the body is unchanged. */
export function withAttempt(cart: Cart, fingerprint: string, newKey: () => string): Cart {
  if (cart.attempt?.fingerprint === fingerprint) return cart;
  return { ...cart, attempt: { key: newKey(), fingerprint } };
}

export function numberCount(cart: Cart): number {
  return cart.lines.reduce((sum, line) => sum + (line.kind === "number" ? 1 : line.quantity), 0);
}

function clampQuantity(quantity: number): number {
  return Math.min(ORDER_LIMITS.maxQuantity, Math.max(1, Math.trunc(quantity) || 1));
}

/** The numbers a 409 number_unavailable names, from its details ("number_e164=+1…,+1…"). */
export function unavailableNumbersFrom(details: string): string[] {
  const match = /number_e164=([^\s]+)/.exec(details);
  return match ? match[1].split(",").filter((number) => /^\+\d+$/.test(number)) : [];
}
