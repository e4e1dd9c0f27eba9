import { expect, test } from "@playwright/test";
import { demoToken } from "./helpers";

// /docs without signing in: the API reference is as public as the OpenAPI document it shows.
// At 1366×768 and 390×844. The order example is copied from the page as a person would and
// sent with the demo token: it must be accepted.
test("the API reference is public, has one <main>, and its order example works when copied", async ({
  page,
  request,
}) => {
  await page.goto("/docs");
  await expect(page).toHaveURL(/\/docs$/);
  await expect(page.getByRole("heading", { name: "API documentation" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute(
    "href",
    "/sign-in?callbackUrl=%2Fdocs",
  );
  await expect(page.getByRole("heading", { name: "Numbers API", level: 1 })).toBeVisible({ timeout: 60_000 });
  // One <main> element, not one main landmark with others renamed (HTML allows one visible main).
  await expect(page.locator("main:not([hidden])")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);

  await page.goto("/docs#tag/orders/POST/order");
  const order = page.getByRole("region", {
    name: "Order numbers: named ones, or a quantity in a geography (back-ordered beyond stock)",
    exact: true,
  });
  const example = order.locator("code", { hasText: "contact_name" }).first();
  await expect(example).toContainText('"region": "US-NY-NEW_YORK-212"', { timeout: 30_000 });
  const text = await example.innerText();
  const copied = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as unknown;
  const placed = await request.post("/api/v2/order", {
    headers: { authorization: `Bearer ${demoToken()}` },
    data: copied,
  });
  expect(placed.status(), await placed.text()).toBe(200);

  // The request client, opened from the page, keeps one <main> too.
  await order.getByRole("button", { name: "Test Request (post /order)" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.locator("main:not([hidden])")).toHaveCount(1);
});
