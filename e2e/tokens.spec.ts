import { expect, test } from "@playwright/test";
import { signIn, users } from "./helpers";

test("a token made on the tokens page works for the API until it is revoked", async ({ page, request }) => {
  await signIn(page, users.acmeCustomer, "/tokens");
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
  await signIn(page, users.acmeCustomer, "/tokens");
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
