import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import type { TestTokenName } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";
import type { BillingAccountView } from "@/lib/schemas/billing-ledger";
import { at, bad, writeTestLedger } from "@/tests/billing-ledger";

// GET /billing/accounts and PATCH /billing/accounts/{currency} on the ledger of tests/billing-ledger.ts.

type Accounts = { data: BillingAccountView[] };

beforeAll(writeTestLedger);

const account = (
  organizationId: string,
  currency: string,
  balance: string,
  available: string,
  uninvoiced: string,
) => ({
  organization_id: organizationId,
  currency,
  balance,
  credit_limit: "100000000.00",
  available,
  uninvoiced,
  standing: "good_standing",
  standing_since: at(0).toISOString(),
});

describe("GET /billing/accounts", () => {
  it("lists the caller's organization's accounts by currency, with what is not invoiced yet", async () => {
    const response = await get<Accounts>("/billing/accounts", { token: "acmeBillingAll" });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      account("org_acme", "EUR", "2.50", "100000002.50", "2.50"),
      // -5.00 - 17.00 + 10.00; the setup fee is on an invoice.
      account("org_acme", "GBP", "-12.00", "99999988.00", "-7.00"),
    ]);
  });

  it("gives support one organization's accounts, or every organization's", async () => {
    const globex = await get<Accounts>("/billing/accounts?organization_id=org_globex", { token: "support" });
    expect(globex.body.data).toEqual([account("org_globex", "GBP", "-3.00", "99999997.00", "-3.00")]);
    const every = await get<Accounts>("/billing/accounts", { token: "support" });
    expect(every.body.data.map((row) => `${row.organization_id} ${row.currency}`)).toEqual([
      "org_acme EUR",
      "org_acme GBP",
      "org_globex GBP",
    ]);
  });

  it.each([
    { token: "acmeViewerAll", status: 401, code: "role_forbidden" },
    { token: "acmeDeveloperAll", status: 401, code: "role_forbidden" },
    { token: "acmeLacksBillingRead", status: 401, code: "insufficient_scope" },
  ] as const)("refuses $token: $code", async ({ token, status, code }) => {
    const response = await get<{ error: { code: string } }>("/billing/accounts", { token });
    expect([response.status, response.body.error.code]).toEqual([status, code]);
  });

  it("refuses organization_id from a customer", async () => {
    const response = await get("/billing/accounts?organization_id=org_globex", { token: "acmeAll" });
    expect(response.body).toEqual(
      bad("organization_id is for support users", "query.organization_id=org_globex"),
    );
  });
});

describe("PATCH /billing/accounts/{currency}", () => {
  const patch = (currency: string, body: unknown, token: TestTokenName = "support") =>
    api<BillingAccountView>("PATCH", `/billing/accounts/${currency}`, { token, body });

  it("changes a limit (support), and writes it in the organization's audit log", async () => {
    const response = await patch("GBP", { organization_id: "org_globex", credit_limit: "250.5" });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...account("org_globex", "GBP", "-3.00", "247.50", "-3.00"),
      credit_limit: "250.50",
    });
    const audit = await (
      await getPrisma()
    ).auditEvent.findFirstOrThrow({
      where: { organizationId: "org_globex", action: "billing.credit_limit_changed" },
    });
    expect([audit.actorId, audit.resourceType, audit.resourceId, audit.changes]).toEqual([
      "usr_numbers_support",
      "billing_account",
      "GBP",
      [{ field: "credit_limit", from: "100000000.00", to: "250.50" }],
    ]);
  });

  it("opens an account in a currency sold in, so a limit can be set before the first order", async () => {
    const response = await patch("USD", { organization_id: "org_globex", credit_limit: "0" });
    expect(response.status).toBe(200);
    expect([response.body.balance, response.body.credit_limit, response.body.available]).toEqual([
      "0.00",
      "0.00",
      "0.00",
    ]);
  });

  it.each(["acmeAll", "acmeBillingAll"] as const)("refuses %s: 401 role_forbidden", async (token) => {
    const response = await patch("GBP", { organization_id: "org_acme", credit_limit: "1000.00" }, token);
    expect([response.status, (response.body as unknown as { error: { code: string } }).error.code]).toEqual([
      401,
      "role_forbidden",
    ]);
  });

  const amountMessage =
    "credit_limit must be an amount of zero or more with at most two decimals, such as 250.00";
  it.each([
    {
      currency: "GBP",
      body: { organization_id: "org_acme", credit_limit: "1.234" },
      error: bad(amountMessage, "body.credit_limit=1.234"),
    },
    {
      currency: "GBP",
      body: { organization_id: "org_acme", credit_limit: "-5.00" },
      error: bad(amountMessage, "body.credit_limit=-5.00"),
    },
    {
      currency: "GBP",
      body: { organization_id: "org_acme", credit_limit: "ten" },
      error: bad(amountMessage, "body.credit_limit=ten"),
    },
    {
      currency: "GBP",
      body: { organization_id: "org_acme", credit_limit: 100 },
      error: bad('credit_limit must be an amount in a string, such as "250.00"', "body.credit_limit=100"),
    },
    {
      currency: "GBP",
      body: { credit_limit: "100.00" },
      error: bad(
        "organization_id is required: the organization whose limit changes",
        "body.organization_id=(missing)",
      ),
    },
    {
      currency: "GBP",
      body: { organization_id: "org_nobody", credit_limit: "100.00" },
      error: bad("There is no organization org_nobody.", "body.organization_id=org_nobody"),
    },
    {
      currency: "gbp",
      body: { organization_id: "org_acme", credit_limit: "100.00" },
      error: bad("currency must be an ISO 4217 code in capitals, such as EUR", "path.currency=gbp"),
    },
    {
      currency: "XTS",
      body: { organization_id: "org_acme", credit_limit: "100.00" },
      error: bad("Nothing is sold in XTS, and org_acme has no account in it.", "path.currency=XTS"),
    },
    {
      currency: "GBP",
      body: { organization_id: "org_acme", credit_limit: "100.00", standing: "good_standing" },
      error: bad("unknown body parameter: standing", "body.standing"),
    },
  ])("$currency $body → 400", async ({ currency, body, error }) => {
    const response = await patch(currency, body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error);
  });
});
