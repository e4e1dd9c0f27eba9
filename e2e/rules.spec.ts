import { expect, test, type APIRequestContext } from "@playwright/test";
import { demoToken, laptopOnly, openAs, screenshot, users } from "./helpers";

// The seeded Main line (prisma/seed/data/demo-rules.ts): holiday closure (ended), office
// hours Mon–Fri 09:00–17:00 London, weekend, then voicemail.
const cases = [
  { at: "2026-03-10T10:00:00Z", rule: "Office hours", when: "a Tuesday morning" },
  { at: "2026-03-14T12:00:00Z", rule: "Weekend", when: "a Saturday" },
  { at: "2026-03-10T21:30:00Z", rule: "After hours to voicemail", when: "a Tuesday evening" },
];

const auth = () => ({ authorization: `Bearer ${demoToken()}` });

/** Replaces the On-call line's configuration over the API, as a tool would. */
async function changeOnCall(request: APIRequestContext, body: { name: string; rules: unknown[] }) {
  const read = await request.get("/api/v2/numbers/num_acme_on_call", { headers: auth() });
  const changed = await request.put("/api/v2/numbers/num_acme_on_call", {
    headers: { ...auth(), "if-match": read.headers().etag },
    data: body,
  });
  expect(changed.status()).toBe(200);
}

const allWeekLondon = [
  { start: 0, stop: null, days: [], start_time: null, stop_time: null, time_zone: "Europe/London" },
];
const desk = (name: string) => ({
  target_id: null,
  name,
  priority: 1,
  disabled: false,
  activations: allWeekLondon,
  action: {
    type: "dial",
    destination: "+442079460999",
    timeout_sec: 25,
    caller_id: "caller_number",
    tags: {},
  },
});

test.describe("the rule viewer", () => {
  for (const { at, rule, when } of cases) {
    test(
      `shows "${rule}" answering the Main line on ${when} (?at= pins the time)`,
      laptopOnly,
      async ({ page }) => {
        await openAs(page, users.acmeCustomer, `/numbers/num_acme_main?at=${at}`);
        await expect(page.getByRole("heading", { level: 1, name: "Main line" })).toBeVisible();
        await expect(page.getByTestId("active-rule")).toContainText(`Answered by ${rule}.`);
        const current = page.locator('[data-testid="rule"][aria-current="true"]');
        await expect(current).toHaveCount(1);
        await expect(current.getByRole("heading")).toHaveText(rule);
      },
    );
  }

  test(
    "says each rule in plain words, shows disabled rules as off, and draws the week",
    laptopOnly,
    async ({ page }, testInfo) => {
      await openAs(page, users.acmeCustomer, "/numbers/num_acme_freephone?at=2026-03-10T10:00:00Z");
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
    },
  );

  test(
    "answers a past moment with the rules in force then, and shows the history without editing",
    laptopOnly,
    async ({ page, request }, testInfo) => {
      await changeOnCall(request, { name: "On-call line", rules: [desk("Answer desk")] });
      await changeOnCall(request, {
        name: "On-call line",
        rules: [
          desk("Front desk"),
          { ...desk("Spare"), priority: 2, disabled: true, action: { type: "voicemail", tags: {} } },
        ],
      });
      const history = await (
        await request.get("/api/v2/numbers/num_acme_on_call/history?limit=2", { headers: auth() })
      ).json();
      const [renamed, first] = history.data as { version: number; changed_at: string }[];
      const between = new Date(
        (Date.parse(first.changed_at) + Date.parse(renamed.changed_at)) / 2,
      ).toISOString();
      expect(between > first.changed_at && between < renamed.changed_at).toBe(true);

      // Support's question: which rule took a call between the two changes? The one in force then.
      await openAs(page, users.acmeCustomer, `/numbers/num_acme_on_call?at=${between}`);
      await expect(page.getByTestId("active-rule")).toContainText("Answered by Answer desk.");
      await expect(page.getByTestId("version-at")).toContainText(
        `Version ${first.version} of the rules, in force from `,
      );
      await expect(page.getByTestId("version-at")).toContainText(
        "They have changed since: this answer uses the rules as they were then.",
      );
      await expect(page.getByTestId("no-answer")).toHaveText(
        "If nobody picks up within 25 s, the call ends unanswered: one rule handles each call, so the rules after it do not take over.",
      );
      await expect(
        page.getByRole("heading", { name: `Rules as they were then (version ${first.version})` }),
      ).toBeVisible();
      await expect(page.getByTestId("rule")).toHaveCount(1);
      await expect(page.getByTestId("rule").first()).toContainText("Answer desk");

      // The history is on the number's page, not behind "Edit rules", and tells a rename as one.
      await expect(page.getByRole("heading", { name: "Edit rules" })).toHaveCount(0);
      const entry = page.getByTestId("history-entry").first();
      await expect(entry).toContainText(`version ${renamed.version}`);
      await expect(entry).toContainText("Renamed rule “Answer desk” to “Front desk”");
      await expect(entry).toContainText("Added “Spare” (switched off): Every day all day, send to voicemail");
      await screenshot(page, testInfo, `rules-past-moment-${testInfo.project.name}`);

      // Now: the current version, which says so.
      await page.getByRole("button", { name: "Back to now" }).click();
      await expect(page.getByTestId("active-rule")).toContainText("Answered by Front desk.");
      await expect(page.getByTestId("version-at")).toContainText(
        `Version ${renamed.version}, the current rules, in force from `,
      );
      await expect(page.getByRole("heading", { name: "Rules, in the order calls meet them" })).toBeVisible();
    },
  );

  test("says a window that ends before it starts crosses midnight", laptopOnly, async ({ page }) => {
    await openAs(page, users.acmeCustomer, "/numbers/num_acme_manchester?at=2026-03-10T23:00:00Z");
    await expect(page.getByTestId("rule").nth(1)).toContainText(
      "Every day 22:00–06:00 (crosses midnight), London time",
    );
  });

  test("finds numbers by name, number or extension", laptopOnly, async ({ page }) => {
    await openAs(page, users.acmeCustomer, "/numbers");
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
    await openAs(page, users.support, "/numbers");
    const organization = page.getByLabel("Organization");
    // GET /organizations names them: support never reads a bare id.
    await expect(organization.getByRole("option", { name: "Globex Corporation" })).toBeAttached();
    await expect(organization.getByRole("option", { name: "org_globex" })).toHaveCount(0);
    // In the list itself (on a phone the header's name is behind the menu).
    await expect(page.getByRole("cell").filter({ hasText: "Acme Telecom Ltd" }).first()).toBeVisible();
    await expect(page.getByText("org_acme", { exact: true })).toHaveCount(0);
    await organization.selectOption({ label: "Globex Corporation" });
    await expect(page).toHaveURL(/organization_id=org_globex/);
    await expect(page.getByRole("link", { name: "Headquarters" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Main line" })).toHaveCount(0);

    await page.goto("/orders");
    // Named in the list, not only among the picker's options.
    await expect(
      page.getByRole("main").getByText("Globex Corporation").locator("visible=true").first(),
    ).toBeVisible();
    await expect(page.getByText(/^org_(acme|globex)$/)).toHaveCount(0);
  });
});
