import { describe, expect, it } from "vitest";
import {
  checkoutFieldOf,
  listWords,
  orderFailedWords,
  quantityBlockWords,
  refusedField,
} from "@/components/cart/checkout-words";
import { ApiClientError } from "@/components/hooks/api-fetch";

describe("checkoutFieldOf", () => {
  it.each([
    [["contact_name"], "contact_name"],
    [["reference_number"], "reference_number"],
    [["items", 0, "quantity"], null],
    [[], null],
    ["body.contact_name=", "contact_name"],
    ["body.reference_number=xxxxxxxx", "reference_number"],
    ["body.items.0.quantity=500", null],
    ["query.contact_name=x", null],
    ["", null],
  ] as const)("%j → %s", (where, field) => {
    expect(checkoutFieldOf(where)).toBe(field);
  });
});

describe("refusedField", () => {
  const refusal = (status: number, details: string) =>
    new ApiClientError(status, { message: "x", error: { code: "invalid_parameter", message: "x", details } });
  it.each([
    [refusal(400, "body.contact_name=   "), "contact_name"],
    [refusal(400, "body.items.1.number_e164=+1"), null],
    [refusal(503, "body.contact_name="), null],
    [new Error("offline"), null],
  ] as const)("%#", (error, field) => {
    expect(refusedField(error)).toBe(field);
  });
});

describe("words", () => {
  it("a failed order says first that nothing was ordered", () => {
    expect(orderFailedWords("The service is busy.")).toBe("Nothing was ordered. The service is busy.");
  });
  it.each([
    [
      ["Manchester"],
      "Nothing was ordered. Fix the quantity in Manchester first: each line takes a whole number from 1 to 100.",
    ],
    [
      ["Manchester", "Leeds"],
      "Nothing was ordered. Fix the quantities in Manchester and Leeds first: each line takes a whole number from 1 to 100.",
    ],
  ])("quantityBlockWords(%j)", (regions, words) => {
    expect(quantityBlockWords(regions)).toBe(words);
  });
  it.each([
    [["A"], "A"],
    [["A", "B"], "A and B"],
    [["A", "B", "C"], "A, B and C"],
  ])("listWords(%j) = %s", (items, words) => {
    expect(listWords(items)).toBe(words);
  });
});
