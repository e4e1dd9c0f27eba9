import { expect, test } from "@playwright/test";
import { demoToken, laptopOnly } from "./helpers";

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
  await expect(
    page.getByRole("heading", { name: "List the countries numbers are sold in", level: 3 }),
  ).toBeVisible();
  // One <main> element, not one main landmark with others renamed (HTML allows one visible main).
  await expect(page.locator("main:not([hidden])")).toHaveCount(1);
  await expect(page.getByRole("main")).toHaveCount(1);
  // Nothing but code blocks is wider than the screen.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBe(0);

  // The tag's own page, by the link a reader shares.
  await page.goto("/docs/orders#POST/order");
  const order = page.getByRole("region", {
    name: "Order numbers: named ones, or a quantity in a geography (back-ordered beyond stock)",
    exact: true,
  });
  await expect(order).toBeInViewport();
  const example = order.getByRole("figure", { name: "Example request body" }).locator("code");
  await expect(example).toContainText('"region": "US-NY-NEW_YORK-212"');
  const copied = JSON.parse(await example.innerText()) as unknown;
  const placed = await request.post("/api/v2/order", {
    headers: { authorization: `Bearer ${demoToken()}` },
    data: copied,
  });
  expect(placed.status(), await placed.text()).toBe(200);

  // The request client, opened from the page, keeps one <main> too.
  await order.getByRole("button", { name: "Test Request (post /order)" }).click();
  await expect(page.getByRole("dialog")).toBeVisible({ timeout: 30_000 });
  await expect(page.locator("main:not([hidden])")).toHaveCount(1);
});

test(
  "a tag's OpenAPI document is served beside its page, and the full one where it always was",
  laptopOnly,
  async ({ request }) => {
    const tag = await request.get("/docs/inventory/openapi.json");
    expect(tag.status()).toBe(200);
    const document = (await tag.json()) as { tags: Array<{ name: string }>; paths: Record<string, unknown> };
    expect(document.tags.map((entry) => entry.name)).toEqual(["Inventory"]);
    const full = (await (await request.get("/api/v2/openapi.json")).json()) as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(full.paths).length).toBeGreaterThan(Object.keys(document.paths).length);
    expect((await request.get("/docs/no-such-tag")).status()).toBe(404);
  },
);
