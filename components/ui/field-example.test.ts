import { describe, expect, it } from "vitest";
import { fieldExample } from "@/components/ui/field-example";

// The example beside a date field is written as that field shows dates.
const moment = new Date("2026-11-29T22:00:00Z");

describe("fieldExample", () => {
  it.each([
    { type: "date", locale: "en-US", expected: "11/29/2026" },
    { type: "date", locale: "en-GB", expected: "29/11/2026" },
    { type: "date", locale: "de-DE", expected: "29.11.2026" },
    { type: "datetime-local", locale: "en-US", expected: "11/29/2026, 10:00 PM" },
    { type: "datetime-local", locale: "en-GB", expected: "29/11/2026, 22:00" },
    { type: "datetime-local", locale: "de-DE", expected: "29.11.2026, 22:00" },
  ] as const)("$type in $locale reads $expected", ({ type, locale, expected }) => {
    expect(fieldExample(moment, type, { locale, timeZone: "UTC" })).toBe(expected);
  });

  it("reads the wall clock of the zone it is given", () => {
    expect(fieldExample(moment, "datetime-local", { locale: "en-GB", timeZone: "America/New_York" })).toBe(
      "29/11/2026, 17:00",
    );
  });
});
