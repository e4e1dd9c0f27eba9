import { describe, expect, it } from "vitest";
import {
  equalMeasures,
  formatMeasure,
  productBars,
  varyingMeasures,
} from "@/components/products/product-compare";
import type { ProductRow } from "@/components/products/product-rows";
import type { Product } from "@/lib/schemas/products";

const base: Product = {
  id: "1",
  name: "Local Basic",
  currency: "USD",
  monthly_fee: "1.00",
  setup_fee: "0",
  included_minutes: "0",
  overage_fixed_rate_per_minute: "0.0100",
  overage_mobile_rate_per_minute: "0.0150",
  required_documents: [],
  standard_capacity: "2 concurrent calls",
  estimated_lead_time: "1 day",
  geographic_restrictions: "",
  mobile_accessible: "Yes",
  outside_country_display: "Yes",
  portable: "Yes",
};

const row = (regionId: string, product: Partial<Product>): ProductRow => ({
  regionId,
  regionName: regionId,
  product: { ...base, ...product },
  cheapest: false,
});

// The demo catalogue's shape: every region has Basic and Plus at the same prices; the major
// region also sells Business.
const rows = [
  row("NYC", { id: "1" }),
  row("NYC", { id: "2", name: "Local Plus", monthly_fee: "4.00", included_minutes: "500" }),
  row("NYC", { id: "3", name: "Local Business", monthly_fee: "12.50", included_minutes: "2000" }),
  row("ALB", { id: "4" }),
  row("ALB", { id: "5", name: "Local Plus", monthly_fee: "4.00", included_minutes: "500" }),
];

describe("the products comparison", () => {
  it("offers only the measures that differ, in their fixed order", () => {
    expect(varyingMeasures(rows).map((measure) => measure.key)).toEqual(["monthly_fee", "included_minutes"]);
    expect(varyingMeasures([rows[0], rows[3]])).toEqual([]);
  });

  it("says what is the same for every product, in words and money", () => {
    expect(equalMeasures(rows)).toEqual([
      "Setup fee: US$0.00",
      "Overage per minute, calls from fixed lines: US$0.01",
      "Overage per minute, calls from mobiles: US$0.015",
    ]);
    expect(equalMeasures([])).toEqual([]);
  });

  it("draws one bar per product, cheapest first, with where it is sold", () => {
    expect(productBars(rows, "monthly_fee")).toEqual([
      { label: "Local Basic", value: 100, text: "US$1.00", detail: "in all 2 regions" },
      { label: "Local Plus", value: 400, text: "US$4.00", detail: "in all 2 regions" },
      { label: "Local Business", value: 1250, text: "US$12.50", detail: "in 1 of 2 regions" },
    ]);
    expect(productBars([rows[1]], "included_minutes")).toEqual([
      { label: "Local Plus", value: 500, text: "500 minutes", detail: "in this region" },
    ]);
  });

  it("shows a product whose value differs between regions by its best value", () => {
    const spread = [row("A", { monthly_fee: "3.00" }), row("B", { monthly_fee: "2.00" }), row("C", {})];
    expect(productBars(spread, "monthly_fee")).toEqual([
      { label: "Local Basic", value: 100, text: "from US$1.00", detail: "in all 3 regions" },
    ]);
    const minutes = [row("A", { included_minutes: "100" }), row("B", { included_minutes: "300" })];
    expect(productBars(minutes, "included_minutes")).toEqual([
      { label: "Local Basic", value: 300, text: "up to 300 minutes", detail: "in all 2 regions" },
    ]);
  });

  it("writes each measure as people read it", () => {
    const product = { ...base, included_minutes: "1", overage_fixed_rate_per_minute: "0" };
    expect(formatMeasure(product, "setup_fee")).toBe("US$0.00");
    expect(formatMeasure(product, "included_minutes")).toBe("1 minute");
    expect(formatMeasure(product, "overage_fixed_rate_per_minute")).toBe("free");
    expect(formatMeasure(product, "overage_mobile_rate_per_minute")).toBe("US$0.015");
  });
});
