import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import {
  demoToken,
  expectAccessible,
  expectNoHorizontalScroll,
  laptopOnly,
  openAs,
  screenshot,
  users,
} from "./helpers";

// A customer shapes a new number's week in the editor and sees it before saving;
// support changes a customer's number and the history says who; the editor is accessible and
// fits a 390-px phone.

const auth = () => ({ authorization: `Bearer ${demoToken()}` });

// The browser lives in Tokyo, the numbers here in New York and London: a time typed into the
// editor is the number's time all the same.
test.use({ timezoneId: "Asia/Tokyo" });

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

test(
  "a customer sets up a new number's week, previews it before saving, and the API agrees",
  laptopOnly,
  async ({ page, request }, testInfo) => {
    const numberId = await buyNewYorkNumber(request);
    await openAs(page, users.acmeCustomer, `/numbers/${numberId}`);
    await page.getByRole("button", { name: "Set up rules" }).click();

    // 10:00 on a Tuesday, typed, is 10:00 in New York (14:00 UTC), not 10:00 in the browser's Tokyo.
    await previewAt(page, "2026-03-10T10:00");
    await expect(page.getByTestId("preview-moment")).toHaveText(
      "Tue 10 Mar 2026, 10:00 New York time · 14:00 UTC",
    );
    await expect(page.getByTestId("preview-answer")).toContainText("No rule answers.");
    await expect(page.getByTestId("preview-answer")).toContainText(
      "This number has no rules, so calls to it are not answered.",
    );

    const quick = page.getByTestId("quick-start");
    // Both shapes of destination can be typed: the full keyboard, and a hint that names both.
    const quickField = quick.getByLabel("Forward calls to");
    await expect(quickField).toHaveAttribute("inputmode", "text");
    await expect(quickField).toHaveAccessibleDescription(
      "A phone number with its country code, such as +1 212 555 0100, or a SIP address such as sip:reception@pbx.example.com",
    );
    await quickField.fill("+1 212 555 0123");
    await quick.getByRole("button", { name: "Office hours, then voicemail" }).click();
    const rules = page.getByTestId("editor-rule");
    await expect(rules).toHaveCount(2);
    // The quick start's button is gone: focus is on the first rule it made, not dropped to the page.
    await expect(rules.nth(0)).toBeFocused();
    await expect(rules.nth(0).getByLabel("Forward to")).toHaveValue("+12125550123");
    await expect(rules.nth(0).getByLabel("Time zone")).toHaveValue("America/New_York");

    // The preview follows the draft before anything is saved, and explains itself in plain words.
    await expect(page.getByTestId("preview-answer")).toHaveText(
      "Office hours answers. Office hours answers: this time is within Mon–Fri 09:00–17:00, New York time.",
    );
    await previewAt(page, "2026-03-10T18:00");
    await expect(page.getByTestId("preview-answer")).toHaveText(
      "Otherwise voicemail answers. Otherwise voicemail has no time limits, so it takes every call that reaches it. Office hours comes first but does not cover this time.",
    );
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

    // Moments after the change (a past one is answered with the rules in force then): the first
    // Tuesday of next February, when New York is on standard time (UTC−5), and that Saturday.
    const tuesday = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 1, 1));
    while (tuesday.getUTCDay() !== 2) tuesday.setUTCDate(tuesday.getUTCDate() + 1);
    const day = (offset: number) =>
      new Date(tuesday.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
    for (const [at, rule] of [
      [`${day(0)}T15:00:00Z`, "Office hours"],
      [`${day(0)}T23:00:00Z`, "Otherwise voicemail"],
      [`${day(4)}T15:00:00Z`, "Otherwise voicemail"],
    ]) {
      const answer = await (
        await request.get(`/api/v2/numbers/${numberId}/active_rule?at=${at}`, { headers: auth() })
      ).json();
      expect(answer.data.rule?.name, at).toBe(rule);
    }
  },
);

test("support changes a customer's number and the history shows who", laptopOnly, async ({ page }) => {
  await openAs(page, users.support, "/numbers/num_acme_manchester");
  await page.getByRole("button", { name: /Edit rules|Set up rules/ }).click();
  // Each run renames it, from whatever name the last run left.
  const name = page.getByLabel("Number name");
  await expect(name).not.toHaveValue("");
  const before = await name.inputValue();
  const after =
    before === "Manchester office (checked by support)"
      ? "Manchester office"
      : "Manchester office (checked by support)";
  await name.fill(after);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("editor-status")).toContainText("Saved.");
  const entry = page.getByTestId("history-entry").first();
  await expect(entry).toContainText("Sam Patel (support)");
  await expect(entry).toContainText(`Renamed the number “${before}” to “${after}”`);
});

