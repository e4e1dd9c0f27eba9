import { describe, expect, it } from "vitest";
import { bpToPercent, decideTax, percentToBp, taxOn, type TaxBuyer } from "@/lib/billing/tax";

// The one tax rule, as a table: the seller's country and rate against where the buyer is and
// whether it gave a VAT ID.

const seller = { country: "DE", rateBp: 1900 };

describe("decideTax", () => {
  it.each<[string, TaxBuyer, string, number, string | null]>([
    ["no billing profile: the seller's country", null, "domestic", 1900, null],
    ["the seller's country, no VAT ID", { country: "DE", vatId: null }, "domestic", 1900, null],
    ["the seller's country with a VAT ID", { country: "DE", vatId: "DE123456789" }, "domestic", 1900, null],
    [
      "another EU country with a VAT ID",
      { country: "FR", vatId: "FR12345678901" },
      "reverse_charge",
      0,
      "Reverse charge",
    ],
    [
      "another EU country without a VAT ID (a consumer)",
      { country: "FR", vatId: null },
      "domestic",
      1900,
      null,
    ],
    ["another EU country, empty VAT ID", { country: "IT", vatId: "" }, "domestic", 1900, null],
    ["outside the EU", { country: "US", vatId: null }, "outside_scope", 0, "Outside the scope of VAT"],
    [
      "outside the EU with a tax ID",
      { country: "CH", vatId: "CHE123456789" },
      "outside_scope",
      0,
      "Outside the scope of VAT",
    ],
    [
      "the United Kingdom is outside the EU",
      { country: "GB", vatId: "GB123456789" },
      "outside_scope",
      0,
      "Outside the scope of VAT",
    ],
  ])("%s", (_, buyer, treatment, rateBp, note) => {
    expect(decideTax(seller, buyer)).toEqual({ treatment, rateBp, note });
  });

  it("a seller outside the EU still charges its own country domestically and reverse-charges EU businesses", () => {
    const gb = { country: "GB", rateBp: 2000 };
    expect(decideTax(gb, { country: "GB", vatId: null })).toEqual({
      treatment: "domestic",
      rateBp: 2000,
      note: null,
    });
    expect(decideTax(gb, { country: "NL", vatId: "NL123456789B01" }).treatment).toBe("reverse_charge");
    expect(decideTax(gb, { country: "US", vatId: null }).treatment).toBe("outside_scope");
  });
});

describe("rates and rounding", () => {
  it.each([
    ["20", 2000, "20.00"],
    ["20.5", 2050, "20.50"],
    ["7.75", 775, "7.75"],
    ["0", 0, "0.00"],
  ])("%s percent is %i basis points, written %s", (percent, bp, written) => {
    expect(percentToBp(percent)).toBe(bp);
    expect(bpToPercent(bp)).toBe(written);
  });

  it.each([
    [1000n, 2000, 200n],
    [1n, 2000, 0n], // 0.2 of a cent
    [3n, 2000, 1n], // 0.6 → 1
    [25n, 2000, 5n],
    [1250n, 1900, 238n], // 237.5 → half up
    [-1250n, 1900, -238n],
    [123456n, 0, 0n],
  ])("tax on %s at %i bp is %s", (subtotal, bp, tax) => {
    expect(taxOn(subtotal, bp)).toBe(tax);
  });
});
