import { expect, test, type Page } from "@playwright/test";
import { startSmtpReceiver, type SmtpReceiver } from "../tests/email/smtp-receiver";
import {
  expectAccessible,
  expectNoHorizontalScroll,
  openAs,
  portBeside,
  screenshot,
  signIn,
  users,
} from "./helpers";

// /settings/members and /invitations/{token} (docs/CONTRACT.md §15), at 1366×768 (desktop project) and
// 390×844 (mobile project): an owner invites a colleague, who follows the emailed link (received
// by a real SMTP server on the port playwright.config.ts gives the app as SMTP_URL, its port +
// 25), joins and signs in; the owner changes their role and removes them, which ends their
// session; the last owner stays; an admin cannot touch an owner; the audit log has it all.
// Then the navigation offers each role only what it may do.

const PASSWORD = "copper lantern meadow 7";
let receiver: SmtpReceiver;

test.beforeAll(async ({}, testInfo) => {
  receiver = await startSmtpReceiver(portBeside(testInfo, 25));
});
test.afterAll(() => receiver.close());

async function invitationLink(to: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = receiver.received.filter((received) => received.to === to).at(-1);
        link = /https?:\/\/\S+\/invitations\/[A-Za-z0-9_-]+/.exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return new URL(link).pathname;
}

const rowOf = (page: Page, text: string) => page.getByTestId("member-row").filter({ hasText: text });

