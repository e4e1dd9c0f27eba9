import { expect, test } from "@playwright/test";
import { emptyCart, expectAccessible, expectNoHorizontalScroll, laptopOnly, openAs, users } from "./helpers";

// What each role may do shows before the click (the permission table of lib/auth/roles.ts):
// a viewer or billing person is not offered a rule editor whose Save would be refused, a
// developer or viewer no "Add to cart" whose refusal ends "Try again". Then two things a buyer
// does: a line's Renew renews that hold only, and focus follows the rule editor opening.

const NEW_YORK = "/inventory?country=US&type=local&region=US-NY-NEW_YORK-212";
const RULES_REFUSAL = (role: string) =>
  `Changing a number's rules needs the owner, admin, developer or support role; your role is ${role}.`;
const CART_REFUSAL = (role: string) =>
  `Holding and buying numbers needs the owner, admin or billing role; your role is ${role}.`;

for (const role of ["viewer", "billing"]) {
  test(`a ${role} sees why the rules cannot be edited, before opening the editor`, async ({
    page,
  }, testInfo) => {
    await openAs(page, `${role}@acme.example`, "/numbers/num_acme_main");
    const edit = page.getByRole("button", { name: /^(Edit|Set up) rules$/ });
    await expect(edit).toBeDisabled();
    await expect(edit).toHaveAccessibleDescription(RULES_REFUSAL(role));
    await expect(page.getByTestId("rules-refusal")).toHaveText(RULES_REFUSAL(role));
    await expect(page.getByRole("heading", { name: "Edit rules" })).toHaveCount(0);
    await expectAccessible(page, testInfo, `rules-refused-${role}`);
    await expectNoHorizontalScroll(page, `a number's page for a ${role}`);
  });
}

for (const role of ["developer", "viewer"]) {
  test(`a ${role} sees why numbers cannot be added to the cart, on inventory and products`, async ({
    page,
  }, testInfo) => {
    await openAs(page, `${role}@acme.example`, NEW_YORK);
    await expect(page.getByTestId("inventory-row").first()).toBeVisible();
    await expect(page.getByTestId("cart-refusal")).toHaveText(CART_REFUSAL(role));
    const add = page
      .getByTestId("inventory-row")
      .first()
      .getByRole("button", { name: /^Add \+1/ });
    await expect(add).toBeDisabled();
    await expect(add).toHaveAccessibleDescription(CART_REFUSAL(role));
    await expect(page.getByTestId("add-failed")).toHaveCount(0);
    await expectAccessible(page, testInfo, `inventory-refused-${role}`);
    await expectNoHorizontalScroll(page, `inventory for a ${role}`);

    await page.goto("/products?country=GB&type=local");
    await expect(page.getByTestId("product-row").first()).toBeVisible();
    await expect(page.getByTestId("cart-refusal")).toHaveText(CART_REFUSAL(role));
    const addProduct = page.getByTestId("product-row").first().getByRole("button", { name: /^Add / });
    await expect(addProduct).toBeDisabled();
    await expect(addProduct).toHaveAccessibleDescription(CART_REFUSAL(role));
    await expectAccessible(page, testInfo, `products-refused-${role}`);
  });
}

test(
  "an owner's buttons stay enabled, and opening the editor moves focus to it, closing it back",
  laptopOnly,
  async ({ page }) => {
    await openAs(page, users.acmeCustomer, "/numbers/num_acme_main");
    await expect(page.getByTestId("rules-refusal")).toHaveCount(0);
    const edit = page.getByRole("button", { name: /^(Edit|Set up) rules$/ });
    await edit.click();
    await expect(page.getByRole("heading", { name: "Edit rules" })).toBeFocused();
    await page.getByRole("button", { name: "Close editor" }).click();
    await expect(edit).toBeFocused();

    await page.goto(NEW_YORK);
    await expect(page.getByTestId("inventory-row").first()).toBeVisible();
    await expect(page.getByTestId("cart-refusal")).toHaveCount(0);
    await expect(
      page
        .getByTestId("inventory-row")
        .first()
        .getByRole("button", { name: /^Add \+1/ }),
    ).toBeEnabled();
  },
);

type CartAnswer = { data: { lines: Array<{ number_e164: string; hold: { held_until: string | null } }> } };

test("Renew on one cart line renews that hold only", async ({ page }, testInfo) => {
  await openAs(page, "admin@acme.example", NEW_YORK);
  await emptyCart(page);
  const rows = page.getByTestId("inventory-row");
  const numbers: string[] = [];
  for (const index of [0, 1]) {
    const button = rows.nth(index).getByRole("button", { name: /^Add \+1/ });
    numbers.push(((await button.getAttribute("aria-label")) ?? "").replace(/^Add (\S+) to the cart$/, "$1"));
    await button.click();
    await expect(rows.nth(index).getByRole("button", { name: /is in the cart$/ })).toBeVisible();
  }
  const holds = async () =>
    new Map(
      ((await (await page.request.get("/api/v2/cart")).json()) as CartAnswer).data.lines.map((line) => [
        line.number_e164,
        line.hold.held_until,
      ]),
    );
  // The button says "in the cart" as soon as it is clicked (the cart updates optimistically):
  // wait until the server's cart holds both lines before reading their hold times.
  await expect.poll(async () => [...(await holds()).keys()].sort()).toEqual([...numbers].sort());
  const before = await holds();

  await page.goto("/cart");
  const [first, second] = numbers;
  const line = page.getByTestId("cart-line").filter({ hasText: second });
  await line.getByRole("button", { name: `Renew the hold on ${second}` }).click();
  await expect(line.getByRole("button", { name: `Renew the hold on ${second}` })).toHaveText("Renew");
  await expect.poll(async () => (await holds()).get(second)).not.toBe(before.get(second));
  const after = await holds();
  expect(Date.parse(after.get(second) ?? "")).toBeGreaterThan(Date.parse(before.get(second) ?? ""));
  // The other line's hold keeps its own time.
  expect(after.get(first)).toBe(before.get(first));
  await expectNoHorizontalScroll(page, "the cart after a renewal");
  await testInfo.attach("holds", { body: JSON.stringify({ before: [...before], after: [...after] }) });

  await emptyCart(page);
});
