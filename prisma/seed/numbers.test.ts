import { describe, expect, it } from "vitest";
import { isValidForType } from "@/lib/reference/phone";
import { offerFor } from "@/prisma/seed/data/offers";
import { regions } from "@/prisma/seed/data/regions";
import { DEFAULT_NUMBER_SEED, generateNumbers } from "@/prisma/seed/numbers";
import { mulberry32 } from "@/prisma/seed/prng";

const SAMPLE = 20_000;
const numbers = generateNumbers(SAMPLE);
const regionById = new Map(regions.map((region) => [region.id, region]));

describe("mulberry32", () => {
  it("is the published algorithm: same seed, same sequence, values in [0, 1)", () => {
    const first = mulberry32(1);
    const values = [first(), first(), first()];
    expect(values).toEqual([0.6270739405881613, 0.002735721180215478, 0.5274470399599522]);
    const again = mulberry32(1);
    expect([again(), again(), again()]).toEqual(values);
  });
});

describe("generateNumbers", () => {
  it("makes exactly the count asked for, all distinct", () => {
    expect(numbers).toHaveLength(SAMPLE);
    expect(new Set(numbers.map((number) => number.numberE164)).size).toBe(SAMPLE);
    expect(generateNumbers(0)).toEqual([]);
  });

  it("is deterministic, and a longer run starts with the shorter one", () => {
    const short = generateNumbers(500, { seed: DEFAULT_NUMBER_SEED });
    expect(short).toEqual(numbers.slice(0, 500));
    const other = generateNumbers(500, { seed: DEFAULT_NUMBER_SEED + 1 });
    expect(other.map((number) => number.numberE164)).not.toEqual(short.map((number) => number.numberE164));
  });

  it("makes numbers valid for their country and type that start with their region's prefix", () => {
    const wrong = numbers.filter((number) => {
      const region = regionById.get(number.regionId);
      return (
        !region ||
        region.countryId !== number.countryId ||
        region.numberTypeId !== number.numberTypeId ||
        !number.nationalNumber.startsWith(region.prefix) ||
        number.nationalNumber.length !== region.nationalLength ||
        number.numberE164 !==
          `+${number.numberE164.slice(1, -number.nationalNumber.length)}${number.nationalNumber}` ||
        !isValidForType(number.numberE164, number.countryId, number.numberTypeId)
      );
    });
    expect(wrong).toEqual([]);
  });

  it("stocks every region within the first 3,000 numbers", () => {
    const stocked = new Set(numbers.slice(0, 3_000).map((number) => number.regionId));
    expect(regions.filter((region) => !stocked.has(region.id)).map((region) => region.id)).toEqual([]);
  });

  it("mixes capabilities and document requirements as the offers say", () => {
    expect(numbers.filter((number) => !number.smsEnabled && !number.voiceEnabled)).toEqual([]);
    const mobile = numbers.filter((number) => number.numberTypeId === "mobile");
    expect(mobile.every((number) => number.smsEnabled)).toBe(true);
    const voiceShare = numbers.filter((number) => number.voiceEnabled).length / SAMPLE;
    expect(voiceShare).toBeGreaterThan(0.95);
    expect(voiceShare).toBeLessThan(0.99);
    for (const number of numbers) {
      const documents = offerFor(number.countryId, number.numberTypeId).documents;
      expect(number.requiredDocumentIds).toEqual(
        documents.length > 0 || number.requiredDocumentIds.length === 0 ? documents : ["proof_of_address"],
      );
    }
    const counts = new Set(numbers.map((number) => number.requiredDocumentIds.length));
    expect([...counts].sort()).toEqual([0, 1, 2]);
  });
});
