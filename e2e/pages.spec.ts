import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, expectNoHorizontalScroll, screenshot, signIn, users } from "./helpers";

// Every page, with data on it: no serious or critical axe violation, usable at 375 px, and a
// screenshot of each under test-results/screenshots.
type PageCase = { name: string; path: string | ((page: Page) => Promise<string>); ready: (page: Page) => Promise<void> };

const pages: PageCase[] = [
  { name: "inventory", path: "/inventory?country=GB&type=local", ready: async (page) => void (await expect(page.getByRole("button", { name: /^Add \+44/ }).first()).toBeVisible()) },
  { name: "inventory-empty", path: "/inventory", ready: async (page) => void (await expect(page.getByText("Choose a country to start")).toBeVisible()) },
  { name: "products", path: "/products?country=US&type=local", ready: async (page) => void (await expect(page.getByRole("img", { name: /Cheapest monthly fee/ })).toBeVisible()) },
  { name: "cart", path: "/cart", ready: async (page) => void (await expect(page.getByTestId("cart-line").first()).toBeVisible()) },
  { name: "orders", path: "/orders", ready: async (page) => void (await expect(page.getByRole("link", { name: /^ORD-/ }).first()).toBeVisible()) },
  {
    name: "order",
    path: async (page) => {
      await page.goto("/orders");
      return (await page.getByRole("link", { name: /^ORD-/ }).first().getAttribute("href")) ?? "/orders";
    },
    ready: async (page) => void (await expect(page.getByText("Status", { exact: true })).toBeVisible()),
  },
  { name: "numbers", path: "/numbers", ready: async (page) => void (await expect(page.getByRole("link", { name: "Main line" })).toBeVisible()) },
  { name: "number", path: "/numbers/num_acme_main?at=2026-03-10T10:00:00Z", ready: async (page) => void (await expect(page.getByTestId("active-rule")).toContainText("Office hours")) },
  { name: "tokens", path: "/tokens", ready: async (page) => void (await expect(page.getByTestId("token-row").first()).toBeVisible()) },
  { name: "docs", path: "/docs", ready: async (page) => void (await expect(page.getByRole("heading", { name: "API documentation" })).toBeVisible()) },
];

test("the sign-in page is accessible at any width", async ({ page }, testInfo) => {
  await page.goto("/sign-in");
  await expectAccessible(page, testInfo, "sign-in");
  await screenshot(page, testInfo, "sign-in");
  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalScroll(page, "sign-in");
  await screenshot(page, testInfo, "sign-in-375");
});

test("every portal page is accessible, fits 375 px, and is photographed", async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  await signIn(page, users.acmeCustomer, "/inventory?country=GB&type=local");
  // Something in the cart, so the cart page has lines to show.
  await page.getByRole("button", { name: /^Add \+44/ }).first().click();

  for (const entry of pages) {
    await test.step(entry.name, async () => {
      await page.setViewportSize({ width: 1280, height: 900 });
      const path = typeof entry.path === "string" ? entry.path : await entry.path(page);
      await page.goto(path);
      await entry.ready(page);
      await expectAccessible(page, testInfo, entry.name);
      await screenshot(page, testInfo, entry.name);
      await page.setViewportSize({ width: 375, height: 800 });
      await entry.ready(page);
      await expectNoHorizontalScroll(page, entry.name);
      await screenshot(page, testInfo, `${entry.name}-375`);
    });
  }
});
