import { describe, expect, it } from "vitest";
import { formatAmount, kindWordsOf, supportActionsFor } from "@/components/billing/billing-words";

describe("billing in words", () => {
  it("writes the API's amounts as money, a charge with its minus", () => {
    expect(formatAmount("-12.50", "GBP")).toBe("-£12.50");
    expect(formatAmount("1234.5", "GBP")).toBe("£1,234.50");
    expect(formatAmount("0.00", "EUR")).toBe("€0.00");
  });

  it("offers support only the moves the invoice's state allows", () => {
    expect(supportActionsFor("open")).toEqual(["void", "mark_uncollectible"]);
    expect(supportActionsFor("uncollectible")).toEqual(["void"]);
    for (const status of ["draft", "paid", "void"] as const) expect(supportActionsFor(status)).toEqual([]);
  });

  it("names each ledger kind, and shows an unknown one as it is", () => {
    expect(kindWordsOf("prorated_fee")).toBe("Rest of the month");
    expect(kindWordsOf("adjustment")).toBe("adjustment");
  });
});
