import { describe, expect, it } from "vitest";
import { quantityProblem } from "@/lib/cart/quantity";

describe("quantityProblem", () => {
  it.each([
    ["", "Enter how many numbers you want: a whole number from 1 to 100."],
    ["  ", "Enter how many numbers you want: a whole number from 1 to 100."],
    ["abc", "Enter a whole number from 1 to 100."],
    ["2.5", "2.5 is not a whole number. Enter a whole number from 1 to 100."],
    ["0", "0 is too few: enter a whole number from 1 to 100."],
    ["-3", "-3 is too few: enter a whole number from 1 to 100."],
    ["150", "150 is more than one order line takes: enter a whole number from 1 to 100."],
    ["101", "101 is more than one order line takes: enter a whole number from 1 to 100."],
  ])("%j is refused: %s", (raw, message) => {
    expect(quantityProblem(raw)).toBe(message);
  });

  it.each(["1", "7", "100"])("%j can be ordered", (raw) => {
    expect(quantityProblem(raw)).toBeNull();
  });
});
