import { describe, expect, it } from "vitest";
import {
  describeE164,
  formatInternational,
  formatNational,
  isValidForType,
  keypadToDigits,
  nationalDigits,
  numberTypeIds,
  parseE164,
  type NumberTypeId,
} from "@/lib/reference/phone";

describe("isValidForType", () => {
  const cases: Array<[string, string, NumberTypeId, boolean]> = [
    // NANP geographic numbers are FIXED_LINE_OR_MOBILE: local and mobile both accept them.
    ["+12125550123", "US", "local", true],
    ["+12125550123", "US", "mobile", true],
    ["+12125550123", "US", "toll_free", false],
    ["+12125550123", "CA", "local", false],
    ["+14165550199", "CA", "local", true],
    ["+18005550100", "US", "toll_free", true],
    ["+18005550100", "US", "local", false],
    // libphonenumber gives shared NANP toll-free ranges to the US.
    ["+18005550100", "CA", "toll_free", false],
    ["+442079460000", "GB", "local", true],
    ["+442079460000", "GB", "mobile", false],
    ["+442079460000", "gb", "local", true],
    ["+442079460000", "IE", "local", false],
    ["+447400123456", "GB", "mobile", true],
    ["+447400123456", "GB", "local", false],
    ["+448001234567", "GB", "toll_free", true],
    ["+443001234567", "GB", "national", true],
    ["+33912345678", "FR", "national", true],
    ["+34902123456", "ES", "national", true],
    ["+611300123456", "AU", "national", true],
    // Premium rate is no number type of ours.
    ["+33812345678", "FR", "national", false],
    ["+4915112345678", "DE", "mobile", true],
    ["+390612345678", "IT", "local", true],
    // Ofcom's drama mobile range is not a valid number.
    ["+447700900123", "GB", "mobile", false],
    ["442079460000", "GB", "local", false],
    ["+44 20 7946 0000", "GB", "local", false],
    ["+4420", "GB", "local", false],
  ];
  it.each(cases)("%s in %s as %s → %s", (e164, country, type, expected) => {
    expect(isValidForType(e164, country, type)).toBe(expected);
  });

  it("knows exactly the four number types", () => {
    expect(numberTypeIds).toEqual(["local", "national", "mobile", "toll_free"]);
  });
});

describe("parseE164", () => {
  it.each([
    ["+12125550123", "+12125550123"],
    ["+442079460000", "+442079460000"],
    ["+390612345678", "+390612345678"],
    ["+61255501234", "+61255501234"],
  ])("accepts %s", (input, expected) => {
    expect(parseE164(input)).toBe(expected);
  });

  it.each([
    ["spaces", "+1 212 555 0123"],
    ["no plus", "12125550123"],
    ["00 prefix", "00442079460000"],
    ["seven digits", "+1234567"],
    ["sixteen digits", "+4420794600001234"],
    ["leading zero country code", "+0442079460000"],
    ["trailing letter", "+12125550123x"],
    ["invalid area code", "+10005550123"],
    ["fictional range rejected by libphonenumber", "+447700900123"],
    ["empty", ""],
  ])("rejects %s", (_label, input) => {
    expect(parseE164(input)).toBeNull();
  });
});

describe("formatting", () => {
  it.each([
    ["+12125550123", "2125550123", "(212) 555-0123", "+1 212 555 0123"],
    ["+442079460000", "2079460000", "020 7946 0000", "+44 20 7946 0000"],
    ["+33142685300", "142685300", "01 42 68 53 00", "+33 1 42 68 53 00"],
    ["+4930901820", "30901820", "030 901820", "+49 30 901820"],
    ["+390612345678", "0612345678", "06 1234 5678", "+39 06 1234 5678"],
    ["+61291234567", "291234567", "(02) 9123 4567", "+61 2 9123 4567"],
  ])("%s", (e164, national, nationalFormat, internationalFormat) => {
    expect(nationalDigits(e164)).toBe(national);
    expect(formatNational(e164)).toBe(nationalFormat);
    expect(formatInternational(e164)).toBe(internationalFormat);
  });

  it("refuses what is not E.164", () => {
    expect(() => formatNational("020 7946 0000")).toThrow(RangeError);
    expect(() => nationalDigits("+44")).toThrow("Not an E.164 number: +44");
  });

  it("describes a number", () => {
    expect(describeE164("+447400123456")).toEqual({
      countryId: "GB",
      callingCode: "44",
      nationalNumber: "7400123456",
      type: "MOBILE",
    });
    expect(describeE164("+10005550123")).toEqual({
      countryId: null,
      callingCode: "1",
      nationalNumber: "0005550123",
      type: null,
    });
    expect(describeE164("101")).toBeNull();
  });
});

describe("keypadToDigits", () => {
  it.each([
    ["CALL", "2255"],
    ["call", "2255"],
    ["1-800-FLOWERS", "18003569377"],
    ["+44 20 7946", "44207946"],
    ["ABCDEFGHIJKLMNOPQRSTUVWXYZ", "22233344455566677778889999"],
    ["0123456789", "0123456789"],
    ["ß é", ""],
    ["", ""],
  ])("%s → %s", (text, digits) => {
    expect(keypadToDigits(text)).toBe(digits);
  });
});
