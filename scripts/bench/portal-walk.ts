// The walk of `npm run bench:memory` (scripts/bench/memory.ts): every page of the portal, each as
// the person whose role may see it, one step a row. The demo customer (Acme's owner) searches,
// buys, looks at numbers, orders, tokens, webhooks, the docs, compliance, members and an
// invitation, security with single sign-on, the audit log, billing with an invoice's PDF, and
// ports two numbers in through every step of the wizard (the LOA signed by its emailed link);
// a visitor follows the emailed links of an invitation, a sign-up and a password reset; support
// reads its desks (compliance review, the port desk, billing accounts) and one organization's
// billing. Each step waits for what its page shows (a heading, a row, a status), never for a
// time. Emails are read where `npm start` writes them without SMTP_URL: the server's log.
import type { Page } from "@playwright/test";
import { demoUsers } from "@/lib/auth/demo-users";
import { DEFAULT_DEMO_PASSWORD, demoOrganizations } from "@/prisma/seed/fixtures";
import { portingSteps } from "@/scripts/bench/portal-walk-porting";
import { expect, signIn, visit, type Person, type WalkStep } from "@/scripts/bench/walk-helpers";

const CUSTOMER: Person = { email: demoUsers.acmeCustomer.email, password: DEFAULT_DEMO_PASSWORD };
const SUPPORT: Person = { email: demoUsers.support.email, password: DEFAULT_DEMO_PASSWORD };
const COLLEAGUE = "walk-colleague@acme.example";
const NEWCOMER = "walk-newcomer@example.com";

const pages = (rows: ReadonlyArray<readonly [string, string, string]>): WalkStep[] =>
  rows.map(([name, url, heading]) => ({ name, run: (page: Page) => visit(page, url, heading) }));

const customerSteps: WalkStep[] = [
  { name: "sign in", run: (page) => signIn(page, "/inventory", CUSTOMER) },
  {
    name: "search inventory",
    run: async (page) => {
      const filters = page.getByRole("form", { name: "Search numbers" });
      await filters.getByLabel("Country").selectOption("GB");
      await filters.getByLabel("Number type").selectOption("local");
      await filters.getByRole("button", { name: "Search numbers" }).click();
      await expect(page.getByTestId("inventory-row").first()).toBeVisible();
      await page.getByRole("button", { name: "Next →" }).click();
      await expect(page).toHaveURL(/offset=/);
      await expect(page.getByTestId("inventory-row").first()).toBeVisible();
    },
  },
  {
    name: "add two numbers to the cart",
    run: async (page) => {
      for (const index of [0, 1])
        await page.getByTestId("inventory-row").nth(index).getByRole("button", { name: /^Add / }).click();
      await expect(page.getByRole("link", { name: /Cart\s*2/ })).toBeVisible();
    },
  },
  {
    name: "compare products and add a region's numbers",
    run: async (page) => {
      await page.goto("/products?country=GB&type=local");
      const row = page.getByTestId("product-row").first();
      await expect(row).toBeVisible();
      await page.getByRole("button", { name: "Monthly", exact: true }).click();
      await row.getByRole("spinbutton").fill("2");
      await row.getByRole("button", { name: /^Add / }).click();
      await expect(row.getByRole("status")).toContainText("added to the cart");
    },
  },
  {
    name: "check out",
    run: async (page) => {
      await page.goto("/cart");
      await expect(page.getByTestId("cart-line").first()).toBeVisible();
      await page.getByLabel("Contact name").fill("Memory Walk");
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page).toHaveURL(/\/orders\/ORD-[A-Z2-7]{10}/, { timeout: 60_000 });
    },
  },
  {
    name: "numbers",
    run: async (page) => {
      await page.goto("/numbers");
      await expect(page.getByTestId("number-row").first()).toBeVisible();
    },
  },
  {
    name: "a number's rules and editor",
    run: async (page) => {
      await page.goto("/numbers/num_acme_main");
      await expect(page.getByTestId("active-rule")).toBeVisible();
      await page.getByRole("button", { name: /^(Edit|Set up) rules$/ }).click();
      await expect(page.getByRole("heading", { name: "Edit rules" })).toBeVisible();
    },
  },
  {
    name: "orders and an order",
    run: async (page) => {
      await page.goto("/orders");
      const first = page.getByRole("link", { name: /^ORD-/ }).first();
      await expect(first).toBeVisible();
      await first.click();
      await expect(page).toHaveURL(/\/orders\/ORD-/);
      await expect(page.getByRole("term").filter({ hasText: /^Status$/ })).toBeVisible();
    },
  },
  {
    name: "tokens",
    run: async (page) => {
      await page.goto("/tokens");
      await expect(page.getByTestId("token-row").first()).toBeVisible();
    },
  },
  ...pages([
    ["webhooks", "/webhooks", "Add an endpoint"],
    ["docs", "/docs", "API documentation"],
    // A section of the reference of its own (/docs/<tag>), as a shared link opens it.
    ["docs: the orders section", "/docs/orders", "Orders"],
    ["numbers waiting for documents", "/numbers?status=pending_documents", "Numbers and extensions"],
    ["compliance", "/compliance", "Compliance"],
  ]),
  {
    name: "members, and an invitation sent",
    run: async (page) => {
      await visit(page, "/settings/members", "Members");
      const form = page.getByRole("form", { name: "Invite a member" });
      await form.getByLabel("Email").fill(COLLEAGUE);
      await form.getByLabel("Role").selectOption("developer");
      await form.getByRole("button", { name: "Send the invitation" }).click();
      await expect(page.getByTestId("members-status")).toContainText(`invitation to ${COLLEAGUE}`);
    },
  },
  {
    name: "security and single sign-on",
    run: async (page) => {
      await visit(page, "/settings/security", "Two-factor sign-in");
      // The owner's single sign-on settings: not connected in the demo, with the form to connect.
      const sso = page.getByRole("region", { name: "Single sign-on" });
      await expect(sso.getByTestId("sso-state")).toContainText("Not connected.");
      await expect(sso.getByRole("form", { name: "Single sign-on connection" })).toBeVisible();
    },
  },
  ...pages([["audit log", "/audit", "Audit log"]]),
  {
    name: "billing: accounts, invoices, ledger, details and alerts",
    run: async (page) => {
      await visit(page, "/billing", "Billing");
      await expect(page.getByTestId("account-GBP").getByTestId("standing")).toBeVisible();
      await expect(page.getByTestId("invoice-row").first()).toBeVisible();
      await expect(page.getByTestId("ledger-row").first()).toBeVisible();
      await expect(page.getByRole("form", { name: "Billing details" })).toBeVisible();
      await expect(page.getByRole("form", { name: "Add a balance alert" })).toBeVisible();
    },
  },
  {
    name: "an invoice's PDF",
    run: async (page) => {
      const link = page.getByRole("link", { name: /^Download INV-\d{4}-\d{6} as PDF$/ }).first();
      const pdf = await page.request.get((await link.getAttribute("href")) ?? "");
      expect(pdf.status(), "the invoice's PDF").toBe(200);
      expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    },
  },
  ...portingSteps,
];

