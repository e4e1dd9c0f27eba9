import { describe, expect, it } from "vitest";
import { passwordProblem } from "@/lib/auth/password-policy";

describe("passwordProblem", () => {
  it.each([
    ["short", "The password must have at least 12 characters; this one has 5."],
    ["x".repeat(129), "The password may have at most 128 characters; this one has 129."],
    ["qwerty123456", expect.stringContaining("common or breached") as unknown as string],
    ["QWERTY123456", expect.stringContaining("common or breached") as unknown as string],
    ["Sunshine2024!", expect.stringContaining("common or breached") as unknown as string],
    ["!!password1234", expect.stringContaining("common or breached") as unknown as string],
    ["abababababab", "The password repeats too few different characters; choose a longer mix."],
  ])("refuses %s", (password, message) => {
    expect(passwordProblem(password)).toEqual(message);
  });

  it.each(["correct horse battery", "Tg7#mK2!pQ9z", "x".repeat(10) + "yzwv", "é".repeat(3) + "ab cdefghij"])(
    "accepts %s",
    (password) => {
      expect(passwordProblem(password)).toBeNull();
    },
  );

  it("counts characters, not UTF-16 units: 11 emoji are too few", () => {
    expect(passwordProblem("😀".repeat(11))).toBe(
      "The password must have at least 12 characters; this one has 11.",
    );
  });
});
