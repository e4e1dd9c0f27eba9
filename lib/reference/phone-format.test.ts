import { describe, expect, it } from "vitest";
import {
  formatInternational as maxInternational,
  formatNational as maxNational,
} from "@/lib/reference/phone";
import { formatInternational, formatNational } from "@/lib/reference/phone-format";
import { demoRules } from "@/prisma/seed/data/demo-rules";
import { regions } from "@/prisma/seed/data/regions";
import { generateNumbers } from "@/prisma/seed/numbers";

// The browser formats with libphonenumber's "min" metadata, the server (names of sold
// numbers, imports) with "max": a person must read the same thing from both.
describe("formatting with the min metadata", () => {
  // The seed cycles through its regions, so a few rounds hold every country, type and region.
  const numbers = generateNumbers(regions.length * 3).map((number) => number.numberE164);

  it("covers every seeded region", () => {
    expect(numbers.length).toBe(regions.length * 3);
  });

  it("writes every seeded number as the max metadata does", () => {
    const differing = numbers.filter(
      (e164) =>
        formatNational(e164) !== maxNational(e164) || formatInternational(e164) !== maxInternational(e164),
    );
    expect(differing).toEqual([]);
  });

  it("writes the demo rules' dial destinations as the max metadata does", () => {
    const destinations = Object.values(demoRules)
      .flat()
      .flatMap((rule) =>
        rule.action.type === "dial" && rule.action.destination.startsWith("+")
          ? [rule.action.destination]
          : [],
      );
    expect(destinations.length).toBeGreaterThan(0);
    expect(destinations.map(formatInternational)).toEqual(destinations.map(maxInternational));
  });

  it.each([
    ["+12125550123", "(212) 555-0123", "+1 212 555 0123"],
    ["+442079460000", "020 7946 0000", "+44 20 7946 0000"],
    ["+33142685300", "01 42 68 53 00", "+33 1 42 68 53 00"],
    ["+61291234567", "(02) 9123 4567", "+61 2 9123 4567"],
  ])("%s", (e164, national, international) => {
    expect(formatNational(e164)).toBe(national);
    expect(formatInternational(e164)).toBe(international);
  });

  it("refuses what is not E.164", () => {
    expect(() => formatNational("020 7946 0000")).toThrow(RangeError);
    expect(() => formatInternational("+44")).toThrow("Not an E.164 number: +44");
  });
});
