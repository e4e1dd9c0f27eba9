import { describe, expect, it } from "vitest";
import { fromZonedInput, toZonedInput } from "@/components/rules/zoned-time";

// A typed time is read in the number's zone, whatever the browser's.

describe("fromZonedInput", () => {
  it.each([
    // 10:00 on a Tuesday in New York is 14:00 UTC (daylight time from 8 March), wherever the browser is.
    { text: "2026-03-10T10:00", zone: "America/New_York", iso: "2026-03-10T14:00:00.000Z" },
    { text: "2026-03-03T10:00", zone: "America/New_York", iso: "2026-03-03T15:00:00.000Z" },
    { text: "2026-07-10T10:00", zone: "America/New_York", iso: "2026-07-10T14:00:00.000Z" },
    { text: "2026-11-29T22:00", zone: "Australia/Sydney", iso: "2026-11-29T11:00:00.000Z" },
    { text: "2026-03-10T10:00", zone: "UTC", iso: "2026-03-10T10:00:00.000Z" },
  ])("$text in $zone → $iso", ({ text, zone, iso }) => {
    expect(fromZonedInput(text, zone)?.toISOString()).toBe(iso);
  });

  it.each([
    "",
    "2026-03-10",
    "2026-03-10T10",
    "2026-13-01T10:00",
    "2026-03-00T10:00",
    "2026-03-10T24:00",
    "2026-03-10T10:60",
  ])("%j is not a time", (text) => {
    expect(fromZonedInput(text, "Europe/London")).toBeNull();
  });
});

describe("toZonedInput", () => {
  it.each([
    { iso: "2026-03-10T14:00:00Z", zone: "America/New_York", text: "2026-03-10T10:00" },
    { iso: "2026-03-03T15:00:00Z", zone: "America/New_York", text: "2026-03-03T10:00" },
    { iso: "2026-11-29T11:00:00Z", zone: "Australia/Sydney", text: "2026-11-29T22:00" },
    { iso: "2026-01-01T00:05:00Z", zone: "UTC", text: "2026-01-01T00:05" },
  ])("$iso in $zone → $text", ({ iso, zone, text }) => {
    expect(toZonedInput(new Date(iso), zone)).toBe(text);
  });
});