test("an owner invites a colleague, changes their role and removes them; the last owner stays", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const size = testInfo.project.name;
  const email = `colleague-${size}-${Date.now()}@example.com`;
  const name = `Grace ${size}`;

  await openAs(page, users.acmeCustomer, "/settings/members");
  await expect(page.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
  await expect(rowOf(page, users.acmeCustomer)).toContainText("(you)");
  await expectAccessible(page, testInfo, `members-${size}`);
  await expectNoHorizontalScroll(page, "/settings/members");
  await screenshot(page, testInfo, `members-${size}`);

  // The invitation, with the role chosen.
  const form = page.getByRole("form", { name: "Invite a member" });
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption("developer");
  await form.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByTestId("members-status")).toHaveText(
    `We have sent an invitation to ${email} as developer.`,
  );
  // Focus follows the action: to the sentence saying what was done, never to the page.
  await expect(page.getByTestId("members-status")).toBeFocused();
  const invitations = page.getByRole("region", { name: "Pending invitations" });
  await expect(invitations.getByRole("listitem").filter({ hasText: email })).toContainText("developer");
  // The same address again while it is pending replaces the link; an address with an account is refused.
  await form.getByLabel("Email").fill("admin@acme.example");
  await form.getByRole("button", { name: "Send the invitation" }).click();
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription(
    "admin@acme.example already belongs to a person with an account; one person belongs to one organization.",
  );
  await expect(form.getByLabel("Email")).toBeFocused();
  await expectAccessible(page, testInfo, `members-invited-${size}`);
  await expectNoHorizontalScroll(page, "/settings/members with an invitation");

  // The colleague follows the emailed link in their own browser, chooses a name and password.
  const colleagueContext = await browser.newContext({ viewport: page.viewportSize() });
  const colleague = await colleagueContext.newPage();
  const link = await invitationLink(email);
  await colleague.goto(link);
  // The page says what the person joins before they type anything.
  await expect(colleague.getByRole("heading", { name: "Join Acme Telecom Ltd on Numbers" })).toBeVisible();
  const summary = colleague.getByTestId("invitation-summary");
  for (const [term, value] of [
    ["Organization", "Acme Telecom Ltd"],
    ["Your role", "developer"],
    ["Invited by", "Alex Carter of Acme Telecom Ltd"],
    ["You sign in with", email],
  ])
    await expect(summary.getByRole("term").filter({ hasText: term }).locator("+ dd")).toHaveText(value);
  await expectAccessible(colleague, testInfo, `invitation-${size}`);
  await expectNoHorizontalScroll(colleague, "/invitations/{token}");
  await colleague.getByLabel("Your name").fill(name);
  await colleague.getByLabel("Password").fill("qwerty123456");
  await colleague.getByRole("button", { name: "Join" }).click();
  await expect(colleague.getByLabel("Password")).toHaveAccessibleDescription(
    /This password is on the list of common or breached passwords/,
  );
  await expect(colleague.getByLabel("Password")).toBeFocused();
  await colleague.getByLabel("Password").fill(PASSWORD);
  await colleague.getByRole("button", { name: "Join" }).click();
  // Joining signs the person in: the portal opens at once, no sign-in form between.
  await expect(colleague).toHaveURL(/\/inventory$/);
  await expect(colleague.getByRole("heading", { name: "Find numbers", level: 1 })).toBeVisible();
  // The link works once, and says so as soon as it is opened again: no form to fill first.
  // A context of its own (axe needs one): a browser with no session at all.
  const againContext = await browser.newContext({ viewport: page.viewportSize() });
  const again = await againContext.newPage();
  await again.goto(link);
  const used = again.getByTestId("invitation-state");
  await expect(used).toHaveText(
    `This invitation has been used. Sign in with ${email} and the password you chose.`,
  );
  await expect(used.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  await expect(again.getByLabel("Password")).toHaveCount(0);
  await expectAccessible(again, testInfo, `invitation-used-${size}`);
  await againContext.close();

  // The owner sees them, with the role, and changes it.
  await page.reload();
  const row = rowOf(page, email);
  await expect(row).toContainText(`${name} · ${email} · developer`);
  await expect(invitations.getByRole("listitem").filter({ hasText: email })).toHaveCount(0);
  await row.getByLabel(`Role of ${name}`).selectOption("billing");
  await expect(page.getByTestId("members-status")).toHaveText(`${name} is now billing.`);
  await expect(row).toContainText(`${name} · ${email} · billing`);
  // Their navigation follows their new role at their next page: billing holds and buys, but has no tokens.
  await colleague.goto("/orders");
  const colleagueNav = colleague.getByRole("navigation", { name: "Main" });
  await openMenuOnPhone(colleague);
  await expect(colleagueNav.getByRole("link", { name: "Cart" })).toBeVisible();
  await expect(colleagueNav.getByRole("link", { name: "API tokens" })).toHaveCount(0);

  const listed = (await (await page.request.get("/api/v2/members")).json()) as {
    data: Array<{ id: string; email: string }>;
  };
  const memberId = listed.data.find((member) => member.email === email)?.id ?? "";
  expect(memberId).toMatch(/^usr_/);

  // Removed: the row goes, and their next page load is the sign-in page.
  await row.getByRole("button", { name: `Remove ${name}`, exact: true }).click();
  await row.getByRole("button", { name: `Yes, remove ${name}` }).click();
  await expect(page.getByTestId("members-status")).toHaveText(`${name} is no longer a member.`);
  await expect(rowOf(page, email)).toHaveCount(0);
  await colleague.goto("/orders");
  await expect(colleague).toHaveURL(/\/sign-in/);
  await expect(colleague.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await colleagueContext.close();

  // The last owner can be neither demoted nor removed: the server's words beside the control.
  const me = rowOf(page, users.acmeCustomer);
  await me.getByLabel(/^Role of /).selectOption("admin");
  await expect(me.getByLabel(/^Role of /)).toHaveAccessibleDescription(
    "This is the organization's last owner and cannot be demoted; make another member an owner first.",
  );
  await expect(me.getByLabel(/^Role of /)).toHaveValue("owner");
  await me.getByRole("button", { name: /^Remove / }).click();
  await me.getByRole("button", { name: /^Yes, remove / }).click();
  await expect(me.getByRole("alert")).toHaveText(
    "This is the organization's last owner and cannot be removed; make another member an owner first.",
  );
  await expectAccessible(page, testInfo, `members-last-owner-${size}`);
  await expectNoHorizontalScroll(page, "/settings/members, last owner");
  await screenshot(page, testInfo, `members-last-owner-${size}`);

  // Both changes are in the audit log, linked to the members page.
  await page.goto(`/audit?action=member.role_changed&resource_id=${memberId}`);
  const changed = page.getByTestId("audit-row");
  await expect(changed).toHaveCount(1);
  await expect(changed).toContainText("role: developer → billing");
  await expect(changed.getByRole("link", { name: `member ${memberId}` })).toHaveAttribute(
    "href",
    "/settings/members",
  );
  await page.goto(`/audit?action=member.removed&resource_id=${memberId}`);
  const removed = page.getByTestId("audit-row");
  await expect(removed).toHaveCount(1);
  await expect(removed).toContainText(`email: ${email} → —`);
  await expect(removed).toContainText("role: billing → —");
  await expectAccessible(page, testInfo, `members-audit-${size}`);
  await expectNoHorizontalScroll(page, "/audit?action=member.removed");
});

test("an admin manages members but cannot remove or change an owner", async ({ page }, testInfo) => {
  await openAs(page, "admin@acme.example", "/settings/members");
  const owner = rowOf(page, users.acmeCustomer);
  await expect(owner).toContainText("Only an owner can change or remove an owner.");
  await expect(owner.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(owner.getByRole("combobox")).toHaveCount(0);
  // Nor is "owner" offered to invite.
  const roles = page.getByRole("form", { name: "Invite a member" }).getByLabel("Role").getByRole("option");
  await expect(roles).toHaveText(["admin", "developer", "billing", "viewer"]);
  // The API says the same to a request made anyway.
  const members = (await (await page.request.get("/api/v2/members")).json()) as {
    data: Array<{ id: string; email: string }>;
  };
  const ownerId = members.data.find((member) => member.email === users.acmeCustomer)?.id;
  const refused = await page.request.delete(`/api/v2/members/${ownerId}`, {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string; message: string } }).error).toMatchObject({
    code: "role_forbidden",
    message: "The admin role cannot remove an owner; that needs the owner role.",
  });
  await expectAccessible(page, testInfo, `members-admin-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "/settings/members as admin");
});

/** On a phone the navigation folds behind Menu: opened, so its links can be looked at. */
async function openMenuOnPhone(page: Page): Promise<void> {
  const menu = page.getByRole("button", { name: "Menu" });
  if (await menu.isVisible()) await menu.click();
}

test("the navigation offers support and a viewer only what their roles may do", async ({
  page,
}, testInfo) => {
  // Support has no cart, so the header never asks the server for one.
  const cartReads: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/v2/cart") cartReads.push(request.url());
  });
  await signIn(page, users.support, "/orders");
  const nav = page.getByRole("navigation", { name: "Main" });
  await openMenuOnPhone(page);
  await expect(nav.getByRole("link")).toHaveText([
    "Inventory",
    "Products",
    "Orders",
    "Numbers",
    "Porting",
    "Port desk",
    "Compliance review",
    "API tokens",
    "Webhooks",
    "Audit log",
    "Billing",
    "Billing accounts",
    "Docs",
  ]);
  await expect(page.getByRole("link", { name: "Members" })).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  expect(cartReads).toEqual([]);
  // Reached by its address, the cart says why, in the API's words.
  await page.goto("/cart");
  await expect(page.getByTestId("role-refusal")).toHaveText(
    "The support role cannot hold numbers, use the cart and place orders; that needs the owner, admin or billing role.",
  );
  await expectAccessible(page, testInfo, `cart-support-${testInfo.project.name}`);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await openAs(page, "viewer@acme.example", "/orders");
  await openMenuOnPhone(page);
  await expect(nav.getByRole("link")).toHaveText([
    "Inventory",
    "Products",
    "Orders",
    "Numbers",
    "Porting",
    "Docs",
  ]);
  await page.goto("/tokens");
  await expect(page.getByTestId("role-refusal")).toHaveText(
    "The viewer role cannot manage API tokens and webhooks; that needs the owner, admin, developer or support role.",
  );
  await expect(page.getByRole("heading", { name: "New token" })).toHaveCount(0);
  // A viewer reads the team, and is told who may change it.
  await page.goto("/settings/members");
  await expect(
    page.getByText("Only an owner or an admin can invite, change or remove members; your role is viewer."),
  ).toBeVisible();
  await expect(page.getByRole("form", { name: "Invite a member" })).toHaveCount(0);
  await expectAccessible(page, testInfo, `members-viewer-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "/settings/members as viewer");
});
