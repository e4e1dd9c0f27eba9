import { expect, test } from "@playwright/test";
import { signIn, users } from "./helpers";

// At 390×844 (the mobile project only): the header folds behind a Menu button that reaches
// every page, and a search moves to its results, which start far below the form.
test("the Menu button opens every link of the header, API tokens and Docs included", async ({ page }) => {
  await signIn(page, users.acmeCustomer, "/inventory");
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

test("after Search the results take focus and are scrolled into view", async ({ page }) => {
  await signIn(page, users.acmeCustomer, "/inventory");
  await page.getByLabel("Country").selectOption("GB");
  await page.getByRole("button", { name: "Search numbers" }).click();
  const results = page.getByRole("region", { name: /^Results/ });
  await expect(results).toBeFocused();
  await expect(page.getByTestId("inventory-row").first()).toBeInViewport();
});

test("after a search of numbers the results take focus and are in view", async ({ page }) => {
  await signIn(page, users.acmeCustomer, "/numbers");
  await page.getByLabel("Number, name or extension").fill("office");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("region", { name: "Results" })).toBeFocused();
  await expect(page.getByRole("link", { name: "Manchester office" })).toBeInViewport();
});
