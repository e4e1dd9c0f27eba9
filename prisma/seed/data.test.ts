import { describe, expect, it } from "vitest";
import { numberTypeIds } from "@/lib/reference/phone";
import { countries } from "@/prisma/seed/data/countries";
import { destinations } from "@/prisma/seed/data/destinations";
import { documentTypes } from "@/prisma/seed/data/document-types";
import { numberTypes } from "@/prisma/seed/data/number-types";
import { offers } from "@/prisma/seed/data/offers";
import { leadTimeText, products } from "@/prisma/seed/data/products";
import { regionIdPart, regions } from "@/prisma/seed/data/regions";
import { countryNumberTypes } from "@/prisma/seed/reference";
import { demoRules } from "@/prisma/seed/data/demo-rules";
import { demoExtensions, demoOwnedNumbers, seedOrderReferenceId } from "@/prisma/seed/fixtures";

describe("seed data", () => {
  it("has the four number types in order and distinct document types", () => {
    expect(numberTypes.map((type) => [type.id, type.sortOrder])).toEqual([
      ["local", 1],
      ["national", 2],
      ["mobile", 3],
      ["toll_free", 4],
    ]);
    expect(numberTypes.map((type) => type.id).sort()).toEqual([...numberTypeIds].sort());
    expect(new Set(documentTypes.map((type) => type.id)).size).toBe(documentTypes.length);
    expect(documentTypes.length).toBeGreaterThanOrEqual(5);
  });

  it("has real-looking countries with unique ids", () => {
    expect(countries).toHaveLength(14);
    expect(new Set(countries.map((country) => country.id)).size).toBe(14);
    for (const country of countries) {
      expect(country.id).toMatch(/^[A-Z]{2}$/);
      expect(country.callingCode).toMatch(/^[1-9]\d{0,2}$/);
      expect(country.currency).toMatch(/^[A-Z]{3}$/);
      expect(country.bestRateDialPrefix.startsWith(`+${country.callingCode}`)).toBe(true);
    }
  });

  it("names regions by docs/CONTRACT.md §4", () => {
    expect(new Set(regions.map((region) => region.id)).size).toBe(regions.length);
    expect(regions.length).toBeGreaterThanOrEqual(100);
    expect(regions.length).toBeLessThanOrEqual(150);
    for (const region of regions) {
      if (region.numberTypeId === "local") {
        expect(region.id).toBe(
          `${region.countryId}-${region.state}-${regionIdPart(region.city!)}-${region.id.split("-").at(-1)}`,
        );
        expect(region.id).toMatch(/^[A-Z]{2}-[A-Z0-9]{1,3}-[A-Z_]+-\d{1,4}$/);
        expect(region.prefix.startsWith(region.id.split("-").at(-1)!)).toBe(true);
      } else {
        expect(region.id).toBe(`${region.countryId}-${region.numberTypeId.toUpperCase()}-${region.prefix}`);
        expect([region.state, region.city]).toEqual([null, null]);
      }
    }
    const byId = new Map(regions.map((region) => [region.id, region.name]));
    expect(byId.get("US-NY-NEW_YORK-212")).toBe("New York, NY (212)");
    expect(byId.get("GB-ENG-LONDON-20")).toBe("London (020)");
    expect(byId.get("DE-NW-DUSSELDORF-211")).toBe("Düsseldorf (0211)");
    expect(byId.get("IT-RM-ROME-06")).toBe("Rome (06)");
    expect(byId.get("US-TOLL_FREE-800")).toBe("Toll-free (800)");
    expect(byId.get("GB-MOBILE-7")).toBe("Mobile (07)");
    expect(byId.get("GB-NATIONAL-3")).toBe("National (03)");
  });

  it("gives every country 5 to 12 local regions and an offer for each type it has regions of", () => {
    for (const country of countries) {
      const local = regions.filter(
        (region) => region.countryId === country.id && region.numberTypeId === "local",
      );
      expect(local.length).toBeGreaterThanOrEqual(5);
      expect(local.length).toBeLessThanOrEqual(12);
    }
    const offered = Object.entries(offers).flatMap(([countryId, byType]) =>
      Object.keys(byType).map((type) => `${countryId}:${type}`),
    );
    expect(offered.sort()).toEqual(
      countryNumberTypes.map((pair) => `${pair.countryId}:${pair.numberTypeId}`).sort(),
    );
  });

  it("prices 1 to 3 products a region exactly, in the country's currency", () => {
    const documentIds = new Set(documentTypes.map((type) => type.id));
    for (const region of regions) {
      const own = products.filter((product) => product.regionId === region.id);
      expect(own.length).toBeGreaterThanOrEqual(1);
      expect(own.length).toBeLessThanOrEqual(3);
    }
    for (const product of products) {
      expect(product.currency).toBe(countries.find((country) => country.id === product.countryId)!.currency);
      expect(product.monthlyFee).toMatch(/^\d+\.\d{2}$/);
      expect(product.setupFee).toMatch(/^\d+\.\d{2}$/);
      expect(product.overageFixedRatePerMinute).toMatch(/^0\.\d{4}$/);
      expect(product.overageMobileRatePerMinute).toMatch(/^0\.\d{4}$/);
      expect(product.estimatedLeadTime).toBe(leadTimeText(product.leadTimeDays));
      expect(product.portable).toMatch(/^Yes, see https:\/\/\S+/);
      for (const id of product.documentTypeIds) expect(documentIds.has(id)).toBe(true);
    }
    expect(products.some((product) => product.documentTypeIds.length === 0)).toBe(true);
    expect(products.some((product) => product.documentTypeIds.length === 2)).toBe(true);
  });

  it("lists destinations per sold pair: own country first, every country, then SIP and voicemail", () => {
    for (const { countryId, numberTypeId } of countryNumberTypes) {
      const rows = destinations
        .filter((row) => row.countryId === countryId && row.numberTypeId === numberTypeId)
        .sort((a, b) => a.sortOrder - b.sortOrder);
      expect(rows.map((row) => row.code)).toEqual([
        countryId,
        ...countries.filter((country) => country.id !== countryId).map((country) => country.id),
        "SIP",
        "VOICEMAIL",
      ]);
      expect(rows.map((row) => row.requiresUserInput)).toEqual([...countries.map(() => true), true, false]);
    }
    const gb = destinations.find(
      (row) => row.countryId === "US" && row.numberTypeId === "local" && row.code === "GB",
    )!;
    expect([gb.name, gb.defaultDestination, gb.bestRateDialPrefix]).toEqual([
      "United Kingdom",
      "+44",
      "+4420",
    ]);
  });

  it("keeps fixtures, regions and demo rules in step", () => {
    const regionIds = new Set(regions.map((region) => region.id));
    expect(demoOwnedNumbers.filter((owned) => !regionIds.has(owned.regionId))).toEqual([]);
    const configurationIds = [...demoOwnedNumbers, ...demoExtensions].map((entry) => entry.id);
    expect(new Set(configurationIds).size).toBe(configurationIds.length);
    expect(Object.keys(demoRules).sort()).toEqual([...configurationIds].sort());
    for (const extension of demoExtensions) expect(extension.number).toMatch(/^\d{2,8}$/);
    // Pinned: tests and bookmarks may hold these ids, so the derivation must not change.
    expect(seedOrderReferenceId("num_acme_main")).toBe("ORD-OCCHO6HESU");
    expect(demoOwnedNumbers.every((owned) => /^ORD-[A-Z2-7]{10}$/.test(owned.orderReferenceId))).toBe(true);
    expect(new Set(demoOwnedNumbers.map((owned) => owned.orderReferenceId)).size).toBe(
      demoOwnedNumbers.length,
    );
  });
});
