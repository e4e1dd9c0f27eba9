import { describe, expect, it } from "vitest";
import { invoicePdfHref, ledgerCsvHref, ledgerFiltersFrom } from "@/components/hooks/billing-filters";

describe("the ledger's filters in the page's address", () => {
  it("reads the filters named, drops empty ones, and keeps the page", () => {
    const params = new URLSearchParams(
      "currency=GBP&kind=&from=2026-10-01&to=2026-11-01&ledger_offset=50&x=1",
    );
    expect(ledgerFiltersFrom(params, 50, null)).toEqual({
      currency: "GBP",
      from: "2026-10-01",
      to: "2026-11-01",
      limit: 50,
      offset: 50,
    });
  });

  it("names support's organization, and reads a bad offset as the first page", () => {
    expect(ledgerFiltersFrom(new URLSearchParams("ledger_offset=-3"), 20, "org_acme")).toEqual({
      organization_id: "org_acme",
      limit: 20,
      offset: 0,
    });
    expect(ledgerFiltersFrom(new URLSearchParams("ledger_offset=abc"), 20, null).offset).toBe(0);
  });

  it("makes the CSV link of the same filters, without the page", () => {
    const filters = ledgerFiltersFrom(
      new URLSearchParams("kind=recurring_fee&currency=GBP&ledger_offset=50"),
      50,
      null,
    );
    expect(ledgerCsvHref(filters)).toBe("/api/v2/billing/ledger?currency=GBP&kind=recurring_fee&format=csv");
  });
});

describe("an invoice's PDF", () => {
  it("is the route's address, with support's organization when there is one", () => {
    expect(invoicePdfHref("in_1", null)).toBe("/api/v2/invoices/in_1/pdf");
    expect(invoicePdfHref("in_1", "org_acme")).toBe("/api/v2/invoices/in_1/pdf?organization_id=org_acme");
  });
});
