import { expect, test } from "@playwright/test";
import { DEMO_PASSWORD, signIn, users } from "./helpers";

test.describe("signing in and out", () => {
  test("/ leads to sign-in, and to the inventory once signed in", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in$/);
    await signIn(page, users.acmeCustomer, "/orders");
    await page.goto("/");
    await expect(page).toHaveURL(/\/inventory$/);
    await expect(page.getByText("Alex Carter")).toBeVisible();
  });

  test("a page asked for while signed out comes back, query string and all, after signing in", async ({
    page,
  }) => {
    await signIn(page, users.acmeCustomer, "/products?country=GB&type=mobile");
    await expect(page.getByLabel("Number type")).toHaveValue("mobile");
  });

  test("a wrong password is refused, and so is signing out's aftermath", async ({ page, context }) => {
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(users.acmeCustomer);
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("#sign-in-error")).toHaveText(
      "That email and password do not match an account.",
    );

    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/inventory$/);
    const cookies = await context.cookies();
    const session = cookies.find((cookie) => cookie.name === "next-auth.session-token");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: false });

    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/tokens");
    await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Ftokens$/);
    expect((await page.request.get("/api/v2/tokens")).status()).toBe(401);
  });

  test("what is missing is said beside its field, before anything is sent, and focus goes to the first", async ({
    page,
  }) => {
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" || request.url().includes("/sso/start")) sent.push(request.url());
    });
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter your email address");
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/Enter your password$/);
    await expect(page.getByLabel("Email")).toBeFocused();

    // Not an email, so not one for single sign-on either: the password is still asked for.
    await page.getByLabel("Email").fill("alex");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Email")).toHaveAccessibleDescription("Enter a valid email address");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.getByLabel("Email").fill(users.acmeCustomer);
    await page.getByLabel("Password").fill("x".repeat(201));
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByLabel("Password")).toHaveAccessibleDescription(/That password is too long$/);
    await expect(page.getByLabel("Password")).toBeFocused();
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
    expect(sent).toEqual([]);

    // A refusal sent back in the URL is the form's error, already in the page the server sends.
    const html = await (await page.request.get("/sign-in?error=sso_required")).text();
    expect(html).toContain('id="sign-in-error"');
    await page.goto("/sign-in?error=sso_required");
    await expect(page.locator("#sign-in-error")).toHaveText(
      "Your organization signs in through its identity provider: leave the password empty and continue with single sign-on.",
    );
  });

  test("ten failures for one email hold further attempts back", async ({ page }) => {
    // A made-up account, so the demo users stay usable for the other specs. Ten is
    // SIGN_IN_THROTTLE.perEmail (lib/auth/sign-in-throttle.ts, not imported here: it pulls in
    // the counter stores and the database client).
    await page.goto("/sign-in");
    await page.getByLabel("Email").fill(`intruder-${Date.now()}@acme.example`);
    for (let attempt = 1; attempt <= 10; attempt++) {
      await page.getByLabel("Password").fill(`guess-${attempt}`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.locator("#sign-in-error")).toHaveText(
        "That email and password do not match an account.",
      );
    }
    await page.getByLabel("Password").fill("guess-11");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.locator("#sign-in-error")).toHaveText(
      /Too many failed attempts\. Try again in 1[45] minutes\./,
    );
  });

  test("another site cannot use the session to write", async ({ page }) => {
    await signIn(page, users.acmeCustomer, "/tokens");
    const response = await page.request.post("/api/v2/tokens", {
      headers: { origin: "https://evil.example" },
      data: { name: "stolen", scopes: ["orders:write"] },
    });
    expect(response.status()).toBe(401);
  });
});
