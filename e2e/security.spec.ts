import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { authenticator } from "otplib";
import { DEMO_PASSWORD, expectAccessible, expectNoHorizontalScroll, laptopOnly, signIn } from "./helpers";

// /settings/security at 1366×768 and 390×844 (docs/CONTRACT.md §15): two-factor set-up with the QR
// code, recovery codes shown once, the code step at sign-in, turning it off, a password
// change and back, and sign out everywhere. Each viewport uses its own demo person, and
// leaves them as it found them.

const personFor = (width: number) => (width < 600 ? "viewer@acme.example" : "customer@globex.example");
/** A code for the next 30-second step: the one used to turn two-factor on may not be used twice. */
const nextCode = (secret: string) => authenticator.clone({ epoch: Date.now() + 30_000 }).generate(secret);

async function signInWithCode(page: Page, email: string, code: string) {
  await page.goto("/settings/security");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  const codeField = page.getByLabel("Two-factor code");
  await expect(codeField).toBeFocused();
  const verify = page.getByRole("button", { name: "Verify and sign in" });
  // No code: asked for beside the field, before anything is sent.
  await verify.click();
  await expect(codeField).toHaveAccessibleDescription(
    /Enter the 6-digit code from your authenticator app, or one of your recovery codes\.$/,
  );
  await expect(codeField).toBeFocused();
  // A wrong one: next-auth's refusal beside the field, which is emptied for the next try.
  await codeField.fill("000000");
  await verify.click();
  await expect(codeField).toHaveAccessibleDescription(
    /That code is not right, or was already used\. Enter the code your app shows now\.$/,
  );
  await expect(codeField).toHaveValue("");
  await expect(codeField).toBeFocused();
  await codeField.fill(code);
  await verify.click();
  await expect(page).toHaveURL(/\/settings\/security$/);
}

test("two-factor sign-in: set up, sign in with a code, turn off; sign out everywhere", async ({
  page,
}, testInfo) => {
  const email = personFor(page.viewportSize()!.width);
  await signIn(page, email, "/settings/security");
  await expect(page.getByRole("heading", { name: "Security", level: 1 })).toBeVisible();
  await expectAccessible(page, testInfo, "security");
  await expectNoHorizontalScroll(page, "security");

  await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(
    page.getByRole("img", { name: "QR code to add this account to an authenticator app" }),
  ).toBeVisible();
  // Each step takes focus as it appears: the button pressed is gone, focus is not left on the page.
  await expect(page.getByText(/^1\. Scan this QR code/)).toBeFocused();
  const secret = (await page.getByTestId("totp-secret").innerText()).trim();
  const confirm = page.getByRole("form", { name: "Turn on two-factor sign-in" });
  await confirm.getByLabel(/Enter the 6-digit code/).fill("000000");
  await confirm.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(confirm.getByText("That code is not right.", { exact: false })).toBeVisible();
  await expect(confirm.getByLabel(/Enter the 6-digit code/)).toBeFocused();
  await confirm.getByLabel(/Enter the 6-digit code/).fill(authenticator.generate(secret));
  await confirm.getByRole("button", { name: "Turn on two-factor sign-in" }).click();

  await expect(page.getByTestId("secret-box")).toBeFocused();
  const codes = (await page.getByTestId("recovery-codes").innerText()).trim().split(/\s+/);
  expect(codes).toHaveLength(10);
  // Readable on a phone: each code on one line, as wide as its text, never broken over lines.
  const cells = page.getByTestId("recovery-codes").getByTestId("secret-item");
  await expect(cells).toHaveCount(10);
  for (const cell of await cells.all()) {
    const fit = await cell.evaluate((element) => {
      // One client rect per line box the text is laid out on.
      const range = document.createRange();
      range.selectNodeContents(element);
      return { lines: range.getClientRects().length, overflow: element.scrollWidth - element.clientWidth };
    });
    expect(fit).toEqual({ lines: 1, overflow: 0 });
  }
  await expectNoHorizontalScroll(page, "the recovery codes");
  // Downloaded as text beside Copy: one code a line.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download as text" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("numbers-recovery-codes.txt");
  expect(readFileSync((await download.path()) ?? "", "utf8")).toBe(`${codes.join("\n")}\n`);
  await expectAccessible(page, testInfo, "security-recovery-codes");
  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByText("10 of 10 recovery codes left.")).toBeVisible();
  await expect(page.getByTestId("two-factor-panel")).toBeFocused();

  // Signing in again asks for a code after the password.
  await page.context().clearCookies();
  await signInWithCode(page, email, nextCode(secret));

  // Off again, with the password, behind a second press.
  await page.getByLabel("Your password, to turn two-factor sign-in off").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Turn off two-factor sign-in" }).click();
  await page.getByRole("button", { name: "Yes, turn off two-factor sign-in" }).click();
  await expect(page.getByRole("button", { name: "Set up two-factor sign-in" })).toBeVisible();
  await expect(page.getByTestId("two-factor-panel")).toBeFocused();

  // Sign out everywhere, this browser included: a second session ends too.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, email, "/settings/security");
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await page.getByRole("button", { name: "Yes, sign me out on every device, this one too" }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await otherPage.goto("/settings/security");
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await other.close();
});

test(
  "changing the password keeps this session; a wrong current password is refused beside its field",
  laptopOnly,
  async ({ page }, testInfo) => {
    const email = personFor(page.viewportSize()!.width);
    const changed = `${DEMO_PASSWORD}-changed`;
    await signIn(page, email, "/settings/security");
    const form = page.getByRole("form", { name: "Change your password" });
    await form.getByLabel("Current password").fill("not the password");
    await form.getByLabel("New password").fill(changed);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(form.getByText("The current password is not right.")).toBeVisible();
    await expectAccessible(page, testInfo, "security-password-error");

    await form.getByLabel("Current password").fill(DEMO_PASSWORD);
    await form.getByLabel("New password").fill(changed);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(
      page.getByText("Your password is changed. You were signed out everywhere else."),
    ).toBeVisible();
    await page.reload();
    await expect(page).toHaveURL(/\/settings\/security$/);

    // And back, so the demo password works for the other specs.
    await form.getByLabel("Current password").fill(changed);
    await form.getByLabel("New password").fill(DEMO_PASSWORD);
    await form.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password is changed.", { exact: false })).toBeVisible();
  },
);
