import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoToken, expectAccessible, expectNoHorizontalScroll, screenshot, signIn, users } from "./helpers";

// Issue 15: a customer shapes a new number's week in the editor and sees it before saving;
// support changes a customer's number and the history says who; the editor is accessible and
// fits a 390-px phone.

const auth = () => ({ authorization: `Bearer ${demoToken()}` });

/** Buys one New York number for Acme over the API and answers its number_id. */
async function buyNewYorkNumber(request: APIRequestContext): Promise<string> {
  const order = await request.post("/api/v2/order", {
    headers: auth(),
    data: {
      contact_name: "E2E editor",
      items: [{ country: "US", number_type: "local", region: "US-NY-NEW_YORK-212", quantity: 1 }],
    },
  });
  expect(order.status()).toBe(200);
  const { data } = await order.json();
  const placed = await (await request.get(`/api/v2/orders/${data.reference_id}`, { headers: auth() })).json();
  const e164: string = placed.data.items[0].assigned_numbers[0];
  const found = await (
    await request.get(`/api/v2/numbers?number=${encodeURIComponent(e164)}`, { headers: auth() })
  ).json();
  return found.data[0].number_id;
}

async function previewAt(page: Page, local: string) {
  await page.getByTestId("editor-preview").getByLabel("Who answers at").fill(local);
}

test("a customer sets up a new number's week, previews it before saving, and the API agrees", async ({
  page,
  request,
}, testInfo) => {
  const numberId = await buyNewYorkNumber(request);
  await signIn(page, users.acmeCustomer, `/numbers/${numberId}`);
  await page.getByRole("button", { name: "Set up rules" }).click();

  // The browser runs in UTC: 15:00Z on a Tuesday is 10:00 in New York (EST in March).
  await previewAt(page, "2026-03-10T15:00");
  await expect(page.getByTestId("preview-answer")).toContainText("No rule answers.");

  const quick = page.getByTestId("quick-start");
  await quick.getByLabel("Forward calls to").fill("+1 212 555 0123");
  await quick.getByRole("button", { name: "Office hours, then voicemail" }).click();
  const rules = page.getByTestId("editor-rule");
  await expect(rules).toHaveCount(2);
  await expect(rules.nth(0).getByLabel("Forward to")).toHaveValue("+12125550123");
  await expect(rules.nth(0).getByLabel("Time zone")).toHaveValue("America/New_York");

  // The preview follows the draft before anything is saved.
  await expect(page.getByTestId("preview-answer")).toContainText("Office hours answers.");
  await previewAt(page, "2026-03-10T23:00");
  await expect(page.getByTestId("preview-answer")).toContainText("Otherwise voicemail answers.");
  await expect(page.getByTestId("editor-status")).toContainText("Unsaved changes.");

  // A bad destination is named next to its field and blocks saving.
  await rules.nth(0).getByLabel("Forward to").fill("+1212");
  await expect(rules.nth(0).getByText(/must be an E\.164 number/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes" })).toBeDisabled();
  await rules.nth(0).getByLabel("Forward to").fill("+12125550123");

  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("editor-status")).toContainText("Saved.");
  await screenshot(page, testInfo, "rule-editor-saved");

  await page.reload();
  const viewer = page.getByTestId("rule");
  await expect(viewer).toHaveCount(2);
  await expect(viewer.nth(0)).toContainText("Office hours");
  await expect(viewer.nth(0)).toContainText("Mon–Fri 09:00–17:00, New York time");
  await expect(viewer.nth(1)).toContainText("Otherwise voicemail");

  for (const [at, rule] of [
    ["2026-03-10T15:00:00Z", "Office hours"],
    ["2026-03-10T23:00:00Z", "Otherwise voicemail"],
    ["2026-03-14T15:00:00Z", "Otherwise voicemail"],
  ]) {
    const answer = await (
      await request.get(`/api/v2/numbers/${numberId}/active_rule?at=${at}`, { headers: auth() })
    ).json();
    expect(answer.data.rule?.name, at).toBe(rule);
  }
});

test("support changes a customer's number and the history shows who", async ({ page }) => {
  await signIn(page, users.acmeSupport, "/numbers/num_acme_manchester");
  await page.getByRole("button", { name: /Edit rules|Set up rules/ }).click();
  await page.getByLabel("Number name").fill("Manchester office (checked by support)");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("editor-status")).toContainText("Saved.");
  const entry = page.getByTestId("history-entry").first();
  await expect(entry).toContainText("Sam Patel (support)");
  await expect(entry).toContainText("Name: “Manchester office” → “Manchester office (checked by support)”");
});

test("a save after someone else's change offers to reload or keep editing", async ({ page, request }) => {
  await signIn(page, users.acmeCustomer, "/numbers/num_acme_ext_102");
  await page.getByRole("button", { name: /Edit rules|Set up rules/ }).click();
  await page.getByLabel("Number name").fill("Sales desk (mine)");

  const current = await request.get("/api/v2/numbers/num_acme_ext_102", { headers: auth() });
  const { data } = await current.json();
  const theirs = await request.put("/api/v2/numbers/num_acme_ext_102", {
    headers: { ...auth(), "if-match": current.headers().etag },
    data: { name: "Sales desk (theirs)", rules: data.rules },
  });
  expect(theirs.status()).toBe(200);

  await page.getByRole("button", { name: "Save changes" }).click();
  const conflict = page.getByTestId("editor-conflict");
  await expect(conflict).toContainText("Someone else changed this number since you opened it.");
  await conflict.getByRole("button", { name: /Load their version/ }).click();
  await expect(page.getByLabel("Number name")).toHaveValue("Sales desk (theirs)");
});

test("the editor reorders by keyboard, passes axe, and fits a 390-px phone", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, users.acmeCustomer, "/numbers/num_acme_main");
  await page.getByRole("button", { name: "Edit rules" }).click();
  const rules = page.getByTestId("editor-rule");
  await expect(rules.first()).toBeVisible();
  const second = await rules.nth(1).getByLabel("Rule name").inputValue();
  await rules
    .nth(1)
    .getByRole("button", { name: `Move “${second}” up` })
    .focus();
  await page.keyboard.press("Enter");
  await expect(rules.nth(0).getByLabel("Rule name")).toHaveValue(second);
  await expectNoHorizontalScroll(page, "the editor at 390 px");
  await expectAccessible(page, testInfo, "rule editor");
  await screenshot(page, testInfo, "rule-editor-390");
});
