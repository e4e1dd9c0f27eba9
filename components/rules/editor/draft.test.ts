import { describe, expect, it } from "vitest";
import { normalizeDestination } from "@/components/rules/editor/draft";

// A destination field takes both shapes: a phone number as people write it,
// and a sip: address whose host may carry dashes.

describe("normalizeDestination", () => {
  it.each([
    { typed: "+1 (212) 555-0123", kept: "+12125550123" },
    { typed: " +44 20 7946 0000 ", kept: "+442079460000" },
    { typed: "sip:front-desk@pbx-1.example.com", kept: "sip:front-desk@pbx-1.example.com" },
    { typed: "  sip:desk@pbx.example ", kept: "sip:desk@pbx.example" },
    { typed: "SIP:desk@pbx.example", kept: "SIP:desk@pbx.example" },
    { typed: "si", kept: "si" },
    { typed: "", kept: "" },
  ])("$typed → $kept", ({ typed, kept }) => {
    expect(normalizeDestination(typed)).toBe(kept);
  });
});
