import { expect, test } from "@playwright/test";
import { screenshot, signIn, users } from "./helpers";

// The seeded Main line (prisma/seed/data/demo-rules.ts): holiday closure (ended), office
// hours Mon–Fri 09:00–17:00 London, weekend, then voicemail.
const cases = [
  { at: "2026-03-10T10:00:00Z", rule: "Office hours", when: "a Tuesday morning" },
  { at: "2026-03-14T12:00:00Z", rule: "Weekend", when: "a Saturday" },
  { at: "2026-03-10T21:30:00Z", rule: "After hours to voicemail", when: "a Tuesday evening" },
];

test.describe("the rule viewer", () => {
  for (const { at, rule, when } of cases) {
    test(`shows "${rule}" answering the Main line on ${when} (?at= pins the time)`, async ({ page }) => {
      await signIn(page, users.acmeCustomer, `/numbers/num_acme_main?at=${at}`);
      await expect(page.getByRole("heading", { level: 1, name: "Main line" })).toBeVisible();
      await expect(page.getByTestId("active-rule")).toContainText(`Answered by ${rule}.`);
      const current = page.locator('[data-testid="rule"][aria-current="true"]');
      await expect(current).toHaveCount(1);
      await expect(current.getByRole("heading")).toHaveText(rule);
    });
  }

  test("says each rule in plain words, shows disabled rules as off, and draws the week", async ({
    page,
  }, testInfo) => {
    await signIn(page, users.acmeCustomer, "/numbers/num_acme_freephone?at=2026-03-10T10:00:00Z");
    const rules = page.getByTestId("rule");
    await expect(rules).toHaveCount(3);
    await expect(rules.nth(0)).toContainText("Old IVR");
    await expect(rules.nth(0)).toContainText("Off — never answers");
    await expect(rules.nth(1)).toContainText("Mon–Fri 08:00–20:00, London time");
    await expect(rules.nth(1)).toContainText(
      "Dial sip:support@pbx.acme.example for 30 s, show caller's number",
    );
    await expect(rules.nth(1)).toHaveAttribute("aria-current", "true");
    const days = page.getByRole("list", { name: "Which rule answers, day by day" }).getByRole("listitem");
    await expect(days).toHaveCount(7);
    await expect(days.nth(5)).toContainText("09:00 to 13:00: Support hours");
    await screenshot(page, testInfo, "rules-freephone");
  });

  test("finds numbers by name, number or extension", async ({ page }) => {
    await signIn(page, users.acmeCustomer, "/numbers");
    await page.getByLabel("Number, name or extension").fill("office");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/q=office/);
    await expect(page.getByRole("link", { name: "Manchester office" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Berlin office" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Main line" })).toHaveCount(0);

    await page.getByLabel("Number, name or extension").fill("101");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("link", { name: "Reception" })).toBeVisible();
    await page.getByRole("link", { name: "Reception" }).click();
    await expect(page.getByText("Extension 101")).toBeVisible();
  });

  test("lets support staff choose an organization by its name", async ({ page }) => {
    await signIn(page, users.acmeSupport, "/numbers");
    const organization = page.getByLabel("Organization");
    // GET /organizations names them: support never reads a bare id.
    await expect(organization.getByRole("option", { name: "Globex Corporation" })).toBeAttached();
    await expect(organization.getByRole("option", { name: "org_globex" })).toHaveCount(0);
    await expect(page.getByText("Acme Telecom Ltd").first()).toBeVisible();
    await expect(page.getByText("org_acme", { exact: true })).toHaveCount(0);
    await organization.selectOption({ label: "Globex Corporation" });
    await expect(page).toHaveURL(/organization_id=org_globex/);
    await expect(page.getByRole("link", { name: "Headquarters" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Main line" })).toHaveCount(0);

    await page.goto("/orders");
    await expect(page.getByText("Globex Corporation").first()).toBeVisible();
    await expect(page.getByText(/^org_(acme|globex)$/)).toHaveCount(0);
  });
});
