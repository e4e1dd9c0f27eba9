import { describe, expect, it } from "vitest";
import {
  addGeography,
  addNumber,
  emptyCart,
  markUnavailable,
  numberCount,
  parseCart,
  removeLine,
  removeUnavailable,
  setQuantity,
  unavailableNumbersFrom,
  withAttempt,
  type CartProduct,
} from "@/lib/cart/cart";
import { cheapestProduct, orderInput, priceSummary, toMinorUnits } from "@/lib/cart/checkout";
import { orderRequestSchema } from "@/lib/schemas/orders";

const basic: CartProduct = { id: "7", name: "Local Basic", currency: "GBP", monthly_fee: "1.00", setup_fee: "0", estimated_lead_time: "1 day" };
const plus: CartProduct = { id: "8", name: "Local Plus", currency: "GBP", monthly_fee: "2.50", setup_fee: "5.00", estimated_lead_time: "1 day" };
const named = (number: string) => ({ number_e164: number, country: "GB", number_type: "local", region: "GB-ENG-LONDON-20", region_name: "London (020)" });
const manchester = { country: "GB", number_type: "local", region: "GB-ENG-MANCHESTER-161", region_name: "Manchester (0161)" };

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

describe("checkout", () => {
  it("picks the cheapest product as POST /order would: monthly fee, then setup fee, then id", () => {
    const products = [
      { id: "9", monthly_fee: "1.00", setup_fee: "2.00" },
      { id: "12", monthly_fee: "1.00", setup_fee: "0" },
      { id: "10", monthly_fee: "1.00", setup_fee: "0" },
      { id: "3", monthly_fee: "4.50", setup_fee: "0" },
    ];
    expect(cheapestProduct(products)?.id).toBe("10");
    expect(cheapestProduct([])).toBeNull();
  });

  it.each([
    ["0", 0],
    ["4.50", 450],
    ["12", 1200],
    ["0.5", 50],
    ["1999.99", 199999],
  ])("%s is %i minor units", (amount, minor) => {
    expect(toMinorUnits(amount)).toBe(minor);
  });

  it("sums setup now and monthly after, per currency, exactly", () => {
    const line = addGeography(emptyCart, { ...manchester, quantity: 3, product: plus }).lines[0];
    const totals = priceSummary([
      { line, product: plus, quantity: 3 },
      { line, product: basic, quantity: 1 },
      { line, product: { ...basic, currency: "USD", monthly_fee: "0.10" }, quantity: 3 },
    ]);
    expect(totals).toEqual([
      { currency: "GBP", setupNow: 1500, monthly: 850, numbers: 4 },
      { currency: "USD", setupNow: 0, monthly: 30, numbers: 3 },
    ]);
  });

  it("builds a body POST /order's own schema accepts, and refuses what the API would", () => {
    const cart = addGeography(addNumber(emptyCart, named("+442079460001")), { ...manchester, quantity: 2, product: plus });
    const lines = cart.lines.map((line) => ({ line, product: line.kind === "number" ? basic : line.product, quantity: line.kind === "number" ? 1 : line.quantity }));
    const parsed = orderRequestSchema.safeParse(orderInput(lines, { contact_name: " Alex ", reference_number: "" }));
    expect(parsed.success && parsed.data).toEqual({
      contact_name: "Alex",
      items: [
        { number_e164: "+442079460001", product_id: 7 },
        { country: "GB", number_type: "local", region: "GB-ENG-MANCHESTER-161", product_id: 8, quantity: 2 },
      ],
    });
    const refused = orderRequestSchema.safeParse(orderInput(lines, { contact_name: "  ", reference_number: "x".repeat(101) }));
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.path.join("."))).toEqual(["contact_name", "reference_number"]);
  });
});

describe("parseCart (what localStorage hands back)", () => {
  const numberLine = { kind: "number", key: "+442079460001", ...named("+442079460001"), product: null };
  const geographyLine = { kind: "geography", key: "GB/local/GB-ENG-MANCHESTER-161/8", ...manchester, quantity: 3, product: plus };
  const stored = { lines: [numberLine, geographyLine], attempt: { key: "k1", fingerprint: "body-a" }, unavailable: ["+442079460001"] };

  it("reads back what the cart functions write", () => {
    const cart = markUnavailable(withAttempt(addGeography(addNumber(emptyCart, named("+442079460001")), { ...manchester, quantity: 3, product: plus }), "body-a", () => "k1"), ["+442079460001"]);
    expect(parseCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
    expect(parseCart(stored)).toEqual(stored);
    expect(parseCart(emptyCart)).toEqual(emptyCart);
  });

  it("drops fields it does not know", () => {
    const extra = { ...stored, version: 2, lines: [{ ...numberLine, note: "x", product: { ...basic, included_minutes: "100" } }] };
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
    ["a named line without its number", { ...stored, lines: [{ ...numberLine, number_e164: undefined }] }],
    ["a named line without its product", { ...stored, lines: [{ ...numberLine, product: undefined }] }],
    ["a named line with half a product", { ...stored, lines: [{ ...numberLine, product: { id: "7" } }] }],
    ["a geography line without a product", { ...stored, lines: [{ ...geographyLine, product: null }] }],
    ["a geography line without a region name", { ...stored, lines: [{ ...geographyLine, region_name: undefined }] }],
    ["a quantity of 0", { ...stored, lines: [{ ...geographyLine, quantity: 0 }] }],
    ["a quantity over 100", { ...stored, lines: [{ ...geographyLine, quantity: 101 }] }],
    ["a fractional quantity", { ...stored, lines: [{ ...geographyLine, quantity: 1.5 }] }],
    ["a quantity in a string", { ...stored, lines: [{ ...geographyLine, quantity: "3" }] }],
  ])("refuses %s", (_label, value) => {
    expect(parseCart(value)).toBeNull();
  });
});
