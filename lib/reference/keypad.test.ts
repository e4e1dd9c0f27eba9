import { describe, expect, it } from "vitest";
import { keypadToDigits } from "@/lib/reference/keypad";

// E.161: every letter on its key, digits kept, everything else dropped.
describe("keypadToDigits", () => {
  it.each<[string, string]>([
    ["", ""],
    ["0123456789", "0123456789"],
    ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", "22233344455566677778889999"],
    ["abcdefghijklmnopqrstuvwxyz", "22233344455566677778889999"],
    ["CALL", "2255"],
    ["1-800-FLOWERS", "18003569377"],
    ["+44 (20) 7946.0001", "442079460001"],
    ["/:@[`{", ""],
    ["ß", ""],
    ["É1", "1"],
    ["٣", ""],
  ])("%j → %j", (text, digits) => {
    expect(keypadToDigits(text)).toBe(digits);
  });
});
