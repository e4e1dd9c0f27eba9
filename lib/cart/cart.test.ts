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
  setProduct,
  setQuantity,
  toCartProduct,
  unavailableNumbersFrom,
  withAttempt,
  type CartProduct,
} from "@/lib/cart/cart";
import { cheapestProduct, orderInput, priceSummary, toMinorUnits } from "@/lib/cart/checkout";
import { orderRequestSchema } from "@/lib/schemas/orders";
import type { Product } from "@/lib/schemas/products";

const basic: CartProduct = {
  id: "7",
  name: "Local Basic",
  currency: "GBP",
  monthly_fee: "1.00",
  setup_fee: "0",
  estimated_lead_time: "1 day",
};
const plus: CartProduct = {
  id: "8",
  name: "Local Plus",
  currency: "GBP",
  monthly_fee: "2.50",
  setup_fee: "5.00",
  estimated_lead_time: "1 day",
};
const named = (number: string) => ({
  number_e164: number,
  country: "GB",
  number_type: "local",
  region: "GB-ENG-LONDON-20",
  region_name: "London (020)",
});
const manchester = {
  country: "GB",
  number_type: "local",
  region: "GB-ENG-MANCHESTER-161",
  region_name: "Manchester (0161)",
};

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
    const cart = addGeography(addNumber(emptyCart, named("+442079460001")), {
      ...manchester,
      quantity: 2,
      product: plus,
    });
    const lines = cart.lines.map((line) => ({
      line,
      product: line.kind === "number" ? basic : line.product,
      quantity: line.kind === "number" ? 1 : line.quantity,
    }));
    const parsed = orderRequestSchema.safeParse(
      orderInput(lines, { contact_name: " Alex ", reference_number: "" }),
    );
    expect(parsed.success && parsed.data).toEqual({
      contact_name: "Alex",
      items: [
        { number_e164: "+442079460001", product_id: 7 },
        { country: "GB", number_type: "local", region: "GB-ENG-MANCHESTER-161", product_id: 8, quantity: 2 },
      ],
    });
    const refused = orderRequestSchema.safeParse(
      orderInput(lines, { contact_name: "  ", reference_number: "x".repeat(101) }),
    );
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.path.join("."))).toEqual([
      "contact_name",
      "reference_number",
    ]);
  });
});

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
