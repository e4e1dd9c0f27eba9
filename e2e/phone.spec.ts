import { expect, test } from "@playwright/test";
import { openAs, users } from "./helpers";

// At 390×844 (the mobile project only): the header folds behind a Menu button that reaches
// every page, and a search moves to its results, which start far below the form.
test("the Menu button opens every link of the header, API tokens and Docs included", async ({ page }) => {
  await openAs(page, users.acmeCustomer, "/inventory");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Docs" })).toBeHidden();
  const menu = page.getByRole("button", { name: "Menu" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  for (const name of [
    "Inventory",
    "Products",
    "Cart",
    "Orders",
    "Numbers",
    "Compliance",
    "API tokens",
    "Webhooks",
    "Docs",
  ]) {
    const link = nav.getByRole("link", { name, exact: name !== "Cart" });
    await expect(link).toBeInViewport({ ratio: 1 });
  }
  await nav.getByRole("link", { name: "API tokens" }).click();
  await expect(page).toHaveURL(/\/tokens$/);
  await expect(nav.getByRole("link", { name: "Docs" })).toBeHidden();
});

test("after Search, and after refining it, the Results heading takes focus at the top of the screen", async ({
  page,
}) => {
  await openAs(page, users.acmeCustomer, "/inventory");
  await page.getByLabel("Country").selectOption("GB");
  await page.getByRole("button", { name: "Search numbers" }).click();
  const heading = page.getByRole("heading", { name: /^Results/ });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("inventory-row").first()).toBeInViewport();
  // Before: refining landed on result 24 of 50, the heading far above the screen.
  await page.getByLabel("Number type").selectOption("local");
  await page.getByRole("button", { name: "Search numbers" }).click();
  await expect(page).toHaveURL(/type=local/);
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport({ ratio: 1 });
  const header = (await page.locator(".site-header").boundingBox())!;
  const top = (await heading.boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(header.y + header.height);
  expect(top).toBeLessThan(header.y + header.height + 100);
});

// Before: going offline mid-search replaced the portal with the browser's offline page.
test("a search made offline shows the search's error in the portal, and Try again works once back", async ({
  page,
  context,
}) => {
  await openAs(page, users.acmeCustomer, "/inventory?country=GB");
  await expect(page.getByTestId("inventory-row").first()).toBeVisible();
  await context.setOffline(true);
  await page.getByLabel("Number type").selectOption("local");
  await page.getByRole("button", { name: "Search numbers" }).click();
  const failed = page.getByRole("alert").filter({ hasText: "The search failed" });
  await expect(failed).toContainText("The server could not be reached. Check your connection and try again.");
  await expect(page.getByRole("heading", { name: "Find numbers" })).toBeVisible();
  await expect(page).toHaveURL(/country=GB&type=local/);
  await context.setOffline(false);
  await failed.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByTestId("inventory-row").first()).toBeVisible();
  await expect(page.getByTestId("inventory-row").first()).toContainText("Local");
});

test("closing the menu leaves focus on the Menu button, not at the top of the page", async ({ page }) => {
  await openAs(page, users.acmeCustomer, "/inventory");
  const menu = page.getByRole("button", { name: "Menu" });
  await menu.click();
  const nav = page.getByRole("navigation", { name: "Main" });
  await nav.getByRole("link", { name: "Products" }).focus();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await menu.click();
  await expect(menu).toBeFocused();
});

test("products and the cart fit a phone: no sideways scroll, the product select on one line", async ({
  page,
}) => {
  await openAs(page, users.acmeCustomer, "/products?country=US&type=local");
  await expect(page.getByTestId("product-row").first()).toBeVisible();
  const overflow = () =>
    page.evaluate(() => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);

  await page.goto("/inventory?country=GB&type=local&region=GB-ENG-LONDON-20");
  const add = page
    .getByTestId("inventory-row")
    .first()
    .getByRole("button", { name: /^Add \+44/ });
  const number = ((await add.getAttribute("aria-label")) ?? "").replace(/^Add (\S+) to the cart$/, "$1");
  await add.click();
  await page.goto("/cart");
  const select = page.getByLabel(`Product for ${number}`);
  await expect(select).toBeVisible();
  // Before: the chosen product's name and price wrapped inside the select, its second line cut.
  const fits = await select.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      wraps: style.whiteSpace !== "nowrap" && style.whiteSpace !== "pre",
      cut: element.scrollHeight > element.clientHeight,
    };
  });
  expect(fits).toEqual({ wraps: false, cut: false });
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.getByRole("button", { name: `Remove ${number}` }).click();
});

test("after a search of numbers the results take focus and are in view", async ({ page }) => {
  await openAs(page, users.acmeCustomer, "/numbers");
  await page.getByLabel("Number, name or extension").fill("office");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("region", { name: "Results" })).toBeFocused();
  await expect(page.getByRole("link", { name: "Manchester office" })).toBeInViewport();
});
