import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  emptyCart,
  expectAccessible,
  expectNoHorizontalScroll,
  laptopOnly,
  openAs,
  screenshot,
  users,
} from "./helpers";

// Billing in the portal: where each account stands, the invoices (one paid, one open in the demo
// data) with their PDFs, the ledger by a link that keeps its filters, the billing details and
// alerts; the cart saying what a purchase charges; support recording a payment.

test("a customer reads the accounts, invoices and ledger, shares a filtered ledger, and keeps billing details and alerts", async ({
  page,
}, testInfo) => {
  await openAs(page, users.acmeCustomer, "/billing");
  const gbp = page.getByTestId("account-GBP");
  await expect(gbp.getByTestId("standing")).toHaveText("In good standing");
  await expect(gbp.getByTestId("balance")).toHaveText(/^-?£[\d,]+\.\d{2}$/);
  await expect(gbp.getByTestId("available")).toHaveText(/£[\d,]+\.\d{2}$/);
  await expect(page.getByTestId("upcoming-GBP")).toContainText("Total");

  // The demo history: two months, per currency one invoice paid and one open, each with its PDF.
  const invoices = page.getByTestId("invoice-row").filter({ hasText: "£" });
  await expect(invoices.filter({ hasText: "Paid" })).toHaveCount(1);
  await expect(invoices.filter({ hasText: "Open" })).toHaveCount(1);
  await expect(
    invoices.first().getByRole("link", { name: /^Download INV-\d{4}-\d{6} as PDF$/ }),
  ).toBeVisible();

  // The ledger's filters go into the address; the same address shows the same view.
  const filters = page.getByRole("search", { name: "Filter the ledger" });
  await filters.getByLabel("Currency").selectOption("GBP");
  await filters.getByLabel("Kind").selectOption({ label: "Monthly fee" });
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/[?&]currency=GBP/);
  await expect(page).toHaveURL(/[?&]kind=recurring_fee/);
  const rows = page.getByTestId("ledger-row");
  // The unfiltered ledger stays on screen until the filtered one arrives: wait until every row
  // shown is a monthly fee (reading the rows before that met rows the new list then removed).
  await expect
    .poll(async () => {
      const texts = await rows.allTextContents();
      return texts.length > 0 && texts.every((text) => text.includes("Monthly fee"));
    })
    .toBe(true);
  const shown = await rows.count();
  const shared = page.url();
  await page.goto("/inventory");
  await page.goto(shared);
  await expect(filters.getByLabel("Kind")).toHaveValue("recurring_fee");
  await expect(rows).toHaveCount(shown);

  // The CSV has the same filters, and every match.
  const href = await page.getByTestId("ledger-csv").getAttribute("href");
  expect(href).toMatch(/format=csv/);
  expect(href).toMatch(/kind=recurring_fee/);
  const csv = await page.request.get(href as string);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  const csvLines = (await csv.text()).trim().split("\n");
  expect(csvLines.length - 1).toBeGreaterThanOrEqual(shown);
  for (const line of csvLines.slice(1)) expect(line).toContain("recurring_fee");

  // An invalid VAT ID is refused beside its field; the rest of the form keeps what was typed.
  const details = page.getByRole("form", { name: "Billing details" });
  const before = {
    name: await details.getByLabel("Legal name").inputValue(),
    address: await details.getByLabel("Address").inputValue(),
    country: await details.getByLabel("Country").inputValue(),
    vat: await details.getByLabel("VAT ID (optional)").inputValue(),
    emails: await details.getByLabel("Billing emails").inputValue(),
  };
  await details.getByLabel("Legal name").fill("Acme Telecom GmbH");
  await details.getByLabel("Address").fill("Friedrichstraße 1\n10117 Berlin");
  await details.getByLabel("Country").fill("DE");
  await details.getByLabel("VAT ID (optional)").fill("DE12");
  await details.getByLabel("Billing emails").fill("accounts@acme.example");
  await details.getByRole("button", { name: "Save billing details" }).click();
  const vat = details.getByLabel("VAT ID (optional)");
  await expect(vat).toHaveAttribute("aria-invalid", "true");
  await expect(vat).toBeFocused();
  await expect(details.locator(".field__error")).toContainText(/VAT ID/);
  await expectAccessible(page, testInfo, `billing-${testInfo.project.name}`);
  await vat.fill("DE136695976");
  await details.getByRole("button", { name: "Save billing details" }).click();
  await expect(details.getByRole("status")).toHaveText("Saved.");
  // Put the demo organization's details back for the other specs.
  await details.getByLabel("Legal name").fill(before.name || "Acme Telecom Ltd");
  await details.getByLabel("Address").fill(before.address || "1 Example Street, London");
  await details.getByLabel("Country").fill(before.country || "GB");
  await details.getByLabel("VAT ID (optional)").fill(before.vat);
  await details.getByLabel("Billing emails").fill(before.emails || "accounts@acme.example");
  await details.getByRole("button", { name: "Save billing details" }).click();
  await expect(details.getByRole("status")).toHaveText("Saved.");

  // An alert is added and deleted.
  const alertForm = page.getByRole("form", { name: "Add a balance alert" });
  const amount = `${10 + (Date.now() % 80)}.25`;
  await alertForm.getByLabel("Currency").selectOption("GBP");
  await alertForm.getByLabel("When available falls below").fill(amount);
  await alertForm.getByRole("button", { name: "Add alert" }).click();
  const alert = page.getByTestId("billing-alert").filter({ hasText: `£${amount}` });
  await expect(alert).toHaveCount(1);
  await expectNoHorizontalScroll(page, "/billing");
  await screenshot(page, testInfo, `billing-${testInfo.project.name}`);
  await alert.getByRole("button", { name: /^Delete the GBP alert/ }).click();
  await alert.getByRole("button", { name: "Delete alert" }).click();
  await expect(alert).toHaveCount(0);
});

