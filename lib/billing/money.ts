// Money in billing: integers of the currency's minor unit (every currency sold has two decimals),
// as bigint so no sum of a large fleet's fees ever loses a cent. The API writes an amount as a
// string with two decimals ("12.50", "-3.00", "0.00"). Pure: the browser formats with it too.

/** Minor units in one major unit: every currency sold here has two decimals. */
const MINOR_PER_MAJOR = 100n;

/** "12.5", "12.50", "-3" or a Decimal's string → minor units; throws on more than two decimals. */
export function toMinor(amount: string | { toFixed(places: number): string }): bigint {
  const text = typeof amount === "string" ? amount.trim() : amount.toFixed(2);
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`not an amount with at most two decimals: ${text}`);
  const [, sign, whole, fraction = ""] = match;
  const minor = BigInt(whole) * MINOR_PER_MAJOR + BigInt(fraction.padEnd(2, "0"));
  return sign ? -minor : minor;
}

/** Minor units → the API's string: two decimals, a minus for a negative amount. */
export function formatMinor(minor: bigint): string {
  const negative = minor < 0n;
  const magnitude = negative ? -minor : minor;
  const whole = magnitude / MINOR_PER_MAJOR;
  const fraction = (magnitude % MINOR_PER_MAJOR).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/**
 * Splits `total` into parts proportional to `weights` that add up to `total` exactly (the
 * largest-remainder method: each part is rounded down, then the cents left over go to the parts
 * that lost the most, earliest first). Nothing is rounded twice.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) throw new Error("allocate needs a positive total weight");
  const parts = weights.map((weight) => (total * weight) / sum);
  let left = total - parts.reduce((a, b) => a + b, 0n);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (total * weight) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of byRemainder) {
    if (left <= 0n) break;
    parts[index] += 1n;
    left -= 1n;
  }
  return parts;
}