const visitorSteps: WalkStep[] = [
  {
    name: "visitor: the invitation's link",
    run: async (page, context) => {
      await page.context().clearCookies();
      await page.goto(await context.emailLink(COLLEAGUE, "/invitations/"));
      await expect(
        page.getByRole("heading", { name: `Join ${demoOrganizations.acme.name} on Numbers` }),
      ).toBeVisible();
    },
  },
  {
    name: "visitor: sign up, and the verification link",
    run: async (page, context) => {
      await page.goto("/sign-up");
      await page.getByLabel("Organization name").fill("Memory Walk Ltd");
      await page.getByLabel("Your name").fill("Morgan Walker");
      await page.getByLabel("Email").fill(NEWCOMER);
      await page.getByLabel("Password").fill("a long walk through every page");
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByTestId("account-done").getByTestId("sent-to")).toHaveText(NEWCOMER);
      await page.goto(await context.emailLink(NEWCOMER, "/verify"));
      await expect(page.getByTestId("account-done")).toContainText(`Your email ${NEWCOMER} is verified.`);
    },
  },
  {
    name: "visitor: forgot password, and the reset link",
    run: async (page, context) => {
      await page.context().clearCookies();
      await page.goto("/forgot-password");
      await page.getByLabel("Email").fill(CUSTOMER.email);
      await page.getByRole("button", { name: "Send me a link" }).click();
      await expect(page.getByTestId("account-done")).toContainText("If that email has an account");
      // The form the link opens; the demo password stays as it is.
      await page.goto(await context.emailLink(CUSTOMER.email, "/reset-password"));
      await expect(page.getByLabel("New password")).toBeVisible();
    },
  },
];

const supportSteps: WalkStep[] = [
  {
    name: "support: the compliance review queue",
    run: async (page) => {
      await page.context().clearCookies();
      await signIn(page, "/compliance/review", SUPPORT);
      await visit(page, "/compliance/review", "Compliance review");
    },
  },
  {
    name: "support: the port desk",
    run: async (page, context) => {
      await visit(page, "/porting/desk?status=submitted", "Port desk");
      await expect(
        page.getByTestId("desk-order").filter({ hasText: context.portOrderId ?? "po_" }),
      ).toBeVisible();
    },
  },
  {
    name: "support: every organization's port orders, and one",
    run: async (page, context) => {
      await visit(page, "/porting", "Porting");
      await expect(page.getByTestId("port-order-row").first()).toBeVisible();
      await page.goto(`/porting/${context.portOrderId ?? ""}`);
      await expect(page.getByTestId("port-status").first()).toHaveText("Submitted");
    },
  },
  {
    name: "support: billing accounts",
    run: async (page) => {
      await visit(page, "/billing/accounts", "Billing accounts");
      await expect(page.getByTestId("account-row-org_initech-GBP").getByTestId("standing")).toHaveText(
        "Suspended",
      );
    },
  },
  {
    name: "support: an organization's billing",
    run: async (page) => {
      await visit(page, `/billing?organization_id=${demoOrganizations.acme.id}`, "Billing");
      await expect(page.getByTestId("account-GBP").getByTestId("standing")).toBeVisible();
      await expect(page.getByTestId("invoice-row").first()).toBeVisible();
    },
  },
];

/** The walk, in order. New pages go here (or in portal-walk-porting.ts). */
export const WALK: WalkStep[] = [...customerSteps, ...visitorSteps, ...supportSteps];
