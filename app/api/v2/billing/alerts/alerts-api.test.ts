import { beforeAll, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import type { TestTokenName } from "@/tests/fixtures";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { openAccount } from "@/lib/billing/ledger";

// POST/GET/DELETE /billing/alerts: amounts as the API writes them, an account in the currency,
// at most 10 per organization, another organization's alert a 404. Firing is alert-sweep.test.ts's.

type Alert = {
  id: string;
  currency: string;
  available_below: string;
  armed: boolean;
  last_triggered_at: string | null;
  created_at: string;
};

const create = (body: unknown, token: TestTokenName = "acmeAll") =>
  api<{ data: Alert }>("POST", "/billing/alerts", { token, body });
const bad = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);
const AMOUNT_RULE = "available_below must be an amount with at most two decimals, such as 50.00";
const CURRENCY_RULE = "currency must be a three-letter currency code, such as GBP";

async function alertCount() {
  return (await getPrisma()).billingAlert.count();
}

beforeAll(async () => {
  const now = new Date("2026-11-02T09:00:00Z");
  for (const [organizationId, currency] of [
    ["org_acme", "GBP"],
    ["org_acme", "EUR"],
    ["org_globex", "GBP"],
  ])
    await inRetryingTransaction((tx) => openAccount(tx, organizationId, currency, now));
});

describe("POST /billing/alerts", () => {
  it("answers the alert, armed, with its amount in two decimals, and audits it", async () => {
    const response = await create({ currency: "eur", available_below: "12.5" });
    expect(response.status).toBe(201);
    expect(response.body.data).toEqual({
      id: expect.stringMatching(/^bal_[0-9a-f]{32}$/),
      currency: "EUR",
      available_below: "12.50",
      armed: true,
      last_triggered_at: null,
      created_at: expect.any(String),
    });
    const prisma = await getPrisma();
    const audit = await prisma.auditEvent.findFirst({
      where: { action: "billing_alert.created", resourceId: response.body.data.id },
      select: { organizationId: true, changes: true },
    });
    expect(audit).toEqual({
      organizationId: "org_acme",
      changes: [
        { field: "currency", from: null, to: "EUR" },
        { field: "available_below", from: null, to: "12.50" },
      ],
    });
  });

  it.each([
    ["no currency", { available_below: "50.00" }, bad(CURRENCY_RULE, "body.currency=(missing)")],
    [
      "a currency of two letters",
      { currency: "GB", available_below: "50.00" },
      bad(CURRENCY_RULE, "body.currency=GB"),
    ],
    [
      "a currency without an account",
      { currency: "USD", available_below: "50.00" },
      bad("currency: the organization has no billing account in USD", "body.currency=USD"),
    ],
    ["no amount", { currency: "GBP" }, bad(AMOUNT_RULE, "body.available_below=(missing)")],
    [
      "an amount as a number",
      { currency: "GBP", available_below: 50 },
      bad(AMOUNT_RULE, "body.available_below=50"),
    ],
    [
      "three decimals",
      { currency: "GBP", available_below: "50.001" },
      bad(AMOUNT_RULE, "body.available_below=50.001"),
    ],
    [
      "zero",
      { currency: "GBP", available_below: "0.00" },
      bad("available_below must be more than 0.00", "body.available_below=0.00"),
    ],
    [
      "a negative amount",
      { currency: "GBP", available_below: "-5.00" },
      bad(AMOUNT_RULE, "body.available_below=-5.00"),
    ],
    [
      "an amount past 999999999.99",
      { currency: "GBP", available_below: "1000000000.00" },
      bad(AMOUNT_RULE, "body.available_below=1000000000.00"),
    ],
    [
      "an unknown field",
      { currency: "GBP", available_below: "5.00", spend_above: "1.00" },
      bad("unknown body parameter: spend_above", "body.spend_above"),
    ],
  ])("refuses %s (400) and stores nothing", async (_name, body, expected) => {
    const before = await alertCount();
    const response = await create(body);
    expect([response.status, response.body]).toEqual([400, expected]);
    expect(await alertCount()).toBe(before);
  });

  it("keeps an organization to 10 alerts", async () => {
    const existing = await get<{ data: Alert[] }>("/billing/alerts", { token: "acmeAll" });
    for (let index = existing.body.data.length; index < 10; index++)
      expect((await create({ currency: "GBP", available_below: `${index + 1}.00` })).status).toBe(201);
    const eleventh = await create({ currency: "GBP", available_below: "99.00" });
    expect(eleventh.body).toEqual(
      bad("An organization has at most 10 billing alerts; delete one first.", "billing_alerts=10"),
    );
    // Another organization's count is its own.
    expect((await create({ currency: "GBP", available_below: "99.00" }, "globexAll")).status).toBe(201);
  });
});

