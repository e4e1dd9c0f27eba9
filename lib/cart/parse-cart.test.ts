import { describe, expect, it } from "vitest";
import { addGeography, addNumber, emptyCart, markUnavailable, parseCart, withAttempt } from "@/lib/cart/cart";
import { basic, manchester, named, plus } from "@/lib/cart/cart-fixtures";

// parseCart: what the cart reads back from localStorage, and what it refuses.

describe("parseCart (what localStorage hands back)", () => {
  const numberLine = { kind: "number", key: "+442079460001", ...named("+442079460001"), product: null };
  const geographyLine = {
    kind: "geography",
    key: "GB/local/GB-ENG-MANCHESTER-161/8",
    ...manchester,
    quantity: 3,
    product: plus,
  };
  const stored = {
    lines: [numberLine, geographyLine],
    attempt: { key: "k1", fingerprint: "body-a" },
    unavailable: ["+442079460001"],
  };

  it("reads back what the cart functions write", () => {
    const cart = markUnavailable(
      withAttempt(
        addGeography(addNumber(emptyCart, named("+442079460001")), {
          ...manchester,
          quantity: 3,
          product: plus,
        }),
        "body-a",
        () => "k1",
      ),
      ["+442079460001"],
    );
    expect(parseCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
    expect(parseCart(stored)).toEqual(stored);
    expect(parseCart(emptyCart)).toEqual(emptyCart);
  });

  it.each([1, 100])("accepts a geography quantity of %i", (quantity) => {
    const value = { ...stored, lines: [{ ...geographyLine, quantity }] };
    expect(parseCart(value)).toEqual(value);
  });

  it("accepts a named line with a product and no attempt", () => {
    const value = { lines: [{ ...numberLine, product: basic }], attempt: null, unavailable: [] };
    expect(parseCart(value)).toEqual(value);
  });

  it("drops fields it does not know", () => {
    const extra = {
      ...stored,
      version: 2,
      lines: [{ ...numberLine, note: "x", product: { ...basic, included_minutes: "100" } }],
    };
    expect(parseCart(extra)).toEqual({ ...stored, lines: [{ ...numberLine, product: basic }] });
  });

  it.each<[string, unknown]>([
    ["null", null],
    ["an array", []],
    ["a string", "cart"],
    ["no lines", { attempt: null, unavailable: [] }],
    ["no attempt", { lines: [], unavailable: [] }],
    ["no unavailable list", { lines: [], attempt: null }],
    ["an attempt without its key", { ...stored, attempt: { fingerprint: "body-a" } }],
    ["a number in the unavailable list", { ...stored, unavailable: [442079460001] }],
    ["a line of another kind", { ...stored, lines: [{ ...numberLine, kind: "port" }] }],
    ["a geography-shaped line of another kind", { ...stored, lines: [{ ...geographyLine, kind: "port" }] }],
    ["a named line without its number", { ...stored, lines: [{ ...numberLine, number_e164: undefined }] }],
    ["a named line without its product", { ...stored, lines: [{ ...numberLine, product: undefined }] }],
    ["a named line with half a product", { ...stored, lines: [{ ...numberLine, product: { id: "7" } }] }],
    ["a geography line without a product", { ...stored, lines: [{ ...geographyLine, product: null }] }],
    [
      "a geography line without a region name",
      { ...stored, lines: [{ ...geographyLine, region_name: undefined }] },
    ],
    ["a quantity of 0", { ...stored, lines: [{ ...geographyLine, quantity: 0 }] }],
    ["a quantity over 100", { ...stored, lines: [{ ...geographyLine, quantity: 101 }] }],
    ["a fractional quantity", { ...stored, lines: [{ ...geographyLine, quantity: 1.5 }] }],
    ["a quantity in a string", { ...stored, lines: [{ ...geographyLine, quantity: "3" }] }],
    ["a line that is null", { ...stored, lines: [null] }],
    ["a line that is an array", { ...stored, lines: [[numberLine]] }],
    ["a line that is a string", { ...stored, lines: ["+442079460001"] }],
    ["a good line before a null one", { ...stored, lines: [numberLine, null] }],
    ["an attempt that is a string", { ...stored, attempt: "k1" }],
    ["an attempt without its fingerprint", { ...stored, attempt: { key: "k1" } }],
    [
      "a geography line with a product of the wrong shape",
      { ...stored, lines: [{ ...geographyLine, product: { ...plus, monthly_fee: 2.5 } }] },
    ],
    ["a named line whose product is a string", { ...stored, lines: [{ ...numberLine, product: "7" }] }],
  ])("refuses %s", (_label, value) => {
    expect(parseCart(value)).toBeNull();
  });
});
