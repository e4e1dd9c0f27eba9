import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, openAs, users } from "./helpers";

// /docs: the API reference, one OpenAPI tag a page, rendered by this server; "Test Request" opens
// Scalar's request client, bundled with the app. Everything the page loads must come from this
// server: any other host is blocked and recorded, and the test fails if there is one.
const countriesName = "List the countries numbers are sold in";
const inventoryName = "Search the numbers for sale in a country";
const orderName = "Order numbers: named ones, or a quantity in a geography (back-ordered beyond stock)";

const clientLoaded = (page: Page) => page.evaluate(() => "__VUE_OPTIONS_API__" in globalThis);

test("the API reference renders from this server only, a tag a page, with badges, limits, code samples and try-it", async ({
  page,
  context,
  baseURL,
}, testInfo) => {
  const origin = new URL(baseURL ?? "http://localhost").origin;
  const outside: string[] = [];
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    outside.push(url);
    return route.abort("blockedbyclient");
  });

  // /docs is public: sign in elsewhere, so "try it" carries the session.
  await openAs(page, users.acmeCustomer);
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "API documentation", level: 1 })).toBeVisible();
  // The first tag's operations are in the page as served: no script renders them.
  await expect(page.getByRole("heading", { name: countriesName, level: 3 })).toBeVisible();

  // Every tag of the document is a link to its own page; the first one is this page.
  const nav = page.getByRole("navigation", { name: "API reference" });
  for (const tag of ["Reference data", "Inventory", "Products", "Orders", "Numbers", "Tokens", "Port-in"])
    await expect(nav.getByRole("link", { name: tag, exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Reference data", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Code samples: curl by default, against this server; a lifecycle badge.
  const countries = page.getByRole("region", { name: countriesName, exact: true });
  await expect(countries.getByText("Stable", { exact: true })).toBeVisible();
  await expect(countries.locator("code", { hasText: "curl" }).first()).toContainText(
    `${origin}/api/v2/countries`,
  );

  // The request client's script is not loaded with the page, only when asked for.
  expect(await clientLoaded(page)).toBe(false);

  // Try it, with the signed-in session's cookie: the real API answers.
  await countries.getByRole("button", { name: "Test Request (get /countries)" }).click();
  const client = page.getByRole("dialog");
  await client.getByRole("button", { name: /send/i }).first().click();
  await expect(client).toContainText("200", { timeout: 30_000 });
  await expect(client).toContainText("United Kingdom");
  expect(await clientLoaded(page)).toBe(true);
  await page.keyboard.press("Escape");
  await expect(client).toBeHidden();

  // A tag's page, reached by its link: its operations, shareable by URL.
  await nav.getByRole("link", { name: "Inventory", exact: true }).click();
  await expect(page).toHaveURL(/\/docs\/inventory$/);
  const inventory = page.getByRole("region", { name: inventoryName, exact: true });
  await expect(inventory.getByRole("heading", { name: inventoryName, level: 3 })).toBeVisible();
  await expect(inventory).toContainText("Stable");
  // The parameters' types and limits, from the document.
  await expect(inventory.getByText("min 1 · max 1000 · default 50", { exact: true })).toBeVisible();
  await expect(inventory.getByText("min 0 · max 100000 · default 0", { exact: true })).toBeVisible();
  await expect(inventory.getByText("integer · int32", { exact: true }).first()).toBeVisible();
  // A boolean filter takes true, false, 1 or 0, and says so (a `boolean` would refuse 1 and 0).
  await expect(inventory.getByText("one of true, false, 1, 0", { exact: true }).first()).toBeVisible();
  // Descriptions are Markdown: a scope is a code span, never raw backticks.
  await expect(inventory.locator("code", { hasText: "inventory:read" }).first()).toBeVisible();
  for (const text of await page.locator("main#main p").allInnerTexts()) expect(text).not.toContain("`");
  await expectAccessible(page, testInfo, "docs-inventory");

  // An operation's own link, and one made to the reference when it was one page, both land on it.
  await page.goto("/docs#tag/inventory/GET/inventory/{country}");
  await expect(page).toHaveURL(/\/docs\/inventory#GET\/inventory\/(\{|%7B)country(\}|%7D)$/);
  await expect(inventory).toBeInViewport();

  expect(outside).toEqual([]);
});

test("the reference is usable from the keyboard: a tag's link, then its request client", async ({ page }) => {
  await page.goto("/docs");
  const orders = page
    .getByRole("navigation", { name: "API reference" })
    .getByRole("link", { name: "Orders" });
  await orders.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/docs\/orders$/);
  const order = page.getByRole("region", { name: orderName, exact: true });
  const button = order.getByRole("button", { name: "Test Request (post /order)" });
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 30_000 });
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
});

// One main landmark, with or without the request client open; no "Ask AI" (Scalar's would
// upload the document to a third party); an order example that works as written.
test("the reference has no Ask AI, one main landmark, and a working order example", async ({ page }) => {
  // /docs is public: sign in elsewhere, so "try it" carries the session.
  await openAs(page, users.acmeCustomer);
  await page.goto("/docs/orders");
  await expect(page.getByRole("heading", { name: "Orders", level: 2 })).toBeVisible();

  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByText(/ask ai/i)).toHaveCount(0);

  const order = page.getByRole("region", { name: orderName, exact: true });
  const example = order.getByRole("figure", { name: "Example request body" }).locator("code");
  await expect(example).toContainText('"contact_name": "Ada Lovelace"');
  await expect(example).toContainText('"region": "US-NY-NEW_YORK-212"');
  await expect(example).not.toContainText('""');
  // Opening the request client keeps one main landmark too.
  await order.getByRole("button", { name: "Test Request (post /order)" }).click();
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByText(/ask ai/i)).toHaveCount(0);
});
