import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { eventTypes } from "../lib/schemas/events";
import { expectAccessible, expectNoHorizontalScroll, laptopOnly, openAs, screenshot, users } from "./helpers";

// /webhooks against a receiver in this process on a loopback port (the server runs with
// WEBHOOKS_ALLOW_HTTP=1, playwright.config.ts, which lets http://127.0.0.1 through and nothing
// else private). What the page shows is checked against what the receiver actually got.

type Received = { headers: IncomingHttpHeaders; body: string };

/** A webhook receiver answering `answer.status` with `answer.body`, recording every request. */
async function startReceiver() {
  const received: Received[] = [];
  const answer = { status: 200, body: "ok from the receiver" };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(answer.status, { "content-type": "text/plain" });
      response.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Standard Webhooks check a receiver makes: v1 HMAC-SHA256 of id.timestamp.body. */
function expectedSignature(secret: string, request: Received): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ""), "base64");
  const signed = `${String(request.headers["webhook-id"])}.${String(request.headers["webhook-timestamp"])}.${request.body}`;
  return `v1,${createHmac("sha256", key).update(signed).digest("base64")}`;
}

/** The endpoints a test made go again, so reruns and the other project stay under the limit. */
async function deleteWebhooks(page: Page, ids: string[]): Promise<void> {
  for (const id of ids) {
    const response = await page.request.delete(`/api/v2/webhooks/${id}`, {
      headers: { origin: new URL(page.url()).origin },
    });
    expect([204, 404], `DELETE /webhooks/${id}`).toContain(response.status());
  }
}

const selectedId = (page: Page) => new URL(page.url()).searchParams.get("webhook") ?? "";

let receiver: Awaited<ReturnType<typeof startReceiver>>;
test.beforeEach(async () => {
  receiver = await startReceiver();
});
test.afterEach(async () => {
  await receiver.close();
});

