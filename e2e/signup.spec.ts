import { expect, test } from "@playwright/test";
import { startSmtpReceiver, type SmtpReceiver } from "../tests/email/smtp-receiver";
import { expectAccessible, expectNoHorizontalScroll, laptopOnly, portBeside } from "./helpers";

// Sign up in the browser, sign in unverified (the banner), and follow the verification link
// from the email, received by a real SMTP server this spec runs on the port playwright.config.ts
// gives the app as SMTP_URL (its port + 25). Then forgot / reset password the same way.
// At 1366×768 (desktop project) and 390×844 (mobile project).

const PASSWORD = "violet tangent harbour";
let receiver: SmtpReceiver;

test.beforeAll(async ({}, testInfo) => {
  receiver = await startSmtpReceiver(portBeside(testInfo, 25));
});
test.afterAll(() => receiver.close());

async function linkFromMail(to: string, path: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = receiver.received.filter((received) => received.to === to).at(-1);
        link = new RegExp(`https?://\\S+${path}\\?token=[A-Za-z0-9_-]+`).exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

test("a newcomer signs up, looks around unverified, and verifies by the emailed link", async ({
  page,
}, testInfo) => {
  const email = `new-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.goto("/sign-up");
  await expectAccessible(page, testInfo, `sign-up-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "sign-up");

  // The server's own words, beside the field: a common password.
  await page.getByLabel("Organization name").fill("Example Telecom Ltd");
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("qwerty123456");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("This password is on the list of common or breached passwords")).toBeVisible();
  await expect(page.getByLabel("Password")).toBeFocused();

  // Every field has a name, for password managers and the browser's autofill.
  const form = page.locator("form");
  expect(
    await form
      .locator("input, select, textarea")
      .evaluateAll((fields) => fields.map((f) => f.getAttribute("name"))),
  ).toEqual(["organization_name", "name", "email", "password"]);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  // Where the email went, a way to have it sent again, and the way to sign in.
  const done = page.getByTestId("account-done");
  await expect(done.getByTestId("sent-to")).toHaveText(email);
  await expect(done.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  await done.getByRole("button", { name: "Send the email again" }).click();
  await expect(
    done.getByRole("status").filter({ hasText: `We have sent it again to ${email}.` }),
  ).toBeVisible();
  await expect
    .poll(
      () =>
        receiver.received.filter((mail) => mail.to === email && /\/verify\?token=/.test(mail.text)).length,
      {
        timeout: 20_000,
      },
    )
    .toBe(2);

  // Signed in before verifying: the banner, and "send the link again".
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  const banner = page.getByRole("region", { name: "Email verification" });
  await expect(banner).toBeVisible();
  await expectAccessible(page, testInfo, `banner-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "banner");
  await banner.getByRole("button", { name: "Send the link again" }).click();
  await expect(banner).toContainText(`We have sent the link again to ${email}.`);
  // The third link: sending one makes the earlier ones stop working, so only the newest verifies.
  await expect.poll(() => receiver.received.filter((mail) => mail.to === email).length).toBe(3);

  await page.goto(await linkFromMail(email, "/verify"));
  await expect(page.getByTestId("account-done")).toContainText(`Your email ${email} is verified.`);
  await expectAccessible(page, testInfo, `verify-${testInfo.project.name}`);
  await page.goto("/inventory");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Email verification" })).toHaveCount(0);
});

test("forgot password: the emailed link sets a new one, once", async ({ page, browser }, testInfo) => {
  const email = `reset-${testInfo.project.name}-${Date.now()}@example.com`;
  const signUp = await page.request.post("/api/v2/signup", {
    data: { organization_name: "Reset Ltd", name: "Grace Hopper", email, password: PASSWORD },
  });
  expect(signUp.status()).toBe(202);

  await page.goto("/forgot-password");
  await expectAccessible(page, testInfo, `forgot-${testInfo.project.name}`);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send me a link" }).click();
  await expect(page.getByTestId("account-done")).toContainText("If that email has an account");

  const link = await linkFromMail(email, "/reset-password");
  await page.goto(link);
  await expectAccessible(page, testInfo, `reset-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "reset");
  await page.getByLabel("New password").fill("short");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(
    page.getByText("The password must have at least 12 characters; this one has 5."),
  ).toBeVisible();
  await page.getByLabel("New password").fill("a brand new long phrase");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByTestId("account-done")).toContainText("Your password is set.");

  // The link works once.
  const again = await browser.newPage();
  await again.goto(link);
  await again.getByLabel("New password").fill("yet another long phrase");
  await again.getByRole("button", { name: "Set the new password" }).click();
  await expect(again.locator(".notice--error")).toContainText(
    "This password reset link has already been used",
  );
  await again.close();
});

test(
  "the account forms check in the browser with the API's own schema, in their own words",
  laptopOnly,
  async ({ page }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (/\/api\/v2\/(signup|password-reset)/.test(request.url())) sent.push(request.url());
    });

    await page.goto("/sign-up");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Organization name")).toHaveAccessibleDescription(
      "Enter your organization's name.",
    );
    await expect(page.getByLabel("Your name")).toHaveAccessibleDescription("Enter your name.");
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(
      "Enter an email address, such as ada@example.com.",
    );
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(
      /The password must have at least 12 characters; this one has 0\.$/,
    );
    // The first field in error, in the page's order.
    await expect(page.getByLabel("Organization name")).toBeFocused();

    // What only the route's schema knows (a name too long) is found before anything is sent.
    await page.getByLabel("Organization name").fill("Example Telecom Ltd");
    await page.getByLabel("Your name").fill("A".repeat(101));
    await page.getByLabel("Email").fill("schema@example.com");
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Your name")).toHaveAccessibleDescription(
      "Your name must be 1 to 100 characters",
    );
    await expect(page.getByLabel("Your name")).toBeFocused();
    await expect(page.getByLabel("Organization name")).not.toHaveAttribute("aria-invalid", "true");

    await page.goto("/forgot-password");
    await page.getByRole("button", { name: "Send me a link" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription(
      "Enter the email address you sign in with.",
    );
    await expect(page.getByLabel("Email")).toBeFocused();

    // A link whose token cannot be one: the link's problem is the form's, above the field.
    await page.goto("/reset-password?token=short");
    await page.getByLabel("New password").fill("a brand new long phrase");
    await page.getByRole("button", { name: "Set the new password" }).click();
    await expect(page.locator(".notice--error")).toHaveText(
      "token: this link is not complete; copy the whole link from the email",
    );
    expect(sent).toEqual([]);
  },
);
