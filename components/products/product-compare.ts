import { toMinorUnits } from "@/lib/cart/checkout";
import { formatMoney, formatRate } from "@/components/ui/format";
import type { Product } from "@/lib/schemas/products";
import type { ProductRow } from "@/components/products/product-rows";

// What the products page's chart compares: the products shown (by name, across the regions
// shown), on a measure whose values actually differ between them. The demo catalogue, like
// most carriers' price lists, charges every region the same, so regions make twelve equal bars
// while the plans differ.

export type MeasureKey =
  | "monthly_fee"
  | "setup_fee"
  | "included_minutes"
  | "overage_fixed_rate_per_minute"
  | "overage_mobile_rate_per_minute";

type Measure = { key: MeasureKey; label: string; lowerIsBetter: boolean };

const measures: readonly Measure[] = [
  { key: "monthly_fee", label: "Monthly fee", lowerIsBetter: true },
  { key: "setup_fee", label: "Setup fee", lowerIsBetter: true },
  { key: "included_minutes", label: "Included minutes", lowerIsBetter: false },
  {
    key: "overage_fixed_rate_per_minute",
    label: "Overage per minute, calls from fixed lines",
    lowerIsBetter: true,
  },
  {
    key: "overage_mobile_rate_per_minute",
    label: "Overage per minute, calls from mobiles",
    lowerIsBetter: true,
  },
];

/** A measure's value as a number to compare and draw: minor units, minutes, or the rate itself. */
function valueOf(product: Product, key: MeasureKey): number {
  if (key === "monthly_fee" || key === "setup_fee") return toMinorUnits(product[key]);
  return Number(product[key]);
}

/** A measure's value as people read it: "US$4.50", "500 minutes", "US$0.0120". */
export function formatMeasure(product: Product, key: MeasureKey): string {
  if (key === "monthly_fee" || key === "setup_fee")
    return formatMoney(valueOf(product, key), product.currency);
  if (key === "included_minutes") {
    const minutes = valueOf(product, key);
    return `${minutes.toLocaleString("en-GB")} ${minutes === 1 ? "minute" : "minutes"}`;
  }
  return formatRate(product[key], product.currency);
}

export type Bar = { label: string; value: number; text: string; detail: string };

/**
 * One bar per product name: its lowest value among the regions shown (the value is the same in
 * every region in most catalogues), and in how many of those regions it is offered.
 */
export function productBars(rows: readonly ProductRow[], key: MeasureKey): Bar[] {
  const regionCount = new Set(rows.map((row) => row.regionId)).size;
  const byName = new Map<string, { best: Product; value: number; regions: Set<string>; spread: boolean }>();
  const lowerIsBetter = measureOf(key).lowerIsBetter;
  for (const row of rows) {
    const value = valueOf(row.product, key);
    const entry = byName.get(row.product.name);
    if (entry === undefined) {
      byName.set(row.product.name, {
        best: row.product,
        value,
        regions: new Set([row.regionId]),
        spread: false,
      });
      continue;
    }
    entry.regions.add(row.regionId);
    if (value !== entry.value) entry.spread = true;
    if (lowerIsBetter ? value < entry.value : value > entry.value) {
      entry.best = row.product;
      entry.value = value;
    }
  }
  return [...byName.entries()]
    .map(([name, entry]) => ({
      label: name,
      value: entry.value,
      text: `${entry.spread ? (lowerIsBetter ? "from " : "up to ") : ""}${formatMeasure(entry.best, key)}`,
      detail:
        entry.regions.size === regionCount
          ? regionCount === 1
            ? "in this region"
            : `in all ${regionCount} regions`
          : `in ${entry.regions.size} of ${regionCount} regions`,
    }))
    .sort((a, b) => a.value - b.value || a.label.localeCompare(b.label));
}

/** The measures whose values differ between the rows shown, in the order of `measures`. */
export function varyingMeasures(rows: readonly ProductRow[]): Measure[] {
  return measures.filter((measure) => new Set(rows.map((row) => valueOf(row.product, measure.key))).size > 1);
}

/** "Setup fee: US$0.00 for every product shown", for each measure that does not vary. */
export function equalMeasures(rows: readonly ProductRow[]): string[] {
  if (rows.length === 0) return [];
  const varying = new Set(varyingMeasures(rows).map((measure) => measure.key));
  return measures
    .filter((measure) => !varying.has(measure.key))
    .map((measure) => `${measure.label}: ${formatMeasure(rows[0].product, measure.key)}`);
}

export function measureOf(key: MeasureKey): Measure {
  return measures.find((measure) => measure.key === key) ?? measures[0];
}

export function isMeasureKey(value: string | null): value is MeasureKey {
  return measures.some((measure) => measure.key === value);
}
