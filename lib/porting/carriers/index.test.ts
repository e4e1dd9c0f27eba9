import { describe, expect, it } from "vitest";
import { parseEnv } from "@/lib/env";
import { losingCarrier } from "@/lib/porting/carriers";

describe("losingCarrier", () => {
  it.each([
    [undefined, "simulated"],
    ["simulated", "simulated"],
    ["manual", "manual"],
  ])("PORTING_CARRIER=%s → the %s adapter", (value, name) => {
    expect(losingCarrier(parseEnv({ PORTING_CARRIER: value })).name).toBe(name);
  });

  it("stops start-up with one line for any other value", () => {
    expect(() => parseEnv({ PORTING_CARRIER: "acme" })).toThrow(
      "Invalid environment: PORTING_CARRIER: PORTING_CARRIER must be simulated or manual",
    );
  });
});
