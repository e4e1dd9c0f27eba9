import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { openAccount } from "@/lib/billing/ledger";
import { api } from "@/tests/api-client";
import type { TestTokenName } from "@/tests/fixtures";
import { errorBody } from "@/tests/error-body";
import type { PaymentRecorded } from "@/lib/schemas/billing-payments";

// POST /billing/payments and /billing/credits: support only, every bad input a 400 naming its
// field (an unknown organization 404), nothing written by a refusal, and Idempotency-Key.

const NOW = new Date("2027-03-01T12:00:00.000Z");
const bad = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);

const payment = {
  organization_id: "org_acme",
  currency: "EUR",
  amount: "25.00",
  reference: "SEPA 42",
  received_at: "2027-03-01T09:00:00Z",
};
const credit = { organization_id: "org_acme", currency: "EUR", amount: "5.00", reason: "Goodwill" };

const post = (
  path: "/billing/payments" | "/billing/credits",
  body: unknown,
  token: TestTokenName = "support",
  headers: Record<string, string> = {},
) => api<PaymentRecorded>("POST", path, { token, body, headers });

async function entries(): Promise<number> {
  const prisma = await getPrisma();
  return prisma.ledgerEntry.count({
    where: { organizationId: "org_acme", kind: { in: ["payment", "credit"] } },
  });
}

beforeAll(async () => {
  await inRetryingTransaction((tx) => openAccount(tx, "org_acme", "EUR", NOW));
});
beforeEach(() => setRequestClock(() => NOW));
afterEach(() => setRequestClock(undefined));

describe("POST /billing/payments and /billing/credits: who", () => {
  it.each([
    ["/billing/payments", payment],
    ["/billing/credits", credit],
  ] as const)("%s by a customer is 401 role_forbidden and writes nothing", async (path, body) => {
    const response = await post(path, body, "acmeAll");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      errorBody(
        "Unauthorized",
        "role_forbidden",
        "The owner role cannot read every organization's data; that needs the support role.",
        "role=owner required_role=support",
      ),
    );
    expect(await entries()).toBe(0);
  });
});

describe("POST /billing/payments and /billing/credits: bad input names its field", () => {
  it.each([
    [{ amount: "0" }, "amount must be more than 0", "body.amount=0"],
    [{ amount: "0.00" }, "amount must be more than 0", "body.amount=0.00"],
    [
      { amount: "-5.00" },
      "amount must be an amount such as 12.50, with at most two decimals",
      "body.amount=-5.00",
    ],
    [
      { amount: "1.234" },
      "amount must be an amount such as 12.50, with at most two decimals",
      "body.amount=1.234",
    ],
    [
      { amount: "ten" },
      "amount must be an amount such as 12.50, with at most two decimals",
      "body.amount=ten",
    ],
    [{ amount: 12.5 }, "amount is required: an amount such as 12.50", "body.amount=12.5"],
    [{ currency: "eur" }, "currency must be a three-letter code such as EUR", "body.currency=eur"],
    [
      { currency: "USD" },
      "currency: organization org_acme has no billing account in USD",
      "body.currency=USD",
    ],
  ])("%j → 400", async (patch, message, details) => {
    for (const [path, body] of [
      ["/billing/payments", payment],
      ["/billing/credits", credit],
    ] as const) {
      const response = await post(path, { ...body, ...patch });
      expect(response.status, path).toBe(400);
      expect(response.body).toEqual(bad(message, details));
    }
    expect(await entries()).toBe(0);
  });

  it.each([
    [
      { received_at: "yesterday" },
      "received_at must be an ISO 8601 time such as 2026-11-28T09:30:00Z",
      "body.received_at=yesterday",
    ],
    [
      { received_at: "2027-03-01T12:00:01Z" },
      "received_at must not be in the future",
      "body.received_at=2027-03-01T12:00:01Z",
    ],
    [{ reference: " " }, "reference must not be empty", "body.reference="],
  ])("a payment with %j → 400", async (patch, message, details) => {
    const response = await post("/billing/payments", { ...payment, ...patch });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(bad(message, details));
    expect(await entries()).toBe(0);
  });

  it("a credit without a reason → 400", async () => {
    const response = await post("/billing/credits", { ...credit, reason: undefined });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      bad("reason is required: why the organization is credited", "body.reason=(missing)"),
    );
  });

  it("an organization that does not exist → 404", async () => {
    const response = await post("/billing/payments", { ...payment, organization_id: "org_nobody" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(
      errorBody(
        "Not Found",
        "not_found",
        "There is no organization org_nobody.",
        "body.organization_id=org_nobody",
      ),
    );
  });
});

describe("POST /billing/payments: Idempotency-Key", () => {
  it("replays the first answer for the same body, once in the ledger; another body is 409", async () => {
    const key = { "idempotency-key": "transfer-2027-03-01" };
    const first = await post("/billing/payments", payment, "support", key);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(first.body.entry).toMatchObject({
      kind: "payment",
      amount: "25.00",
      reference: "SEPA 42",
      created_at: "2027-03-01T09:00:00.000Z",
    });
    expect(first.body.allocations).toEqual([]);
    expect(first.body.account).toMatchObject({
      organization_id: "org_acme",
      currency: "EUR",
      standing: "good_standing",
    });
    const again = await post("/billing/payments", payment, "support", key);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await entries()).toBe(1);
    const other = await post("/billing/payments", { ...payment, amount: "26.00" }, "support", key);
    expect(other.status).toBe(409);
    expect(await entries()).toBe(1);
    // The same key for a credit is another key: credits and payments do not replay each other.
    const asCredit = await post("/billing/credits", credit, "support", key);
    expect(asCredit.status).toBe(201);
    expect(await entries()).toBe(2);
    const prisma = await getPrisma();
    const audit = await prisma.auditEvent.findMany({
      where: {
        organizationId: "org_acme",
        action: { in: ["billing.payment_recorded", "billing.credit_recorded"] },
      },
      orderBy: { action: "asc" },
    });
    expect(audit.map((entry) => [entry.action, entry.actorType])).toEqual([
      ["billing.credit_recorded", "support"],
      ["billing.payment_recorded", "support"],
    ]);
  });
});
