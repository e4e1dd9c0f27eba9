import { expect, test } from "@playwright/test";
import { expectAccessible, expectNoHorizontalScroll, screenshot, openAs, signIn, users } from "./helpers";

// /audit: a change made in the portal is in the log, the filters live in the URL (a link
// shows the same view), each entry links to its resource, and the CSV has every match.

test("a customer finds a token they made, by a shareable filtered link, and downloads it as CSV", async ({
  page,
}, testInfo) => {
  await signIn(page, users.acmeCustomer, "/audit");
  // Signing in is itself an entry.
  await expect(page.getByTestId("audit-row").filter({ hasText: "sign_in.succeeded" }).first()).toBeVisible();

  const name = `E2E audit ${testInfo.project.name} ${Date.now()}`;
  const created = await page.request.post("/api/v2/tokens", {
    headers: { origin: new URL(page.url()).origin },
    data: { name, scopes: ["reference:read"] },
  });
  expect(created.status()).toBe(200);
  const tokenId = ((await created.json()) as { data: { id: string } }).data.id;

  // Filters are choices in words, not codes to type.
  const filters = page.getByRole("search", { name: "Filter the audit log" });
  await filters.getByLabel("Action").selectOption({ label: "Token created" });
  await filters.getByLabel("Resource type").selectOption({ label: "Token" });
  // Who made it: the members by name and email (the token was made by this person's session).
  await filters.getByLabel("Who").selectOption({ label: "Alex Carter · customer@acme.example" });
  await filters.getByLabel("Resource id").fill(tokenId);
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/[?&]action=token\.created/);
  await expect(page).toHaveURL(/[?&]actor=usr_/);
  await expect(page).toHaveURL(/[?&]resource_type=token/);
  await expect(page).toHaveURL(new RegExp(`[?&]resource_id=${tokenId}`));

  const row = page.getByTestId("audit-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`name: — → ${name}`);
  // The row names the token and says the action and time in words, in this browser's zone.
  await expect(row.getByRole("link", { name, exact: true })).toHaveAttribute("href", "/tokens");
  await expect(row).toContainText("Token created");
  await expect(row.locator("time")).toContainText(
    /^(just now|\d+ minutes? ago) · \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \S+$/,
  );
  await expectAccessible(page, testInfo, `audit-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "/audit");
  await screenshot(page, testInfo, `audit-${testInfo.project.name}`);

  // The same link in a new visit shows the same view.
  const shared = page.url();
  await page.goto("/inventory");
  await page.goto(shared);
  await expect(page.getByTestId("audit-row")).toHaveCount(1);
  await expect(page.getByRole("search", { name: "Filter the audit log" }).getByLabel("Action")).toHaveValue(
    "token.created",
  );

  const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
  expect(href).toContain("format=csv");
  const csv = await page.request.get(href as string);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  const lines = (await csv.text()).trimEnd().split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe("id,at,actor_type,actor_id,actor_name,ip,action,resource_type,resource_id,changes");
  expect(lines[1]).toContain(`,token.created,token,${tokenId},`);

  await page.goto("/audit?action=nothing.here");
  await expect(page.getByText("No entries match")).toBeVisible();
  await expectAccessible(page, testInfo, `audit-empty-${testInfo.project.name}`);
});

test("support staff pick an organization before reading its log", async ({ page }, testInfo) => {
  await openAs(page, users.support, "/audit");
  await expect(page.getByText("An audit log belongs to one organization: pick it above.")).toBeVisible();
  await page.getByLabel("Organization").selectOption("org_globex");
  await expect(page).toHaveURL(/[?&]organization_id=org_globex/);
  // Globex has no entries yet unless an earlier spec made one: either state is a finished page.
  await expect(page.getByTestId("audit-row").first().or(page.getByText("No entries match"))).toBeVisible();
  // "Who" is a choice of the organization's people, by name and email, as a customer's is.
  const filters = page.getByRole("search", { name: "Filter the audit log" });
  const who = filters.getByLabel("Who");
  await expect(who.locator("option", { hasText: "Jordan Lee · customer@globex.example" })).toHaveCount(1);
  await expect(who.locator("option").first()).toHaveText("Anyone");
  await expect(who.locator("option", { hasText: "acme.example" })).toHaveCount(0);
  await expect(filters.getByLabel("Actor id")).toHaveCount(0);
  await who.selectOption({ label: "Jordan Lee · customer@globex.example" });
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL(/[?&]actor=usr_globex_customer(&|$)/);
  await expect(page).toHaveURL(/[?&]organization_id=org_globex/);
  await expect(who).toHaveValue("usr_globex_customer");
  // The list before the filter gives way to Jordan Lee's entries, or to none.
  const rows = page.getByTestId("audit-row");
  await expect(rows.filter({ hasNotText: "Jordan Lee" })).toHaveCount(0);
  await expect(rows.first().or(page.getByText("No entries match"))).toBeVisible();
  await expectAccessible(page, testInfo, `audit-support-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "/audit (support)");
});
