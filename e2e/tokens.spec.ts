import { expect, test } from "@playwright/test";
import { openAs, users } from "./helpers";

test("a token made on the tokens page works for the API until it is revoked", async ({ page, request }) => {
  await openAs(page, users.acmeCustomer, "/tokens");
  // Unique, so a rerun against the same server finds its own row.
  const name = `E2E reader ${Date.now()}`;
  const form = page.getByRole("form", { name: "Create an API token" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("checkbox", { name: /reference:read/ }).check();
  await form.getByLabel("Expires").selectOption("30");
  await form.getByRole("button", { name: "Create token" }).click();

  const secret = (await page.getByTestId("new-token-secret").innerText()).trim();
  expect(secret).toMatch(/^npk_/);
  const auth = { authorization: `Bearer ${secret}` };
  expect((await request.get("/api/v2/countries", { headers: auth })).status()).toBe(200);
  // Only the scope it was given.
  expect((await request.get("/api/v2/orders", { headers: auth })).status()).toBe(401);
  // A token cannot manage tokens.
  expect((await request.get("/api/v2/tokens", { headers: auth })).status()).toBe(401);

  await page.getByRole("button", { name: "I have stored it" }).click();
  await expect(page.getByTestId("new-token-secret")).toHaveCount(0);
  const row = page.getByTestId("token-row").filter({ hasText: name });
  await expect(row).toContainText("Active");
  await expect(row).toContainText(secret.slice(0, 10));
  await page.reload();
  await expect(row).toContainText(/just now|minute ago/);

  await row.getByRole("button", { name: `Revoke ${name}` }).click();
  await row.getByRole("button", { name: `Revoke “${name}”` }).click();
  await expect(row).toContainText("Revoked");

  const refused = await request.get("/api/v2/countries", { headers: auth });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error.message).toBe("The token has been revoked.");
});

test("a token with numbers:write from the tokens page changes a configuration", async ({ page, request }) => {
  await openAs(page, users.acmeCustomer, "/tokens");
  const name = `E2E writer ${Date.now()}`;
  const form = page.getByRole("form", { name: "Create an API token" });
  await form.getByLabel("Name").fill(name);
  await form.getByRole("checkbox", { name: /numbers:read/ }).check();
  await form.getByRole("checkbox", { name: /numbers:write/ }).check();
  await form.getByRole("button", { name: "Create token" }).click();
  const auth = { authorization: `Bearer ${(await page.getByTestId("new-token-secret").innerText()).trim()}` };

  const read = await request.get("/api/v2/numbers/num_acme_ext_7001", { headers: auth });
  expect(read.status()).toBe(200);
  const { data } = await read.json();
  const changed = await request.put("/api/v2/numbers/num_acme_ext_7001", {
    headers: { ...auth, "if-match": read.headers().etag },
    data: { name: data.name, rules: data.rules },
  });
  expect(changed.status()).toBe(200);
  expect(changed.headers().etag).not.toBe(read.headers().etag);
});

// The one-time secret appeared above the viewport (−145 px at 1366×768,
// −234 px at 390×844) and focus dropped to <body>.
for (const size of [
  { name: "1366×768", viewport: { width: 1366, height: 768 }, hasTouch: false },
  { name: "390×844", viewport: { width: 390, height: 844 }, hasTouch: true },
]) {
  test.describe(`a new token's secret at ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test("is shown where the person is looking, takes focus and says it is shown once", async ({ page }) => {
      await openAs(page, users.acmeCustomer, "/tokens");
      const form = page.getByRole("form", { name: "Create an API token" });
      await form.getByLabel("Name").fill(`E2E secret box ${size.name} ${Date.now()}`);
      await form.getByRole("checkbox", { name: /reference:read/ }).check();
      const create = form.getByRole("button", { name: "Create token" });
      await create.scrollIntoViewIfNeeded();
      await create.click();

      const box = page.getByTestId("secret-box");
      await expect(box).toBeFocused();
      await expect(box).toBeInViewport({ ratio: 1 });
      await expect(box).toContainText("Copy it now — it is shown once.");
      await expect(box.getByTestId("new-token-secret")).toHaveText(/^npk_/);
      await expect(box).toHaveAccessibleName(/^Token “E2E secret box .*” created\.$/);
      await expect(box.getByRole("button", { name: "Copy token" })).toBeInViewport();
    });
  });
}

// The form said "name must be 1 to 100 characters"; people are told in words,
// beside the field, whether the browser's check (the route's own schema) or the server refused.
test("the token form's errors are in words beside their fields", async ({ page }) => {
  await openAs(page, users.acmeCustomer, "/tokens");
  const form = page.getByRole("form", { name: "Create an API token" });
  const name = form.getByLabel("Name");
  await name.fill("   ");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveAccessibleDescription(/The name must be 1 to 100 characters$/);
  await expect(name).toBeFocused();
  await expect(form.getByRole("group", { name: "Scopes" })).toHaveAccessibleDescription(
    "The scopes must name at least one scope",
  );

  await form.getByLabel("Expires").selectOption("custom");
  await name.fill("Reader");
  await form.getByRole("checkbox", { name: /reference:read/ }).check();
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form.getByLabel("Expiry date")).toHaveAccessibleDescription(
    // With an example day written as the date field shows dates (en-US in these runs).
    /Choose the day the token stops working, such as \d{1,2}\/\d{1,2}\/\d{4}$/,
  );
  await form.getByLabel("Expiry date").fill("2020-01-01");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(form.getByLabel("Expiry date")).toHaveAccessibleDescription(
    /The expiry date must be in the future$/,
  );

  // The server's refusal lands on the field its error.details path names, in the same words.
  await page.route("**/api/v2/tokens", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 400,
          json: {
            message: "Bad Request",
            error: {
              message: "name must not repeat another token's name",
              details: "body.name=Reader",
              code: "invalid_parameter",
            },
          },
        })
      : route.fallback(),
  );
  await form.getByLabel("Expires").selectOption("30");
  await form.getByRole("button", { name: "Create token" }).click();
  await expect(name).toHaveAccessibleDescription(/The name must not repeat another token's name$/);
  await expect(name).toHaveValue("Reader");
  await expect(form).not.toContainText(/\b(expires_at|body\.name)\b|^name must/);
});

// An error box said "The server answered 503." whatever the server said.
test.describe("the tokens' error box says what the server said", () => {
  const cases = [
    {
      name: "a 503 with a message but not the API's whole error body",
      body: {
        message: "Service Unavailable",
        error: { message: "The database is being upgraded; back in two minutes." },
      },
      says: "The database is being upgraded; back in two minutes.",
    },
    {
      name: "a 503 in the API's error body",
      body: {
        message: "Service Unavailable",
        error: {
          message: "The service cannot reach its database just now; retry shortly.",
          details: "request_id=r1",
          code: "service_unavailable",
        },
      },
      says: "The service cannot reach its database just now; retry shortly.",
    },
    {
      name: "a 503 with no body",
      body: null,
      says: "The service is unavailable for a moment. Try again shortly.",
    },
  ];
  for (const { name, body, says } of cases) {
    test(name, async ({ page }) => {
      await page.route("**/api/v2/tokens", (route) =>
        route.request().method() === "GET"
          ? route.fulfill({
              status: 503,
              headers: { "retry-after": "5" },
              ...(body ? { json: body } : { body: "" }),
            })
          : route.fallback(),
      );
      await openAs(page, users.acmeCustomer, "/tokens");
      const alert = page.getByRole("alert").filter({ hasText: "The tokens could not be loaded" });
      await expect(alert).toContainText(says);
      await expect(alert).not.toContainText("The server answered 503");
      // Field paths and request ids are for support, folded away.
      await expect(alert.getByText("request_id=r1")).toBeHidden();
    });
  }
});

// For the pages on components/ui's DataTable: on a phone, a card put a cell's
// second line (a token's prefix, an order's reference) under the label column.
test.describe("cards on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("keep every line of a cell beside its label", async ({ page }) => {
    await openAs(page, users.acmeCustomer, "/tokens");
    for (const [path, row] of [
      ["/tokens", "token-row"],
      ["/orders", "order-row"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(row).first()).toBeVisible();
      const underLabels = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>("table.cards-on-phone td[data-label]")]
          .filter((cell) => cell.dataset.label !== "")
          .flatMap((cell) => {
            const label = parseFloat(getComputedStyle(cell, "::before").width);
            const start =
              cell.getBoundingClientRect().left + parseFloat(getComputedStyle(cell).paddingLeft) + label;
            return [...cell.querySelectorAll<HTMLElement>("*")]
              .filter((part) => part.getClientRects().length > 0 && part.getBoundingClientRect().left < start)
              .map((part) => `${cell.dataset.label}: ${part.textContent}`);
          }),
      );
      expect(underLabels, path).toEqual([]);
    }
  });
});
