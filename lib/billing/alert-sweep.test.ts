import { beforeAll, describe, expect, it, vi } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { appendEntries, openAccount, type NewEntry } from "@/lib/billing/ledger";
import { sweepBillingAlerts } from "@/lib/billing/alert-sweep";
import { api } from "@/tests/api-client";

// Firing once per crossing, on an injected clock: the worker's sweep is called with the time
// it would read, and the account moves by ledger entries between passes.

vi.hoisted(() => {
  process.env.BILLING_DEFAULT_CREDIT_LIMIT = "100.00";
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 2, 9, minute));
let entrySeq = 0;

/** Moves Acme's GBP balance by `minor` (a charge negative, a payment positive). */
async function move(organizationId: string, minor: bigint, now: Date) {
  const entry: NewEntry = {
    organizationId,
    currency: "GBP",
    kind: minor < 0n ? "setup_fee" : "payment",
    amountMinor: minor,
    description: "alert test",
    idempotencyKey: `alert-test:${++entrySeq}`,
    createdAt: now,
  };
  await inRetryingTransaction((tx) => appendEntries(tx, [entry], now));
}

async function alertEvents() {
  const prisma = await getPrisma();
  const rows = await prisma.event.findMany({
    where: { type: "billing.alert_triggered" },
    orderBy: { createdAt: "asc" },
    select: { organizationId: true, data: true, createdAt: true },
  });
  return rows.map((row) => {
    const data = row.data as { alert: { available_below: string }; available: string };
    return [row.organizationId, data.alert.available_below, data.available, row.createdAt.toISOString()];
  });
}

async function alertEmails() {
  const prisma = await getPrisma();
  const rows = await prisma.emailMessage.findMany({
    where: { kind: "billing_alert" },
    orderBy: [{ createdAt: "asc" }, { to: "asc" }],
    select: { to: true, subject: true },
  });
  return rows.map((row) => `${row.to}: ${row.subject}`);
}

const alertsOf = async (token: "acmeAll" | "globexAll") =>
  (
    await api<{ data: Array<{ available_below: string; armed: boolean; last_triggered_at: string | null }> }>(
      "GET",
      "/billing/alerts",
      { token },
    )
  ).body.data.map((alert) => [alert.available_below, alert.armed, alert.last_triggered_at]);

beforeAll(async () => {
  // Accounts of 100.00 available in GBP, profiles with an extra address, and the alerts.
  for (const organizationId of ["org_acme", "org_globex"])
    await inRetryingTransaction((tx) => openAccount(tx, organizationId, "GBP", at(0)));
  await api("PUT", "/billing/profile", {
    token: "acmeAll",
    body: {
      legal_name: "Acme Ltd",
      address: "1 Main St",
      country: "GB",
      emails: ["accounts@acme.example", "billing@acme.example"],
    },
  });
  for (const available_below of ["50.00", "20.00"]) {
    const created = await api("POST", "/billing/alerts", {
      token: "acmeAll",
      body: { currency: "GBP", available_below },
    });
    expect(created.status).toBe(201);
  }
  const other = await api("POST", "/billing/alerts", {
    token: "globexAll",
    body: { currency: "gbp", available_below: "50.00" },
  });
  expect(other.status).toBe(201);
});

describe("sweepBillingAlerts", () => {
  it("fires nothing while every account is at or above its thresholds", async () => {
    expect(await sweepBillingAlerts(at(1))).toBe(0);
    expect(await alertEvents()).toEqual([]);
  });

  it("fires an alert once when available falls below it, and not again on the next passes", async () => {
    await move("org_acme", -6000n, at(2)); // available 40.00
    expect(await sweepBillingAlerts(at(3))).toBe(1);
    expect(await sweepBillingAlerts(at(4))).toBe(0);
    expect(await sweepBillingAlerts(at(5))).toBe(0);
    expect(await alertEvents()).toEqual([["org_acme", "50.00", "40.00", at(3).toISOString()]]);
    expect(await alertsOf("acmeAll")).toEqual([
      ["50.00", false, at(3).toISOString()],
      ["20.00", true, null],
    ]);
    // The owner, the billing member and the profile's other address, each once.
    const subject = "Your available GBP balance is 40.00, below 50.00";
    expect(await alertEmails()).toEqual([
      `accounts@acme.example: ${subject}`,
      `billing@acme.example: ${subject}`,
      `customer@acme.example: ${subject}`,
    ]);
  });

  it("arms it again when available is back at the threshold, and fires again on the next fall", async () => {
    await move("org_acme", 1000n, at(6)); // available 50.00: at the threshold, no longer below
    expect(await sweepBillingAlerts(at(7))).toBe(0);
    expect(await alertsOf("acmeAll")).toEqual([
      ["50.00", true, at(3).toISOString()],
      ["20.00", true, null],
    ]);
    await move("org_acme", -1500n, at(8)); // available 35.00
    expect(await sweepBillingAlerts(at(9))).toBe(1);
    expect(await sweepBillingAlerts(at(10))).toBe(0);
    expect((await alertEvents()).map((row) => row.slice(1))).toEqual([
      ["50.00", "40.00", at(3).toISOString()],
      ["50.00", "35.00", at(9).toISOString()],
    ]);
  });

  it("fires the lower alert when available falls below it too, the higher one staying quiet", async () => {
    await move("org_acme", -2000n, at(11)); // available 15.00
    expect(await sweepBillingAlerts(at(12))).toBe(1);
    expect(await alertsOf("acmeAll")).toEqual([
      ["50.00", false, at(9).toISOString()],
      ["20.00", false, at(12).toISOString()],
    ]);
    expect(await alertsOf("globexAll")).toEqual([["50.00", true, null]]);
    const prisma = await getPrisma();
    const audits = await prisma.auditEvent.findMany({
      where: { action: "billing_alert.triggered" },
      select: { actorType: true, organizationId: true },
    });
    expect(audits).toEqual(
      Array.from({ length: 3 }, () => ({ actorType: "system", organizationId: "org_acme" })),
    );
  });

  it("fires an alert once when two instances sweep at the same moment", async () => {
    await move("org_globex", -7000n, at(13)); // Globex: available 30.00
    const passes = await Promise.all([sweepBillingAlerts(at(14)), sweepBillingAlerts(at(14))]);
    expect(passes.reduce((sum, fired) => sum + fired, 0)).toBe(1);
    expect((await alertEvents()).filter(([organization]) => organization === "org_globex")).toEqual([
      ["org_globex", "50.00", "30.00", at(14).toISOString()],
    ]);
  });

  it("delivers the event to GET /events as billing.alert_triggered with the alert and the amounts", async () => {
    const events = await api<{ data: Array<{ type: string; data: unknown }> }>(
      "GET",
      "/events?type=billing.alert_triggered",
      { token: "globexAll" },
    );
    expect(events.body.data).toEqual([
      {
        id: expect.stringMatching(/^evt_/),
        type: "billing.alert_triggered",
        organization_id: "org_globex",
        created_at: at(14).toISOString(),
        data: {
          alert: {
            id: expect.stringMatching(/^bal_/),
            currency: "GBP",
            available_below: "50.00",
            armed: false,
            last_triggered_at: at(14).toISOString(),
            created_at: expect.any(String),
          },
          currency: "GBP",
          balance: "-70.00",
          credit_limit: "100.00",
          available: "30.00",
        },
      },
    ]);
  });
});
