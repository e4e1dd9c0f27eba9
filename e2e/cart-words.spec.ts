import { expect, test } from "@playwright/test";
import { emptyCart, openAs, users } from "./helpers";

// What customers ran into in the cart, each seen by a customer before the fix (the comment says what):
// prices in the product select and a "Cheapest" label that names the cheapest, quantities
// refused in words rather than silently changed, and Remove that says so and can be undone.

type Product = { id: string; name: string; monthly_fee: string; setup_fee: string };
const minor = (amount: string) => Math.round(Number(amount) * 100);

test.skip(({ viewport }) => (viewport?.width ?? 1366) < 600, "the laptop walk-through");

test("the cart's product select prices every product and names the cheapest", async ({ page }) => {
  // Before: no prices, and "Cheapest (Local Basi" named the chosen product, cut short.
  await openAs(page, users.acmeCustomer, "/inventory?country=GB&type=local&region=GB-ENG-LONDON-20");
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
  await openAs(page, users.acmeCustomer, "/products?country=GB&type=local");
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

// Checkout went through while a quantity showed its error (typed 500,
// ordered 3 without a word); the contact field's error named the API's field; a failed order
// did not say that nothing was ordered.
test("checkout waits while a quantity shows an error, and says why in words", async ({ page }) => {
  await openAs(page, users.acmeCustomer, "/products?country=GB&type=local");
  await emptyCart(page);
  const row = page.getByTestId("product-row").first();
  await row.getByRole("spinbutton").fill("3");
  await row.getByRole("button", { name: /^Add / }).click();
  await expect(row.getByRole("status")).toHaveText("3 added to the cart");
  const region = ((await row.getByRole("rowheader").textContent()) ?? "").trim();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Cart/ }).click();

  let orders = 0;
  await page.route("**/api/v2/order", (route) => {
    orders += 1;
    return route.continue();
  });
  await page.getByTestId("cart-line").getByRole("spinbutton").fill("500");
  await page.getByLabel("Contact name").fill("Alex Carter");
  await page.getByRole("button", { name: "Place order" }).click();
  const checkout = page.getByRole("form", { name: "Checkout" });
  await expect(checkout.getByRole("alert")).toHaveText(
    `Nothing was ordered. Fix the quantity in ${region} first: each line takes a whole number from 1 to 100.`,
  );
  await expect(page).toHaveURL(/\/cart$/);
  expect(orders).toBe(0);
  await emptyCart(page);
});

test("checkout names the contact field in words, and a failed order says nothing was ordered", async ({
  page,
}) => {
  await openAs(page, users.acmeCustomer, "/products?country=GB&type=local");
  await emptyCart(page);
  const row = page.getByTestId("product-row").first();
  await row.getByRole("button", { name: /^Add / }).click();
  await expect(row.getByRole("status")).toHaveText("1 added to the cart");
  await page.goto("/cart");

  await page.getByRole("button", { name: "Place order" }).click();
  const contact = page.getByLabel("Contact name");
  await expect(contact).toHaveAttribute("aria-invalid", "true");
  await expect(contact).toHaveAccessibleDescription(
    /Enter the name of the person we contact about this order \(up to 200 characters\)\./,
  );
  await expect(page.getByText(/contact_name/)).toHaveCount(0);

  await page.route("**/api/v2/order", (route) =>
    route.fulfill({
      status: 503,
      json: {
        message: "m",
        error: { code: "service_unavailable", message: "The database is busy.", details: "" },
      },
    }),
  );
  await contact.fill("Alex Carter");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("form", { name: "Checkout" }).getByRole("alert")).toHaveText(
    "Nothing was ordered. The database is busy.",
  );
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await emptyCart(page);
});
