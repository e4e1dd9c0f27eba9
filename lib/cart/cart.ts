import type { Product } from "@/lib/schemas/products";
import { ORDER_LIMITS } from "@/lib/schemas/limits";

// The cart: what a person means to order, kept in the browser until checkout. Pure
// functions over a plain value, so the store, the page and the tests share them.

export type CartProduct = Pick<
  Product,
  "id" | "name" | "currency" | "monthly_fee" | "setup_fee" | "estimated_lead_time"
>;

type Geography = { key: string; country: string; number_type: string; region: string; region_name: string };

export type NamedLine = Geography & {
  kind: "number";
  number_e164: string;
  /** null: the cheapest product of the region, as the order would pick it. */
  product: CartProduct | null;
};

export type GeographyLine = Geography & { kind: "geography"; quantity: number; product: CartProduct };

export type CartLine = NamedLine | GeographyLine;

export type Cart = {
  lines: CartLine[];
  /**
   * The checkout under way: its Idempotency-Key and the order body it was made for. The same
   * body reuses the key (a double click, a retry after a lost answer); any change gets a new one.
   */
  attempt: { key: string; fingerprint: string } | null;
  /** Numbers the last checkout was told are no longer for sale (409 number_unavailable). */
  unavailable: string[];
};

// Reading back what localStorage holds. Checked by hand rather than with a zod schema: the
// cart is the browser's own state, no API resource, and every portal page reads it (the
// header's count), where zod would add ~28 kB gzip to each. Unknown fields are dropped.

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Number.isInteger, telling TypeScript the value is a number (it refuses every non-number). */
const isInteger = (value: unknown): value is number => Number.isInteger(value);

/** The named string fields of `value`, or null if one is missing or not a string. */
function pickStrings<K extends string>(value: Fields, keys: readonly K[]): Record<K, string> | null {
  const picked: Partial<Record<K, string>> = {};
  for (const key of keys) {
    const field = value[key];
    if (typeof field !== "string") return null;
    picked[key] = field;
  }
  return picked as Record<K, string>;
}

const productFields = ["id", "name", "currency", "monthly_fee", "setup_fee", "estimated_lead_time"] as const;
const geographyFields = ["key", "country", "number_type", "region", "region_name"] as const;

const readProduct = (value: unknown): CartProduct | null =>
  isFields(value) ? pickStrings(value, productFields) : null;

function readLine(value: unknown): CartLine | null {
  if (!isFields(value)) return null;
  const geography = pickStrings(value, geographyFields);
  if (geography === null) return null;
  if (value.kind === "number") {
    const product = readProduct(value.product);
    if (typeof value.number_e164 !== "string" || (value.product !== null && product === null)) return null;
    return { kind: "number", ...geography, number_e164: value.number_e164, product };
  }
  if (value.kind === "geography") {
    const product = readProduct(value.product);
    const quantity = value.quantity;
    if (product === null || !isInteger(quantity) || quantity < 1 || quantity > ORDER_LIMITS.maxQuantity)
      return null;
    return { kind: "geography", ...geography, quantity, product };
  }
  return null;
}

/** The cart in `value` (parsed JSON from storage), or null when it is not one. */
export function parseCart(value: unknown): Cart | null {
  if (!isFields(value) || !Array.isArray(value.lines) || !Array.isArray(value.unavailable)) return null;
  const lines: CartLine[] = [];
  for (const entry of value.lines) {
    const line = readLine(entry);
    if (line === null) return null;
    lines.push(line);
  }
  const unavailable = value.unavailable.filter((number): number is string => typeof number === "string");
  if (unavailable.length !== value.unavailable.length) return null;
  let attempt: Cart["attempt"] = null;
  if (value.attempt !== null) {
    attempt = isFields(value.attempt) ? pickStrings(value.attempt, ["key", "fingerprint"] as const) : null;
    if (attempt === null) return null;
  }
  return { lines, attempt, unavailable };
}

export const emptyCart: Cart = { lines: [], attempt: null, unavailable: [] };

export function toCartProduct(product: Product): CartProduct {
  const { id, name, currency, monthly_fee, setup_fee, estimated_lead_time } = product;
  return { id, name, currency, monthly_fee, setup_fee, estimated_lead_time };
}

/** The number a line orders, or null for a geography line. */
// Mutating the test to `true` reads a geography line's missing number_e164, undefined, which like
// null matches no number or mark (Stryker disables `false` with it).
// Stryker disable next-line ConditionalExpression: equivalent, as said above
const numberOf = (line: CartLine): string | null => (line.kind === "number" ? line.number_e164 : null);

/** A change to what is ordered starts a new checkout attempt (and so a new Idempotency-Key). */
function withLines(cart: Cart, lines: CartLine[]): Cart {
  const numbers = new Set(lines.map(numberOf));
  return { lines, attempt: null, unavailable: cart.unavailable.filter((number) => numbers.has(number)) };
}

export function addNumber(cart: Cart, line: Omit<NamedLine, "kind" | "key" | "product">): Cart {
  if (cart.lines.some((existing) => numberOf(existing) === line.number_e164)) return cart;
  return withLines(cart, [...cart.lines, { ...line, kind: "number", key: line.number_e164, product: null }]);
}

function geographyKey(
  line: Pick<GeographyLine, "country" | "number_type" | "region"> & { product: { id: string } },
): string {
  return `${line.country}/${line.number_type}/${line.region}/${line.product.id}`;
}

/** Adds numbers in a geography; the same geography and product again adds to its quantity. */
export function addGeography(cart: Cart, line: Omit<GeographyLine, "kind" | "key">): Cart {
  const key = geographyKey(line);
  const existing = cart.lines.find((candidate) => candidate.key === key);
  if (existing?.kind === "geography") return setQuantity(cart, key, existing.quantity + line.quantity);
  return withLines(cart, [
    ...cart.lines,
    { ...line, kind: "geography", key, quantity: clampQuantity(line.quantity) },
  ]);
}

export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  return withLines(
    cart,
    cart.lines.map((line) =>
      line.key === key && line.kind === "geography" ? { ...line, quantity: clampQuantity(quantity) } : line,
    ),
  );
}

export function setProduct(cart: Cart, key: string, product: CartProduct | null): Cart {
  return withLines(
    cart,
    cart.lines.map((line) => (line.key === key && line.kind === "number" ? { ...line, product } : line)),
  );
}

export function removeLine(cart: Cart, key: string): Cart {
  return withLines(
    cart,
    cart.lines.filter((line) => line.key !== key),
  );
}

export function removeUnavailable(cart: Cart): Cart {
  const gone = new Set<string | null>(cart.unavailable);
  return withLines(
    cart,
    cart.lines.filter((line) => !gone.has(numberOf(line))),
  );
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
