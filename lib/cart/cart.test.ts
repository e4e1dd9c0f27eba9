import { describe, expect, it } from "vitest";
import {
  addGeography,
  addNumber,
  emptyCart,
  markUnavailable,
  numberCount,
  removeLine,
  removeUnavailable,
  setProduct,
  setQuantity,
  toCartProduct,
  unavailableNumbersFrom,
  withAttempt,
} from "@/lib/cart/cart";
import type { Product } from "@/lib/schemas/products";
import { basic, manchester, named, plus } from "@/lib/cart/cart-fixtures";

// The cart's functions: lines added, changed, marked and removed. Checkout is in
// checkout.test.ts, what localStorage hands back in parse-cart.test.ts.

describe("the cart", () => {
  it("adds a number once, and geography quantities up to 100", () => {
    let cart = addNumber(emptyCart, named("+442079460001"));
    cart = addNumber(cart, named("+442079460001"));
    cart = addGeography(cart, { ...manchester, quantity: 3, product: plus });
    cart = addGeography(cart, { ...manchester, quantity: 98, product: plus });
    expect(cart.lines.map((line) => line.key)).toEqual(["+442079460001", "GB/local/GB-ENG-MANCHESTER-161/8"]);
    expect(numberCount(cart)).toBe(101);
    expect(numberCount(setQuantity(cart, "GB/local/GB-ENG-MANCHESTER-161/8", 0))).toBe(2);
  });

  it("keeps the Idempotency-Key for the same order and starts a new one when anything changes", () => {
    const keys = ["k1", "k2", "k3"];
    const next = () => keys.shift() ?? "none";
    let cart = addNumber(emptyCart, named("+442079460001"));
    cart = withAttempt(cart, "body-a", next);
    expect(withAttempt(cart, "body-a", next).attempt).toEqual({ key: "k1", fingerprint: "body-a" });
    expect(withAttempt(cart, "body-b", next).attempt).toEqual({ key: "k2", fingerprint: "body-b" });
    expect(addNumber(cart, named("+442079460002")).attempt).toBeNull();
  });

  it("marks numbers a 409 names and removes them on request", () => {
    let cart = addNumber(addNumber(emptyCart, named("+442079460001")), named("+442079460002"));
    const gone = unavailableNumbersFrom("number_e164=+442079460002,+449999999999");
    expect(gone).toEqual(["+442079460002", "+449999999999"]);
    cart = markUnavailable(cart, gone);
    expect(cart.lines).toHaveLength(2);
    cart = removeUnavailable(cart);
    expect(cart.lines.map((line) => line.key)).toEqual(["+442079460001"]);
    expect(cart.unavailable).toEqual([]);
    expect(removeLine(cart, "+442079460001").lines).toEqual([]);
  });
});

describe("the cart's starting values", () => {
  it("starts empty, with no attempt and nothing marked", () => {
    expect(emptyCart).toEqual({ lines: [], attempt: null, unavailable: [] });
  });

  it("keeps only the product fields a cart line shows", () => {
    const product: Product = {
      ...plus,
      included_minutes: "100",
      overage_fixed_rate_per_minute: "0.0100",
      overage_mobile_rate_per_minute: "0.0200",
      required_documents: [],
      standard_capacity: "2",
      geographic_restrictions: "none",
      mobile_accessible: "yes",
      outside_country_display: "yes",
      portable: "yes",
    };
    expect(toCartProduct(product)).toEqual(plus);
  });
});

