import { expect, test, type Page } from "@playwright/test";
import { emptyCart, screenshot, openAs, users } from "./helpers";

// A customer's whole purchase: search with filters, pick numbers, compare products, add a
// region's numbers, check out, and find the order.
// The organization's orders, as the API counts them (X-Total-Count), with the page's session.
async function orderTotal(page: Page): Promise<number> {
  const response = await page.request.get("/api/v2/orders?limit=1");
  expect(response.status()).toBe(200);
  return Number(response.headers()["x-total-count"]);
}

test("a customer searches, fills the cart from inventory and products, checks out and sees the order", async ({
  page,
}, testInfo) => {
  await openAs(page, users.acmeCustomer, "/inventory");
  await emptyCart(page);
  const ordersBefore = await orderTotal(page);

  // Search with filters; they land in the query string.
  const filters = page.getByRole("form", { name: "Search numbers" });
  await filters.getByLabel("Country").selectOption("GB");
  await filters.getByLabel("Number type").selectOption("local");
  await filters.getByLabel("Region").selectOption("GB-ENG-LONDON-20");
  await filters.getByLabel("Voice").selectOption("true");
  await filters.getByLabel("Results per page").selectOption("25");
  await filters.getByRole("button", { name: "Search numbers" }).click();
  await expect(page).toHaveURL(/country=GB&type=local&region=GB-ENG-LONDON-20&voice_enabled=true&limit=25/);

  const rows = page.getByRole("table").getByRole("row");
  await expect(rows.nth(1)).toBeVisible();
  await expect(page.getByRole("heading", { name: /Results · [\d,]+ numbers/ })).toBeVisible();
  // A full page of 25, every one in the region asked for (the header row has no cells).
  const results = rows.filter({ has: page.getByRole("cell") });
  await expect(results).toHaveCount(25);
  for (const row of await results.all())
    await expect(row.getByRole("cell").nth(1)).toContainText("London (020)");

  // The search survives a reload: the filters are read back from the URL.
  await page.reload();
  await expect(filters.getByLabel("Region")).toHaveValue("GB-ENG-LONDON-20");
  await expect(filters.getByLabel("Voice")).toHaveValue("true");

  // Page two, via the pager.
  const firstOnPageOne = await rows.nth(1).getByRole("cell").first().innerText();
  await page.getByRole("button", { name: "Next →" }).click();
  await expect(page).toHaveURL(/offset=25/);
  await expect(rows.nth(1).getByRole("cell").first()).not.toHaveText(firstOnPageOne);
  await page.getByRole("button", { name: "← Previous" }).click();
  await expect(page).not.toHaveURL(/offset=/);
  // The URL changes at once; page one's rows replace page two's when they arrive.
  await expect(rows.nth(1).getByRole("cell").first()).toContainText(firstOnPageOne.split("\n")[0]);

  // Two numbers into the cart.
  const picked: string[] = [];
  for (let count = 0; count < 2; count++) {
    // The first number not yet in the cart (an added one's button says it is in the cart).
    const button = page
      .getByRole("table")
      .getByRole("button", { name: /^Add \+44/ })
      .first();
    const number = ((await button.getAttribute("aria-label")) ?? "").replace(/^Add (\S+) to the cart$/, "$1");
    picked.push(number);
    // By its number, not its row: another test's hold can move the rows between reading and clicking.
    await page.getByRole("button", { name: `Add ${number} to the cart`, exact: true }).click();
    await expect(
      page.getByRole("button", { name: new RegExp(`${number.replace("+", "\\+")} is in the cart`) }),
    ).toBeDisabled();
  }
  await expect(page.getByRole("link", { name: /Cart\s*2/ })).toBeVisible();
  await screenshot(page, testInfo, "flow-inventory");

  // Compare products and add numbers in a region.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Products" }).click();
  const choose = page.getByRole("form", { name: "Choose products" });
  await choose.getByLabel("Country").selectOption("GB");
  await choose.getByLabel("Number type").selectOption("local");
  // GB local plans differ in their monthly fee: the chart compares them.
  await expect(
    page.getByRole("img", { name: "Monthly fee by product, United Kingdom, local numbers" }),
  ).toBeVisible();
  const cheapestRow = page
    .getByRole("row")
    .filter({ hasText: "Manchester" })
    .filter({ hasText: "Cheapest in region" });
  await expect(cheapestRow).toHaveCount(1);
  await page.getByRole("button", { name: "Monthly", exact: true }).click();
  await expect(page).toHaveURL(/sort=monthly_fee&dir=asc/);
  await cheapestRow.getByRole("spinbutton").fill("3");
  await cheapestRow.getByRole("button", { name: /^Add .* numbers in Manchester/ }).click();
  await expect(cheapestRow.getByRole("status")).toHaveText("3 added to the cart");

  // The cart survives a reload and prices the lot.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Cart/ }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await page.reload();
  const lines = page.getByTestId("cart-line");
  await expect(lines).toHaveCount(3);
  for (const number of picked) await expect(lines.filter({ hasText: number })).toHaveCount(1);
  await expect(page.getByTestId("setup-total-GBP")).toHaveText(/£/);
  await expect(page.getByTestId("monthly-total-GBP")).toHaveText(/£\d/);

  // The form says what the API would refuse, before sending anything.
  await page.getByRole("button", { name: "Place order" }).click();
  // In words beside the field, not the API's field name.
  await expect(
    page.getByText("Enter the name of the person we contact about this order (up to 200 characters)."),
  ).toBeVisible();
  await expect(page.getByText(/contact_name/)).toHaveCount(0);
  await page.getByLabel("Contact name").fill("Alex Carter");
  await page.getByLabel("Your reference (optional)").fill("PO-E2E-1");
  await screenshot(page, testInfo, "flow-cart");
  // A double click buys once: the second click finds the button busy or replays the same key.
  await page.getByRole("button", { name: "Place order" }).dblclick();

  await expect(page).toHaveURL(/\/orders\/ORD-[A-Z2-7]{10}\?placed=1$/);
  const referenceId = new URL(page.url()).pathname.split("/").pop() ?? "";
  await expect(page.getByRole("status")).toContainText(`order ${referenceId} is placed`);
  for (const number of picked) await expect(page.getByText(number, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: /3 local numbers in Manchester/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Cart/ })).toHaveText("Cart");
  await screenshot(page, testInfo, "flow-order");

  // Each bought number links to its own page, and the order's numbers page lists
  // exactly this order's numbers (the whole list is sorted by number: one could be on page 2).
  const delivered = await page
    .getByRole("list", { name: "Numbers delivered" })
    .locator(".mono")
    .allTextContents();
  expect(delivered).toEqual(expect.arrayContaining(picked));
  for (const number of delivered)
    await expect(page.getByRole("link", { name: number, exact: true })).toHaveAttribute(
      "href",
      /^\/numbers\/[^/?]+$/,
    );
  const orderUrl = page.url();
  await page.getByRole("link", { name: "See how your numbers answer calls →" }).click();
  await expect(page).toHaveURL(new RegExp(`/numbers\\?order=${referenceId}$`));
  await expect(page.getByRole("heading", { name: `Numbers from order ${referenceId}` })).toBeVisible();
  const listed = page.getByTestId("number-row");
  await expect(listed).toHaveCount(delivered.length);
  expect((await listed.locator(".mono").allTextContents()).sort()).toEqual([...delivered].sort());
  await listed.filter({ hasText: picked[0] }).getByRole("link").click();
  await expect(page).toHaveURL(/\/numbers\/[^/?]+$/);
  await page.goto(orderUrl);

  // One order more, whatever the double click did, and it heads the order list, exactly once.
  expect(await orderTotal(page)).toBe(ordersBefore + 1);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Orders" }).click();
  await expect(page.getByRole("link", { name: referenceId })).toHaveCount(1);
  await expect(page.getByRole("row").nth(1)).toContainText(referenceId);
  await expect(page.getByRole("row").nth(1)).toContainText("PO-E2E-1");
  await expect(page.getByRole("cell", { name: /PO-E2E-1/ })).toHaveCount(1);
});
