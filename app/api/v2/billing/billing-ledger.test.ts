import { beforeAll, describe, expect, it } from "vitest";
import { dispatch, get } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";
import type { LedgerEntryView } from "@/lib/schemas/billing-ledger";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { appendEntries, type NewEntry } from "@/lib/billing/ledger";
import { at, bad, entry, writeTestLedger } from "@/tests/billing-ledger";

// GET /billing/ledger and its CSV on the ledger of tests/billing-ledger.ts.

type Ledger = { data: LedgerEntryView[] };

let invoicedId = "";

beforeAll(async () => {
  invoicedId = await writeTestLedger();
});

async function csv(path: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v2${path}`, {
      headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
    }),
  );
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

describe("GET /billing/ledger", () => {
  const kinds = (body: Ledger) => body.data.map((row) => `${row.currency} ${row.kind} ${row.amount}`);

  it("lists the caller's entries newest first, as the API shows an entry, paged", async () => {
    const response = await get<Ledger>("/billing/ledger?from=2026-06-01&to=2026-06-02", { token: "acmeAll" });
    expect(kinds(response.body)).toEqual([
      "EUR credit 2.50",
      "GBP payment 10.00",
      "GBP prorated_fee -17.00",
      "GBP setup_fee -5.00",
    ]);
    expect(response.body.data[2]).toEqual({
      id: expect.stringMatching(/^le_[0-9a-f]{32}$/),
      currency: "GBP",
      kind: "prorated_fee",
      amount: "-17.00",
      description: "Monthly fee for +442079460999 from 2026-06-01 to the end of the month",
      number_id: "num_billing_test_a",
      number_e164: "+442079460999",
      order_reference_id: null,
      period_start: "2026-06-01",
      period_end: "2026-07-01",
      invoice_id: null,
      reference: null,
      created_at: "2026-06-01T12:00:30.000Z",
    });
    expect(response.body.data[3].invoice_id).toBe(invoicedId);
    const page = await get<Ledger>("/billing/ledger?from=2026-06-01&to=2026-06-02&limit=2&offset=1", {
      token: "acmeAll",
    });
    expect(kinds(page.body)).toEqual(["GBP payment 10.00", "GBP prorated_fee -17.00"]);
    expect(page.headers.get("x-total-count")).toBe("4");
  });

  it.each([
    { query: "currency=EUR&to=2026-06-02", listed: ["EUR credit 2.50"] },
    { query: "kind=payment&from=2026-06-01&to=2026-06-02", listed: ["GBP payment 10.00"] },
    {
      query: "number_id=num_billing_test_a&to=2026-06-02",
      listed: ["GBP prorated_fee -17.00", "GBP setup_fee -5.00"],
    },
    { query: "invoice_id=in_billing_ledger_test&to=2026-06-02", listed: ["GBP setup_fee -5.00"] },
    { query: "from=2026-06-01T12:01:00Z&to=2026-06-01T12:03:00Z", listed: ["GBP payment 10.00"] },
  ])("filters by $query", async ({ query, listed }) => {
    const response = await get<Ledger>(`/billing/ledger?${query}`, { token: "acmeAll" });
    expect(kinds(response.body)).toEqual(listed);
  });

  it("reads one organization's ledger for support, who must name it", async () => {
    const globex = await get<Ledger>(
      "/billing/ledger?organization_id=org_globex&from=2026-06-01&to=2026-06-02",
      {
        token: "support",
      },
    );
    expect(kinds(globex.body)).toEqual(["GBP setup_fee -3.00"]);
    const none = await get("/billing/ledger", { token: "support" });
    expect(none.body).toEqual(
      bad(
        "organization_id is required: support users read one organization's ledger at a time",
        "query.organization_id=(missing)",
      ),
    );
  });

  it("format=csv and /export stream every match, newest first, past one batch", async () => {
    const many: NewEntry[] = Array.from({ length: 1234 }, (_, index) =>
      entry("org_acme", "EUR", 60 * 24 * 30 + index / 60, {
        kind: "credit",
        amountMinor: 1n,
        description: `Credit ${index}`,
        idempotencyKey: `test:many:${index}`,
      }),
    );
    await inRetryingTransaction((tx) => appendEntries(tx, many, at(0)));
    const all = await csv("/billing/ledger?format=csv&currency=EUR&from=2026-07-01&limit=1");
    expect([all.status, all.type]).toEqual([200, "text/csv; charset=utf-8"]);
    const lines = all.text.trimEnd().split("\n");
    expect(lines.length).toBe(1235);
    expect(lines[0]).toBe(
      "id,created_at,currency,kind,amount,description,number_id,number_e164,order_reference_id,period_start,period_end,invoice_id,reference",
    );
    expect(lines[1]).toMatch(
      /^le_[0-9a-f]{32},2026-07-01T12:20:33\.000Z,EUR,credit,0\.01,Credit 1233,,,,,,,$/,
    );
    const exported = await csv("/billing/ledger/export?from=2026-06-01&to=2026-06-02");
    expect(
      exported.text
        .trimEnd()
        .split("\n")
        .slice(1)
        .map((line) => line.split(",").slice(2, 5).join(" ")),
    ).toEqual(["EUR credit 2.50", "GBP payment 10.00", "GBP prorated_fee -17.00", "GBP setup_fee -5.00"]);
    expect(exported.text).toContain(',"Goodwill, with a, comma",');
  });

  it.each([
    {
      query: "organization_id=org_globex",
      error: bad("organization_id is for support users", "query.organization_id=org_globex"),
    },
    {
      query: "currency=gbp",
      error: bad("currency must be an ISO 4217 code in capitals, such as EUR", "query.currency=gbp"),
    },
    {
      query: "kind=fee",
      error: bad(
        "kind must be one of setup_fee, prorated_fee, recurring_fee, tax, payment, credit, reversal",
        "query.kind=fee",
      ),
    },
    {
      query: "number_id=num%20x",
      error: bad("number_id must be a number's id, such as num_…", "query.number_id=num x"),
    },
    {
      query: "invoice_id=in-1",
      error: bad("invoice_id must be an invoice's id, such as in_…", "query.invoice_id=in-1"),
    },
    {
      query: "from=yesterday",
      error: bad(
        "from must be an ISO 8601 time with a zone or a date, such as 2026-11-01T00:00:00Z or 2026-11-01",
        "query.from=yesterday",
      ),
    },
    {
      query: "from=2026-06-02&to=2026-06-01",
      error: bad(
        "from must be before to",
        "query.from=2026-06-02T00:00:00.000Z,query.to=2026-06-01T00:00:00.000Z",
      ),
    },
    { query: "format=xml", error: bad("format must be json or csv", "query.format=xml") },
    { query: "limit=0", error: bad("limit must be an integer between 1 and 200", "query.limit=0") },
    { query: "offset=-1", error: bad("offset must be an integer between 0 and 100000", "query.offset=-1") },
    { query: "colour=red", error: bad("unknown query parameter: colour", "query.colour") },
  ])("$query → 400", async ({ query, error }) => {
    const response = await get(`/billing/ledger?${query}`, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error);
  });
});
