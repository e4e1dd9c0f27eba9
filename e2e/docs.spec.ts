import { expect, test } from "@playwright/test";
import { signIn, users } from "./helpers";

// /docs: Scalar's reference, bundled with the app. Everything the page loads must come from
// this server: any other host is blocked and recorded, and the test fails if there is one.
test("the API reference renders from this server only, with badges, limits, code samples and try-it", async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "http://localhost").origin;
  const outside: string[] = [];
  await context.route("**/*", async (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    outside.push(url);
    return route.abort("blockedbyclient");
  });

  // /docs is public: sign in elsewhere, so "try it" carries the session.
  await signIn(page, users.acmeCustomer);
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "API documentation" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Numbers API", level: 1 })).toBeVisible({ timeout: 60_000 });

  // Every group of the document, and an operation's lifecycle badge.
  for (const tag of ["Reference data", "Inventory", "Products", "Orders", "Numbers", "Tokens"]) {
    await expect(page.getByText(tag, { exact: true }).first()).toBeAttached();
  }
  // Code samples: curl by default, against this server.
  const countries = page.getByRole("region", { name: "List the countries numbers are sold in", exact: true });
  await expect(countries.locator("code", { hasText: "curl" }).first()).toContainText(
    `${origin}/api/v2/countries`,
  );

  // Try it, with the signed-in session's cookie: the real API answers.
  await countries.getByRole("button", { name: "Test Request (get /countries)" }).click();
  const client = page.getByRole("dialog");
  await client.getByRole("button", { name: /send/i }).first().click();
  await expect(client).toContainText("200", { timeout: 30_000 });
  await expect(client).toContainText("United Kingdom");

  // Scalar renders an operation when it is reached: a link to it opens it.
  await page.goto("/docs#tag/inventory/GET/inventory/{country}");
  const inventory = page.getByRole("region", {
    name: "Search the numbers for sale in a country",
    exact: true,
  });
  await expect(inventory).toContainText("Stable", { timeout: 30_000 });
  // The parameters' types and limits, from the document.
  await expect(inventory).toContainText(/integer\W*Format:\W*int32\W*min:\W*1\W*max:\W*1000\D/);
  await expect(inventory).toContainText(/integer\W*Format:\W*int32\W*min:\W*0\W*max:\W*100000\D/);
  // A boolean filter takes true, false, 1 or 0, and says so (a `boolean` would refuse 1 and 0).
  await expect(inventory).toContainText(/sms_enabled.*Type:\W*string\W*enum/);
  await expect(inventory).toContainText("truefalse10");

  // Descriptions are Markdown: a scope is a code span, never raw backticks.
  await expect(inventory.locator("code", { hasText: "inventory:read" }).first()).toBeAttached();
  expect(await page.locator("main#main").innerText()).not.toContain("`");

  expect(outside).toEqual([]);
});

test("other pages do not load the reference's script", async ({ page }) => {
  await signIn(page, users.acmeCustomer, "/inventory");
  // Scalar's module sets Vue's feature flags on the global object when it is imported.
  expect(await page.evaluate(() => "__VUE_OPTIONS_API__" in globalThis)).toBe(false);
  await page.goto("/docs");
  await expect
    .poll(() => page.evaluate(() => "__VUE_OPTIONS_API__" in globalThis), { timeout: 30_000 })
    .toBe(true);
});

// Scalar's "Ask AI" would upload the document to a third party (and the CSP
// blocks it); Scalar's own <main> elements nested in the portal's; an order example that mixed
// both item shapes with empty strings.
test("the reference has no Ask AI, one main landmark, and a working order example", async ({ page }) => {
  // /docs is public: sign in elsewhere, so "try it" carries the session.
  await signIn(page, users.acmeCustomer);
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Numbers API", level: 1 })).toBeVisible({ timeout: 60_000 });

  await expect(page.getByRole("main")).toHaveCount(1);
  await expect(page.getByText(/ask ai/i)).toHaveCount(0);
  await expect(page.locator(".agent-button-container, .ask-agent-scalar-input")).toHaveCount(0);

  await page.goto("/docs#tag/orders/POST/order");
  const order = page.getByRole("region", {
    name: "Order numbers: named ones, or a quantity in a geography (back-ordered beyond stock)",
    exact: true,
  });
  const example = order.locator("code", { hasText: "contact_name" }).first();
  await expect(example).toContainText('"contact_name": "Ada Lovelace"', { timeout: 30_000 });
  await expect(example).toContainText('"region": "US-NY-NEW_YORK-212"');
  await expect(example).not.toContainText('""');
  // Opening the request client keeps one main landmark too.
  await order.getByRole("button", { name: "Test Request (post /order)" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("main")).toHaveCount(1);
});
