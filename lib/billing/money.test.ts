import { describe, expect, it } from "vitest";
import { allocate, formatMinor, toMinor } from "@/lib/billing/money";

describe("toMinor", () => {
  it.each([
    ["12.5", 1250n],
    ["12.50", 1250n],
    ["-3", -300n],
    [" 0.07 ", 7n],
    ["0", 0n],
    ["123456789012.99", 12345678901299n],
  ])("%s is %s minor units", (amount, minor) => {
    expect(toMinor(amount)).toBe(minor);
  });

  it("reads a Decimal through its toFixed(2)", () => {
    expect(toMinor({ toFixed: (places: number) => (9.99).toFixed(places) })).toBe(999n);
  });

  it.each(["1.234", "1.", ".5", "1,50", "ten", "", "+1", "1e3"])("refuses %j", (amount) => {
    expect(() => toMinor(amount)).toThrow(`not an amount with at most two decimals: ${amount.trim()}`);
  });
});

describe("formatMinor", () => {
  it.each([
    [1250n, "12.50"],
    [-300n, "-3.00"],
    [0n, "0.00"],
    [7n, "0.07"],
    [-7n, "-0.07"],
    [12345678901299n, "123456789012.99"],
  ])("%s is %s", (minor, text) => {
    expect(formatMinor(minor)).toBe(text);
    expect(toMinor(text)).toBe(minor);
  });
});

describe("allocate", () => {
  it("splits exactly, the leftover cents to the largest remainders, earliest first on a tie", () => {
    expect(allocate(100n, [1n, 1n, 1n])).toEqual([34n, 33n, 33n]);
    expect(allocate(1000n, [1n, 2n])).toEqual([333n, 667n]);
    expect(allocate(5n, [3n, 3n, 3n, 3n])).toEqual([2n, 1n, 1n, 1n]);
    expect(allocate(0n, [1n, 5n])).toEqual([0n, 0n]);
    expect(allocate(999n, [31n])).toEqual([999n]);
    expect(allocate(10n, [0n, 1n])).toEqual([0n, 10n]);
  });

  it("always adds up to the total", () => {
    for (const [total, weights] of [
      [999n, [17n, 14n]],
      [12345n, [7n, 11n, 13n, 17n]],
      [1n, [1n, 1n, 1n, 1n, 1n]],
    ] as const) {
      const parts = allocate(total, weights);
      expect(parts.reduce((a, b) => a + b, 0n)).toBe(total);
      expect(parts.every((part) => part >= 0n)).toBe(true);
    }
  });

  it("refuses weights that add up to nothing", () => {
    expect(() => allocate(100n, [0n, 0n])).toThrow("allocate needs a positive total weight");
    expect(() => allocate(100n, [])).toThrow("allocate needs a positive total weight");
  });
});