describe("the cart with more than one line", () => {
  const leeds = {
    country: "GB",
    number_type: "local",
    region: "GB-ENG-LEEDS-113",
    region_name: "Leeds (0113)",
  };
  const manchesterKey = "GB/local/GB-ENG-MANCHESTER-161/8";
  const leedsKey = "GB/local/GB-ENG-LEEDS-113/7";
  const twoOfEach = () => {
    let cart = addNumber(addNumber(emptyCart, named("+442079460001")), named("+442079460002"));
    cart = addGeography(cart, { ...manchester, quantity: 3, product: plus });
    return addGeography(cart, { ...leeds, quantity: 5, product: basic });
  };
  const quantities = (cart: ReturnType<typeof twoOfEach>) =>
    cart.lines.map((line) => `${line.key} ${line.kind === "geography" ? line.quantity : "-"}`);

  it("sets the quantity of the one geography line named, and of no other line", () => {
    expect(quantities(setQuantity(twoOfEach(), leedsKey, 9))).toEqual([
      "+442079460001 -",
      "+442079460002 -",
      `${manchesterKey} 3`,
      `${leedsKey} 9`,
    ]);
    expect(setQuantity(twoOfEach(), "+442079460001", 9)).toEqual(twoOfEach());
  });

  it.each([
    [0, 1],
    [1, 1],
    [2.9, 2],
    [100, 100],
    [101, 100],
    [Number.NaN, 1],
  ])("keeps a quantity set to %d within 1 to 100 (%d)", (asked, kept) => {
    expect(quantities(setQuantity(twoOfEach(), manchesterKey, asked))).toEqual([
      "+442079460001 -",
      "+442079460002 -",
      `${manchesterKey} ${kept}`,
      `${leedsKey} 5`,
    ]);
  });

  it("removes the one line named and keeps the others", () => {
    expect(removeLine(twoOfEach(), "+442079460002").lines.map((line) => line.key)).toEqual([
      "+442079460001",
      manchesterKey,
      leedsKey,
    ]);
    expect(removeLine(twoOfEach(), manchesterKey).lines.map((line) => line.key)).toEqual([
      "+442079460001",
      "+442079460002",
      leedsKey,
    ]);
    expect(removeLine(twoOfEach(), "no such line").lines.map((line) => line.key)).toEqual([
      "+442079460001",
      "+442079460002",
      manchesterKey,
      leedsKey,
    ]);
  });

  it("sets the product of the one named line only", () => {
    const cart = setProduct(twoOfEach(), "+442079460002", plus);
    expect(cart.lines.map((line) => `${line.key} ${line.product?.id ?? "cheapest"}`)).toEqual([
      "+442079460001 cheapest",
      "+442079460002 8",
      `${manchesterKey} 8`,
      `${leedsKey} 7`,
    ]);
    expect(setProduct(twoOfEach(), manchesterKey, basic)).toEqual(twoOfEach());
  });

  // After a 409 the marked numbers stay marked while the person changes other lines, and a
  // marking goes only with its own line.
  it("keeps a 409's markings through changes to other lines", () => {
    const marked = markUnavailable(twoOfEach(), ["+442079460002"]);
    expect(setQuantity(marked, leedsKey, 2).unavailable).toEqual(["+442079460002"]);
    expect(removeLine(marked, manchesterKey).unavailable).toEqual(["+442079460002"]);
    expect(setProduct(marked, "+442079460001", plus).unavailable).toEqual(["+442079460002"]);
    expect(addNumber(marked, named("+442079460003")).unavailable).toEqual(["+442079460002"]);
    expect(addGeography(marked, { ...leeds, quantity: 1, product: plus }).unavailable).toEqual([
      "+442079460002",
    ]);
    expect(removeLine(marked, "+442079460002").unavailable).toEqual([]);
    expect(removeLine(marked, "+442079460001").unavailable).toEqual(["+442079460002"]);
  });

  it("marks each number once, keeping earlier markings", () => {
    const cart = markUnavailable(markUnavailable(twoOfEach(), ["+442079460001"]), [
      "+442079460002",
      "+442079460001",
    ]);
    expect(cart.unavailable).toEqual(["+442079460001", "+442079460002"]);
    expect(removeUnavailable(cart).lines.map((line) => line.key)).toEqual([manchesterKey, leedsKey]);
  });

  it("counts one for each named number and the quantity of each geography", () => {
    expect(numberCount(twoOfEach())).toBe(10);
    expect(numberCount(emptyCart)).toBe(0);
  });
});

describe("unavailableNumbersFrom (a 409's details)", () => {
  it.each<[string, string[]]>([
    ["number_e164=+442079460002", ["+442079460002"]],
    ["number_e164=+442079460002,+12125550123 more", ["+442079460002", "+12125550123"]],
    ["number_e164=+4420,x,+44a,44,x+44,", ["+4420"]],
    ["reason number_e164=+1", ["+1"]],
    ["", []],
    ["number=+442079460002", []],
  ])("%j → %j", (details, numbers) => {
    expect(unavailableNumbersFrom(details)).toEqual(numbers);
  });
});
