import { expect, test } from "@playwright/test";
import { demoToken, signIn, users } from "./helpers";

// Contract §7: named numbers are all or nothing. A number bought by someone else while it
// sat in the cart makes checkout answer 409; the cart marks it, and without it the order goes through.
test("checkout marks a number someone else bought, and completes once it is removed", async ({ page, request }) => {
  await signIn(page, users.globexCustomer, "/inventory?country=US&type=local&region=US-NY-NEW_YORK-212");

  const rows = page.getByRole("table").getByRole("row");
  const numbers: string[] = [];
  for (const index of [1, 2]) {
    const button = rows.nth(index).getByRole("button", { name: /^Add \+1/ });
    numbers.push(((await button.getAttribute("aria-label")) ?? "").replace(/^Add (\S+) to the cart$/, "$1"));
    await button.click();
  }
  const [taken, kept] = numbers;

  // Someone else (Acme, through the API) buys the first one.
  const bought = await request.post("/api/v2/order", {
    headers: { authorization: `Bearer ${demoToken()}` },
    data: { contact_name: "Someone else", items: [{ number_e164: taken }] },
  });
  expect(bought.status()).toBe(200);

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Cart/ }).click();
  await page.getByLabel("Contact name").fill("Jordan Lee");
  await page.getByRole("button", { name: "Place order" }).click();

  const warning = page.getByRole("alert").filter({ hasText: "bought by someone else" });
  await expect(warning).toContainText(taken);
  await expect(page.getByTestId("cart-line").filter({ hasText: taken })).toContainText("No longer available");
  await expect(page.getByRole("button", { name: "Place order" })).toBeDisabled();

  await warning.getByRole("button", { name: "Remove unavailable numbers" }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line")).toContainText(kept);
  await page.getByRole("button", { name: "Place order" }).click();

  await expect(page).toHaveURL(/\/orders\/ORD-[A-Z2-7]{10}\?placed=1$/);
  await expect(page.getByText(kept, { exact: true })).toBeVisible();
  await expect(page.getByText(taken, { exact: true })).toHaveCount(0);
});
