import { describe, expect, it } from "vitest";
import { addGeography, addNumber, emptyCart } from "@/lib/cart/cart";
import { cheapestProduct, orderInput, priceSummary, toMinorUnits } from "@/lib/cart/checkout";
import { orderRequestSchema } from "@/lib/schemas/orders";
import { basic, manchester, named, plus } from "@/lib/cart/cart-fixtures";

// Checkout from the cart: the product POST /order would pick, the price summary, and the order's body.

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
