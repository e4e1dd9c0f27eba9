import { expect, test } from "@playwright/test";
import { emptyCart, signIn, users } from "./helpers";

// Issue 14's cart items, each seen by a customer before the fix (the comment says what):
// prices in the product select and a "Cheapest" label that names the cheapest, quantities
// refused in words rather than silently changed, and Remove that says so and can be undone.

type Product = { id: string; name: string; monthly_fee: string; setup_fee: string };
const minor = (amount: string) => Math.round(Number(amount) * 100);

test.skip(({ viewport }) => (viewport?.width ?? 1366) < 600, "the laptop walk-through");

test("the cart's product select prices every product and names the cheapest", async ({ page }) => {
  // Before: no prices, and "Cheapest (Local Basi" named the chosen product, cut short.
  await signIn(page, users.acmeCustomer, "/inventory?country=GB&type=local&region=GB-ENG-LONDON-20");
  await emptyCart(page);
  const add = page
    .getByTestId("inventory-row")
    .first()
    .getByRole("button", { name: /^Add \+44/ });
  const number = ((await add.getAttribute("aria-label")) ?? "").replace(/^Add (\S+) to the cart$/, "$1");
  await add.click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Cart/ }).click();

  const products = (await (await page.request.get("/api/v2/products/GB/local/GB-ENG-LONDON-20")).json()) as {
    GB: { local: Record<string, Product[]> };
  };
  const list = Object.values(products.GB.local).flat();
  const cheapest = [...list].sort(
    (a, b) =>
      minor(a.monthly_fee) - minor(b.monthly_fee) ||
      minor(a.setup_fee) - minor(b.setup_fee) ||
      Number(a.id) - Number(b.id),
  )[0];
  const select = page.getByLabel(`Product for ${number}`);
  await expect(select.locator("option")).toHaveCount(list.length + 1);
  const options = await select.locator("option").allTextContents();
  expect(options[0]).toMatch(new RegExp(`^Cheapest: ${cheapest.name} \\(.*£${cheapest.monthly_fee}.*\\)$`));
  for (const product of list)
    expect(
      options.some(
        (text) => text.startsWith(`${product.name} (`) && text.includes(`£${product.monthly_fee}`),
      ),
    ).toBe(true);
  // Choosing a dearer product leaves the first option naming the cheapest one.
  const dearer = list.find((product) => product.id !== cheapest.id)!;
  await select.selectOption(dearer.id);
  await expect(select.locator("option").first()).toHaveText(options[0]);
});

test("a cart quantity out of range is explained and kept as typed; Remove can be undone", async ({
  page,
}) => {
  // Before: 0 silently became 1 and 150 became 100; Remove dropped focus to the top of the page.
  await signIn(page, users.acmeCustomer, "/products?country=GB&type=local");
  await emptyCart(page);
  const row = page.getByTestId("product-row").first();
  await row.getByRole("button", { name: /^Add / }).click();
  await expect(row.getByRole("status")).toHaveText("1 added to the cart");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Cart/ }).click();

  const quantity = page.getByTestId("cart-line").getByRole("spinbutton");
  await expect(quantity).toHaveAccessibleName(/^Quantity in \S/);
  for (const [typed, message] of [
    ["0", "0 is too few: enter a whole number from 1 to 100."],
    ["150", "150 is more than one order line takes: enter a whole number from 1 to 100."],
    ["2.5", "2.5 is not a whole number. Enter a whole number from 1 to 100."],
  ] as const) {
    await quantity.fill(typed);
    await expect(quantity).toHaveValue(typed);
    await expect(quantity).toHaveAttribute("aria-invalid", "true");
    await expect(quantity).toHaveAccessibleDescription(message);
  }
  await quantity.fill("3");
  await expect(quantity).not.toHaveAttribute("aria-invalid", "true");

  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await line.getByRole("button", { name: /^Remove / }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(0);
  const undo = page.getByRole("button", { name: "Undo" });
  await expect(page.getByRole("status").filter({ hasText: /^Removed .* from your cart\./ })).toBeVisible();
  await expect(undo).toBeFocused();
  await undo.click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByTestId("cart-line").getByRole("spinbutton")).toHaveValue("3");
});