test("an invoice's PDF downloads as a PDF", laptopOnly, async ({ page }) => {
  await openAs(page, users.acmeCustomer, "/billing");
  const paid = page.getByTestId("invoice-row").filter({ hasText: "£" }).filter({ hasText: "Paid" });
  const link = paid.getByRole("link", { name: /^Download INV-\d{4}-\d{6} as PDF$/ });
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{4}-\d{6}\.pdf$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString("latin1")).toBe("%PDF-");
});

test("the cart says what a purchase charges now and monthly, and the ledger shows it after", async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "one purchase is enough");
  await openAs(page, users.acmeCustomer, "/inventory");
  await emptyCart(page);
  const filters = page.getByRole("form", { name: "Search numbers" });
  await filters.getByLabel("Country").selectOption("GB");
  await filters.getByLabel("Number type").selectOption("local");
  await filters.getByLabel("Region").selectOption("GB-ENG-LONDON-20");
  await filters.getByRole("button", { name: "Search numbers" }).click();
  const button = page
    .getByRole("table")
    .getByRole("button", { name: /^Add \+44/ })
    .first();
  const number = ((await button.getAttribute("aria-label")) ?? "").replace(/^Add (\S+) to the cart$/, "$1");
  await page.getByRole("button", { name: `Add ${number} to the cart`, exact: true }).click();
  await expect(page.getByRole("link", { name: /Cart\s*1/ })).toBeVisible();

  await page.goto("/cart");
  const charges = page.getByTestId("charges-GBP");
  await expect(charges.getByTestId("charges-setup")).toHaveText(/^£\d+\.\d{2}$/);
  await expect(charges.getByTestId("charges-prorated")).toHaveText(/^£\d+\.\d{2}$/);
  await expect(charges.getByTestId("charges-now")).toHaveText(/^£\d+\.\d{2}$/);
  await expect(charges.getByTestId("charges-monthly")).toHaveText(/^£\d+\.\d{2}$/);
  const money = async (testId: string) =>
    Math.round(Number((await charges.getByTestId(testId).innerText()).replace(/[£,]/g, "")) * 100);
  const now = await money("charges-now");
  const setup = await money("charges-setup");
  expect(now).toBe(setup + (await money("charges-prorated")));
  await expectAccessible(page, testInfo, "cart-charges");

  await page.getByLabel("Contact name").fill("Alex Carter");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/ORD-[A-Z2-7]{10}\?placed=1$/);

  // The ledger has the sale's charges for the number (no entry for a setup fee of nothing), and
  // they add up to what the cart said.
  const ledger = await page.request.get(`/api/v2/billing/ledger?currency=GBP&limit=20`);
  expect(ledger.status()).toBe(200);
  const entries = (
    (await ledger.json()) as { data: { kind: string; amount: string; number_e164: string | null }[] }
  ).data.filter((entry) => entry.number_e164 === number);
  expect(entries.map((entry) => entry.kind).sort()).toEqual(
    setup > 0 ? ["prorated_fee", "setup_fee"] : ["prorated_fee"],
  );
  expect(entries.reduce((sum, entry) => sum - Math.round(Number(entry.amount) * 100), 0)).toBe(now);
});

test("support records the payment of a suspended organization: it is in good standing again and its banner goes", async ({
  page,
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name === "mobile", "the demo's one suspension is lifted once");
  // Initech Systems never paid its first invoice (prisma/seed/billing.ts): suspended.
  const owner = await browser.newPage();
  await openAs(owner, "owner@initech.example", "/numbers");
  const banner = owner.getByTestId("standing-banner");
  await expect(banner).toContainText("Your organization's account is suspended.");
  await expect(banner.getByRole("link", { name: "See invoices and balances" })).toHaveAttribute(
    "href",
    "/billing",
  );
  const accounts = await owner.request.get("/api/v2/billing/accounts");
  expect(accounts.status()).toBe(200);
  const [account] = ((await accounts.json()) as { data: { currency: string; balance: string }[] }).data;
  expect(account.currency).toBe("GBP");
  const owed = account.balance.replace(/^-/, "");

  await openAs(page, users.support, "/billing/accounts");
  const row = page.getByTestId("account-row-org_initech-GBP");
  await expect(row.getByTestId("standing")).toHaveText("Suspended");
  await row.getByRole("button", { name: "Record payment: Initech Systems, GBP" }).click();
  const form = page.getByRole("form", { name: "Record a GBP payment" });
  // The server's refusal stands beside the field it names.
  await form.getByLabel("Amount (GBP)").fill("12.345");
  await form.getByLabel("Reference").fill("BACS INITECH 1");
  await form.getByRole("button", { name: "Record payment" }).click();
  await expect(form.getByLabel("Amount (GBP)")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("Amount (GBP)")).toBeFocused();

  await form.getByLabel("Amount (GBP)").fill(owed);
  await form.getByRole("button", { name: "Record payment" }).click();
  const done = page.getByTestId("action-done");
  await expect(done).toBeFocused();
  await expect(done).toContainText(/^A payment of £[\d,.]+ recorded, paying INV-\d{4}-\d{6}/);
  await expect(done).toContainText("in good standing");
  await expect(row.getByTestId("standing")).toHaveText("In good standing");
  await expectAccessible(page, testInfo, "billing-accounts");

  await owner.reload();
  await expect(owner.getByRole("heading", { name: "Numbers and extensions", level: 1 })).toBeVisible();
  await expect(owner.getByTestId("standing-banner")).toHaveCount(0);
  await owner.close();
});