describe("GET and DELETE /billing/alerts", () => {
  it("lists the organization's own alerts by currency, highest threshold first", async () => {
    const acme = await get<{ data: Alert[] }>("/billing/alerts", { token: "acmeAll" });
    expect(acme.body.data.map((alert) => `${alert.currency} ${alert.available_below}`)).toEqual([
      "EUR 12.50",
      ...[10, 9, 8, 7, 6, 5, 4, 3, 2].map((amount) => `GBP ${amount}.00`),
    ]);
    const globex = await get<{ data: Alert[] }>("/billing/alerts", { token: "globexAll" });
    expect(globex.body.data.map((alert) => alert.available_below)).toEqual(["99.00"]);
  });

  it("deletes one's own alert (204, audited); another organization's is a 404 and stays", async () => {
    const [globexAlert] = (await get<{ data: Alert[] }>("/billing/alerts", { token: "globexAll" })).body.data;
    const stranger = await api("DELETE", `/billing/alerts/${globexAlert.id}`, { token: "acmeAll" });
    expect([stranger.status, stranger.body]).toEqual([
      404,
      errorBody(
        "Not Found",
        "not_found",
        `There is no billing alert ${globexAlert.id}.`,
        `alert_id=${globexAlert.id}`,
      ),
    ]);
    expect((await get<{ data: Alert[] }>("/billing/alerts", { token: "globexAll" })).body.data).toHaveLength(
      1,
    );

    const deleted = await api("DELETE", `/billing/alerts/${globexAlert.id}`, { token: "globexAll" });
    expect(deleted.status).toBe(204);
    expect((await get<{ data: Alert[] }>("/billing/alerts", { token: "globexAll" })).body.data).toEqual([]);
    const again = await api("DELETE", `/billing/alerts/${globexAlert.id}`, { token: "globexAll" });
    expect(again.status).toBe(404);
    const prisma = await getPrisma();
    expect(
      await prisma.auditEvent.findFirst({
        where: { action: "billing_alert.deleted", resourceId: globexAlert.id },
        select: { changes: true },
      }),
    ).toEqual({
      changes: [
        { field: "currency", from: "GBP", to: null },
        { field: "available_below", from: "99.00", to: null },
      ],
    });
  });

  it("lets billing members manage alerts, support read a named organization's, and nobody else", async () => {
    expect((await get("/billing/alerts", { token: "acmeBillingAll" })).status).toBe(200);
    expect((await create({ currency: "GBP", available_below: "1.00" }, "acmeDeveloperAll")).status).toBe(401);
    expect((await get("/billing/alerts", { token: "acmeViewerAll" })).status).toBe(401);
    const support = await get<{ data: Alert[] }>("/billing/alerts?organization_id=org_acme", {
      token: "support",
    });
    expect([support.status, support.body.data.length]).toEqual([200, 10]);
    const unnamed = await get("/billing/alerts", { token: "support" });
    expect(unnamed.body).toEqual(
      bad(
        "organization_id is required: support staff name the organization whose billing alerts they read",
        "query.organization_id",
      ),
    );
    expect((await create({ currency: "GBP", available_below: "1.00" }, "support")).status).toBe(401);
    expect((await get("/billing/alerts?organization_id=org_globex", { token: "acmeAll" })).status).toBe(400);
  });
});
