import { describe, expect, it } from "vitest";
import { newConfigurationId, newId, newReferenceId, type IdKind } from "@/lib/ids";

describe("newId", () => {
  it.each<[IdKind, RegExp]>([
    ["bundle", /^bnd_[0-9a-f]{32}$/],
    ["endUser", /^eu_[0-9a-f]{32}$/],
    ["event", /^evt_[0-9a-f]{32}$/],
    ["user", /^usr_[0-9a-f]{32}$/],
    ["webhook", /^wh_[0-9a-f]{32}$/],
  ])("names a %s with its prefix and 32 hex digits", (kind, shape) => {
    expect(newId(kind)).toMatch(shape);
  });

  it("cuts the random part to the digits asked for (tokens and sign-up use 20)", () => {
    expect(newId("apiToken", 20)).toMatch(/^tok_[0-9a-f]{20}$/);
    expect(newId("organization", 20)).toMatch(/^org_[0-9a-f]{20}$/);
  });

  it("gives a different id each time", () => {
    expect(new Set(Array.from({ length: 50 }, () => newId("job"))).size).toBe(50);
  });
});

describe("order and configuration ids", () => {
  it("are ORD- and 10 upper-case base32 characters, num_ and 16 lower-case ones", () => {
    expect(newReferenceId()).toMatch(/^ORD-[A-Z2-7]{10}$/);
    expect(newConfigurationId()).toMatch(/^num_[a-z2-7]{16}$/);
  });
});