test(
  "a save after someone else's change offers to reload or keep editing",
  laptopOnly,
  async ({ page, request }) => {
    await openAs(page, users.acmeCustomer, "/numbers/num_acme_ext_102");
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
  },
);

test(
  "the editor reorders by keyboard, passes axe, and fits a 390-px phone",
  laptopOnly,
  async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openAs(page, users.acmeCustomer, "/numbers/num_acme_main");
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
  },
);

test(
  "a rule forwards to a sip: address as typed, and a window past midnight says so",
  laptopOnly,
  async ({ page }) => {
    await openAs(page, users.acmeCustomer, "/numbers/num_acme_manchester");
    await page.getByRole("button", { name: "Edit rules" }).click();
    const office = page.getByTestId("editor-rule").nth(0);
    const destination = office.getByLabel("Forward to");
    // A phone's keyboard for this field has letters, "@" and ":" (not the dial pad), and the hint names both shapes.
    await expect(destination).toHaveAttribute("inputmode", "text");
    await expect(destination).toHaveAttribute("autocapitalize", "none");
    await expect(destination).toHaveAccessibleDescription(
      /with its country code, such as \+1 212 555 0100, or a SIP address such as sip:reception@pbx\.example\.com$/,
    );
    await destination.fill("sip:front-desk@pbx-1.acme.example");
    await expect(destination).toHaveValue("sip:front-desk@pbx-1.acme.example");
    await destination.fill("+44 161 496 0000");
    await expect(destination).toHaveValue("+441614960000");

    // From 09:00 until 08:00 is a window of 23 hours across midnight, said in words.
    const window = office.getByRole("group", { name: "Time window 1" });
    await expect(window.getByTestId("crosses-midnight")).toHaveCount(0);
    await window.getByLabel("From").fill("09:00");
    await window.getByLabel("Until").fill("08:00");
    await expect(window.getByTestId("crosses-midnight")).toHaveText(
      "This window crosses midnight: from 09:00 until 08:00 the next day.",
    );
  },
);

test("no text in a rule's Then row is cut off", async ({ page }) => {
  await openAs(page, users.acmeCustomer, "/numbers/num_acme_manchester");
  await page.getByRole("button", { name: "Edit rules" }).click();
  const rows = page.getByRole("group", { name: "Then" });
  await expect(rows.first()).toBeVisible();
  // The longest choices, on show.
  await page.getByTestId("editor-rule").nth(0).getByLabel("Caller id shown").selectOption("dialed_number");
  for (const row of await rows.all()) expect(await clippedText(row)).toEqual([]);
});

/** Every piece of text in `root` that does not fit its box: a control's value or choice, or a label's words. */
async function clippedText(root: Locator): Promise<string[]> {
  return root.evaluate((element) => {
    const context = document.createElement("canvas").getContext("2d");
    const rootBox = element.getBoundingClientRect();
    const problems: string[] = [];
    for (const node of element.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(node);
      const box = node.getBoundingClientRect();
      if (box.width === 0 || node.tagName === "OPTION" || node.tagName === "DATALIST") continue;
      const text =
        node instanceof HTMLSelectElement
          ? (node.selectedOptions[0]?.text ?? "")
          : node instanceof HTMLInputElement
            ? node.value
            : null;
      const name = `${node.tagName.toLowerCase()} “${(text ?? node.textContent ?? "").slice(0, 50)}”`;
      if (box.right > rootBox.right + 0.5) problems.push(`${name} runs past the row's edge`);
      if (text !== null && context) {
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        // A native select draws its arrow inside the padding box.
        const arrow = node instanceof HTMLSelectElement && style.appearance !== "none" ? 20 : 0;
        const room =
          node.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - arrow;
        const needed = context.measureText(text).width;
        if (needed > room) problems.push(`${name} needs ${Math.ceil(needed)} px, has ${Math.floor(room)} px`);
      } else if (node.scrollWidth > node.clientWidth + 1) {
        problems.push(`${name} is ${node.scrollWidth} px wide in ${node.clientWidth} px`);
      }
    }
    return problems;
  });
}