test("an endpoint gets a signed test event, shows a failed re-send's 500, and is deleted", async ({
  page,
}, testInfo) => {
  await openAs(page, users.acmeCustomer, "/webhooks");
  const description = `E2E receiver ${testInfo.project.name} ${Date.now()}`;
  const url = receiver.url(`/hooks/${Date.now()}`);
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("Address (URL)").fill(url);
  await form.getByRole("checkbox", { name: /^Order completed/ }).check();
  await form.getByRole("checkbox", { name: /^Back-order filled/ }).check();
  await form.getByLabel("Description (optional)").fill(description);
  await form.getByRole("button", { name: "Add endpoint" }).click();

  const secretBox = page.getByTestId("new-webhook-secret");
  const secret = (await secretBox.innerText()).trim();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32,}={0,2}$/);
  await expect(page).toHaveURL(/[?&]webhook=wh_/);
  const webhookId = selectedId(page);
  try {
    const row = page.getByTestId("webhook-row").filter({ hasText: description });
    await expect(row).toContainText(url);
    await expect(row).toContainText("Back-order filled");
    await expect(row).toContainText("Order completed");
    // Shown once: a reload of the same shared link shows the endpoint but not its secret.
    await page.reload();
    await expect(page.getByRole("heading", { name: /^Deliveries to 127\.0\.0\.1:/ })).toBeVisible();
    await expect(secretBox).toHaveCount(0);
    // The endpoints' list sits above the detail and may load after it, moving the detail down:
    // the page is settled before the click below.
    await expect(row).toContainText(url);

    const detail = page.getByTestId("webhook-detail");
    await detail.getByRole("button", { name: "Send test event" }).click();
    // The POST has answered. Once (CI, 30 November) no delivery row came in 30 s; this wait tells
    // a POST that failed or never went from a list that was not read again.
    await expect(detail.getByText(/^Test event queued/)).toBeVisible({ timeout: 30_000 });
    const delivery = detail.getByTestId("delivery-row").first();
    // The list is read again after the POST; on a loaded machine that read (and its retries)
    // once took longer than the default 15 s, as long as the worker's send below may.
    await expect(delivery).toContainText("Test event", { timeout: 30_000 });
    // The worker sends it and the page, polling while it is pending, shows the answer.
    await expect(delivery.getByText("Delivered")).toBeVisible({ timeout: 30_000 });
    await expect(delivery.getByTestId("delivery-last-answer")).toHaveText("200");

    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    expect(first.headers["content-type"]).toMatch(/^application\/json/);
    expect(first.headers["webhook-signature"]).toBe(expectedSignature(secret, first));
    expect(Math.abs(Number(first.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(300);
    const event = JSON.parse(first.body) as { id: string; type: string; data: { webhook_id: string } };
    expect(event).toMatchObject({ type: "webhook.test", data: { webhook_id: webhookId } });
    expect(first.headers["webhook-id"]).toBe(event.id);
    await expect(delivery).toContainText(event.id);

    // The receiver breaks; a re-send of the same event shows its 500 and the answer's text.
    receiver.answer.status = 500;
    receiver.answer.body = "receiver broken: database down";
    await delivery.getByRole("button", { name: "Re-send" }).click();
    await expect(delivery.getByTestId("delivery-last-answer")).toHaveText("500", { timeout: 30_000 });
    await expect(delivery.getByText("Retrying")).toBeVisible();
    await expect(delivery.getByRole("button", { name: "Re-send" })).toHaveCount(0);
    expect(receiver.received[1].headers["webhook-id"]).toBe(event.id);
    expect(receiver.received[1].headers["webhook-signature"]).toBe(
      expectedSignature(secret, receiver.received[1]),
    );

    await delivery.getByRole("button", { name: "Show attempts" }).click();
    const attempts = detail.getByTestId("delivery-attempt");
    await expect(attempts.nth(0)).toContainText("answered 200");
    await expect(attempts.nth(0).locator("pre")).toHaveText("ok from the receiver");
    await expect(attempts.nth(1)).toContainText("answered 500");
    await expect(attempts.nth(1).locator("pre")).toHaveText("receiver broken: database down");

    await expectAccessible(page, testInfo, `webhooks-${testInfo.project.name}`);
    await expectNoHorizontalScroll(page, "/webhooks with attempts open");
    await screenshot(page, testInfo, `webhooks-${testInfo.project.name}`);

    await detail.getByRole("button", { name: "Delete endpoint" }).click();
    await detail.getByRole("button", { name: /^Delete 127\.0\.0\.1:\d+\/hooks\/\d+ for good$/ }).click();
    await expect(detail).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Endpoints", exact: true })).toBeFocused();
    await expect(row).toHaveCount(0);
    expect(selectedId(page)).toBe("");
    expect((await page.request.get(`/api/v2/webhooks/${webhookId}`)).status()).toBe(404);
  } finally {
    await deleteWebhooks(page, [webhookId]);
  }
});

test("an endpoint can be added with the keyboard alone", async ({ page }, testInfo) => {
  await openAs(page, users.acmeCustomer, "/webhooks");
  const description = `E2E keyboard ${testInfo.project.name} ${Date.now()}`;
  const form = page.getByRole("form", { name: "Add a webhook endpoint" });
  await form.getByLabel("Address (URL)").focus();
  await page.keyboard.type(receiver.url("/keyboard"));
  await page.keyboard.press("Tab");
  await expect(form.getByRole("checkbox", { name: /^Order placed/ })).toBeFocused();
  await page.keyboard.press("Space");
  // Past the other events to "Select all", then the description.
  for (let step = 0; step < eventTypes.length; step++) await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Select all" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(form.getByLabel("Description (optional)")).toBeFocused();
  await page.keyboard.type(description);
  await page.keyboard.press("Enter");

  // The secret takes focus where the person is looking (the same box as a token's);
  // Tab reaches its Copy button and then "I have stored it".
  const notice = page.getByRole("region", { name: /^Endpoint .* added\.$/ });
  await expect(notice).toBeFocused();
  // The endpoint's details open above the form once the answer is in; the box stays in view.
  await expect(page.getByRole("heading", { name: /^Deliveries/ })).toBeVisible();
  await expect(notice).toBeInViewport({ ratio: 1 });
  await expect(notice).toBeFocused();
  await expect(notice).toHaveAccessibleDescription(
    "Copy it now — it is shown once. Nobody, us included, can show it again.",
  );
  await expect(page).toHaveURL(/[?&]webhook=wh_/);
  const webhookId = selectedId(page);
  try {
    await page.keyboard.press("Tab");
    await expect(notice.getByRole("button", { name: "Copy secret" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(notice.getByRole("button", { name: "I have stored it" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("new-webhook-secret")).toHaveCount(0);
    const row = page.getByTestId("webhook-row").filter({ hasText: description });
    await expect(row).toContainText("Order placed");
    await expect(row.locator(".badge")).toHaveCount(1);
  } finally {
    await deleteWebhooks(page, [webhookId]);
  }
});

test(
  "a private address is refused beside the field and the form keeps what was typed",
  laptopOnly,
  async ({ page }) => {
    await openAs(page, users.acmeCustomer, "/webhooks");
    const form = page.getByRole("form", { name: "Add a webhook endpoint" });
    const address = form.getByLabel("Address (URL)");
    await address.fill("http://10.0.0.1/hook");
    await form.getByRole("checkbox", { name: /^Hold expired/ }).check();
    await form.getByLabel("Description (optional)").fill("Office router");
    await expect(page.getByText("Loading endpoints…")).toHaveCount(0);
    const before = await page.getByTestId("webhook-row").count();
    await form.getByRole("button", { name: "Add endpoint" }).click();

    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(address).toHaveAccessibleDescription(
      /^Where we send the events.* This address is not allowed: 10\.0\.0\.1 is a private address\.$/,
    );
    await expect(address).toHaveValue("http://10.0.0.1/hook");
    await expect(form.getByRole("checkbox", { name: /^Hold expired/ })).toBeChecked();
    await expect(form.getByLabel("Description (optional)")).toHaveValue("Office router");
    await expect(page.getByTestId("new-webhook-secret")).toHaveCount(0);
    await expect(page.getByTestId("webhook-row")).toHaveCount(before);

    // A mistyped address is explained before anything is sent.
    await address.fill("example.com/hook");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await expect(address).toHaveAccessibleDescription(/This is not a web address/);
  },
);

test(
  "support reads another organization's endpoint from its link; its customers are told it is not theirs",
  laptopOnly,
  async ({ browser, page }) => {
    // Globex adds an endpoint (through its own session: endpoints are changed by their owners only).
    const globex = await browser.newPage();
    await openAs(globex, users.globexCustomer, "/webhooks");
    const origin = new URL(globex.url()).origin;
    const created = await globex.request.post("/api/v2/webhooks", {
      headers: { origin },
      data: { url: receiver.url("/globex"), events: ["number.assigned"], description: "Globex provisioning" },
    });
    expect(created.status()).toBe(201);
    const webhookId = ((await created.json()) as { data: { webhook_id: string } }).data.webhook_id;
    try {
      await openAs(page, users.support, `/webhooks?webhook=${webhookId}`);
      const detail = page.getByTestId("webhook-detail");
      await expect(
        detail.getByRole("heading", { name: /^Deliveries to 127\.0\.0\.1:\d+\/globex$/ }),
      ).toBeVisible();
      await expect(detail).toContainText("This endpoint belongs to Globex Corporation.");
      await expect(detail.getByRole("button", { name: "Send test event" })).toHaveCount(0);
      await expect(detail.getByRole("button", { name: "Delete endpoint" })).toHaveCount(0);
      // The organization filter narrows the list to Globex's endpoints, named, in the URL.
      await page.getByLabel("Organization", { exact: true }).selectOption({ label: "Globex Corporation" });
      await expect(page).toHaveURL(/organization_id=org_globex/);
      const rows = page.getByTestId("webhook-row");
      await expect(rows.filter({ hasText: "Globex provisioning" })).toHaveCount(1);
      await expect(rows.filter({ hasNotText: /Globex/ })).toHaveCount(0);

      // An Acme customer given the same link learns only that there is no such endpoint for them.
      const acme = await browser.newPage();
      await openAs(acme, users.acmeCustomer, `/webhooks?webhook=${webhookId}`);
      await expect(acme.getByRole("heading", { name: "Endpoint not found" })).toBeVisible();
      await expect(acme.getByText("Globex provisioning")).toHaveCount(0);
      await acme.close();
    } finally {
      await deleteWebhooks(globex, [webhookId]);
      await globex.close();
    }
  },
);
