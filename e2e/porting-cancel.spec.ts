import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { startSmtpReceiver, type SmtpReceiver } from "../tests/email/smtp-receiver";
import { expectAccessible, expectNoHorizontalScroll, openAs, users } from "./helpers";
import { startOwnInstance, type OwnInstance } from "./own-instance";

// The ways out of a port order that e2e/porting.spec.ts does not take: a customer deletes a
// draft; cancels a submitted order, which waits for the losing carrier until support's port desk
// confirms it, and then the numbers' configurations are gone; and asks for another FOC date once
// the desk has confirmed one, which the desk then changes. The orders are set up over the API
// (the stepper is porting.spec.ts's). The simulated carrier would answer a cancellation or an
// FOC change within a sweep, so this spec starts an instance of its own with PORTING_CARRIER=
// manual: nothing moves until the desk moves it, and every step waits for a state on screen.
// At 1366×768 and 390×844, in the desktop project (playwright.config.ts).

const port = Number(process.env.E2E_PORT ?? 3100) + 33;
let instance: OwnInstance;
let mail: SmtpReceiver;

const server = `http://localhost:${port}`;
test.use({ baseURL: server });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  mail = await startSmtpReceiver(0);
  instance = await startOwnInstance(
    port,
    {
      LOG_LEVEL: "error",
      PORTING_CARRIER: "manual",
      SMTP_URL: mail.url,
      BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00",
    },
    "porting-cancel-server.log",
  );
});
test.afterAll(async () => {
  await instance?.stop();
  await mail?.close();
});

const auth = () => ({ authorization: `Bearer ${instance.token}` });

async function postJson<T>(api: APIRequestContext, path: string, data?: unknown): Promise<T> {
  const response = await api.post(`/api/v2${path}`, { headers: auth(), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A draft order of Acme for `numbers` (US local) at the earliest FOC date; its id and that date. */
async function makeDraft(numbers: string[], stamp: string): Promise<{ id: string; focDate: string }> {
  const api = instance.api;
  const check = await postJson<{ data: Array<{ portable: boolean; earliest_foc_date: string }> }>(
    api,
    "/portability_checks",
    { numbers },
  );
  expect(check.data.map((answer) => answer.portable)).toEqual(numbers.map(() => true));
  const endUser = await postJson<{ data: { end_user_id: string } }>(api, "/end_users", {
    type: "individual",
    name: `Port Leaver ${stamp}`,
  });
  const address = await postJson<{ data: { address_id: string } }>(api, "/addresses", {
    street: `${stamp} Larimer Street`,
    city: "Denver",
    postal_code: "80202",
    country: "US",
  });
  const focDate = check.data[0].earliest_foc_date;
  const created = await postJson<{ data: Array<{ port_order_id: string }> }>(api, "/port_orders", {
    numbers,
    end_user_id: endUser.data.end_user_id,
    address_id: address.data.address_id,
    losing_carrier: { account_number: `ACC-${stamp}`, pin: "4321", authorized_person: "Ada Lovelace" },
    requested_foc_date: focDate,
  });
  expect(created.data).toHaveLength(1);
  return { id: created.data[0].port_order_id, focDate };
}

/** A submitted order: the draft's LOA signed through the emailed link, then submitted. */
async function makeSubmitted(numbers: string[], stamp: string): Promise<{ id: string; focDate: string }> {
  const order = await makeDraft(numbers, stamp);
  const signer = `signer-${stamp}@example.com`;
  await postJson(instance.api, `/port_orders/${order.id}/loa/signature_requests`, {
    name: "Ada Lovelace",
    email: signer,
  });
  let token = "";
  await expect
    .poll(
      () => {
        const text = mail.received.filter((received) => received.to === signer).at(-1)?.text ?? "";
        token = /\/loa\/sign\/([A-Za-z0-9_-]{43})/.exec(text)?.[1] ?? "";
        return token;
      },
      { timeout: 30_000 },
    )
    .not.toBe("");
  const signed = await instance.api.post(`/api/v2/loa_signatures/${token}`, {
    data: { typed_name: "Ada Lovelace", accept: true },
  });
  expect(signed.status(), "signing by the emailed link").toBe(201);
  const submitted = await postJson<{ data: { status: string } }>(
    instance.api,
    `/port_orders/${order.id}/actions/submit`,
  );
  expect(submitted.data.status).toBe("submitted");
  return order;
}

/**
 * Both sizes run in this one file, so in one worker with one instance (an instance is a server
 * start of its own; a project each would start two).
 */
const sizes = [
  { name: "desktop", offset: 0, viewport: { width: 1366, height: 768 }, hasTouch: false },
  { name: "mobile", offset: 40, viewport: { width: 390, height: 844 }, hasTouch: true },
];
type Size = (typeof sizes)[number];

/** Numbers of this test's own in the instance's database: +1 303 555 0 3TN (3(T+4)N on a phone). */
const numbers = (size: Size, which: number, count = 1) =>
  Array.from({ length: count }, (_, i) => `+13035550${300 + size.offset + which * 10 + i}`);

/** "YYYY-MM-DD" plus `days` calendar days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The first day after `day` that is a business day (`weekend`: the first Saturday instead). */
function nextDay(day: string, weekend = false): string {
  let next = addDays(day, 1);
  const wanted = (date: string) => {
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    return weekend ? weekday === 6 : weekday !== 0 && weekday !== 6;
  };
  while (!wanted(next)) next = addDays(next, 1);
  return next;
}

/** Support on the port desk, in a second browser at laptop size. */
async function openDesk(browser: Browser, status: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server,
    viewport: { width: 1366, height: 768 },
  });
  const desk = await context.newPage();
  await openAs(desk, users.support, `/porting/desk?status=${status}`, server);
  return desk;
}

const deskOrder = (desk: Page, id: string) => desk.getByTestId("desk-order").filter({ hasText: id });

for (const size of sizes)
  test.describe(`at ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test("a customer deletes a draft port order from its page", async ({ page }, testInfo) => {
      const stamp = `${size.name}-d-${Date.now()}`;
      const { id } = await makeDraft(numbers(size, 1), stamp);
      await openAs(page, users.acmeCustomer, `/porting/${id}`, server);
      await expect(page.getByTestId("port-status").first()).toHaveText("Draft");
      await expectAccessible(page, testInfo, `porting-draft-${size.name}`);
      await expectNoHorizontalScroll(page, "porting draft");

      // By keyboard: the first press asks, the second (focused) deletes; "Keep" would go back.
      await page.getByRole("button", { name: "Delete draft" }).focus();
      await page.keyboard.press("Enter");
      const confirm = page.getByRole("button", { name: "Delete this draft" });
      await expect(confirm).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/porting$/);
      await expect(page.getByRole("heading", { name: "Porting", level: 1 })).toBeVisible();
      await expect(page.getByText("Loading port orders…")).toHaveCount(0);
      await expect(page.getByTestId("port-order-row").filter({ hasText: id })).toHaveCount(0);
      const gone = await instance.api.get(`/api/v2/port_orders/${id}`, { headers: auth() });
      expect(gone.status()).toBe(404);
    });

    test("a customer cancels a submitted order; once the desk confirms, its numbers' configurations are gone", async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      const stamp = `${size.name}-c-${Date.now()}`;
      const { id } = await makeSubmitted(numbers(size, 2, 2), stamp);
      await openAs(page, users.acmeCustomer, `/porting/${id}`, server);
      await expect(page.getByTestId("port-status").first()).toHaveText("Submitted");

      // From submission each number has a configuration (status porting), linked from its row.
      const rows = page.getByTestId("port-number-row");
      await expect(rows.getByRole("link", { name: /^Configure / })).toHaveCount(2);
      const configured = await rows
        .getByRole("link", { name: /^Configure / })
        .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
      expect(configured).toEqual([
        expect.stringMatching(/^\/numbers\//),
        expect.stringMatching(/^\/numbers\//),
      ]);

      await page.getByRole("button", { name: "Cancel the port" }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("button", { name: "Cancel this port" })).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("port-status").first()).toHaveText("Cancelling");
      await expect(page.getByTestId("port-event").filter({ hasText: "Submitted → Cancelling" })).toHaveCount(
        1,
      );
      await expect(page.getByRole("button", { name: "Cancel the port" })).toHaveCount(0);
      await expectAccessible(page, testInfo, `porting-cancelling-${size.name}`);
      await expectNoHorizontalScroll(page, "porting cancelling");

      // The losing carrier (the desk, by hand) confirms; the customer's page follows on its own.
      const desk = await openDesk(browser, "cancel_pending");
      await deskOrder(desk, id).getByRole("button", { name: "Confirm cancel" }).click();
      await expect(deskOrder(desk, id)).toHaveCount(0);
      await expect(page.getByTestId("port-status").first()).toHaveText("Cancelled");
      await expect(rows.filter({ hasText: "Cancelled" })).toHaveCount(2);
      await expect(rows.getByRole("link", { name: /^Configure / })).toHaveCount(0);
      await expect(page.getByTestId("port-event").filter({ hasText: "Cancelling → Cancelled" })).toHaveCount(
        1,
      );
      await expectAccessible(page, testInfo, `porting-cancelled-${size.name}`);
      for (const href of configured) {
        const number = await instance.api.get(`/api/v2${href}`, { headers: auth() });
        expect(number.status(), `${href} after the cancellation`).toBe(404);
      }
      await desk.context().close();
    });

    test("a customer asks for another FOC date once it is confirmed, and the desk changes it", async ({
      page,
      browser,
    }, testInfo) => {
      test.setTimeout(180_000);
      const stamp = `${size.name}-f-${Date.now()}`;
      const { id, focDate } = await makeSubmitted(numbers(size, 3), stamp);

      // The desk confirms the FOC first (the requested date's cut-over, 10:00 UTC).
      const desk = await openDesk(browser, "submitted");
      await deskOrder(desk, id).getByRole("button", { name: "Confirm FOC" }).click();
      await expect(deskOrder(desk, id)).toHaveCount(0);

      await openAs(page, users.acmeCustomer, `/porting/${id}`, server);
      await expect(page.getByTestId("port-status").first()).toHaveText("FOC confirmed");
      const date = page.getByLabel("New requested FOC date");
      const ask = page.getByRole("button", { name: "Ask for a new FOC date" });

      // Nothing chosen, then a Saturday: each said beside the field; asked again by keyboard.
      await ask.click();
      await expect(date).toHaveAccessibleDescription(/Choose the new FOC date\./);
      const saturday = nextDay(focDate, true);
      await date.fill(saturday);
      await date.press("Enter");
      await expect(date).toHaveAccessibleDescription(new RegExp(`${saturday} is a Saturday`));
      await expect(date).toHaveAttribute("aria-invalid", "true");
      await expectAccessible(page, testInfo, `porting-foc-change-error-${size.name}`);
      await expectNoHorizontalScroll(page, "porting FOC change");

      const wanted = nextDay(focDate);
      await date.fill(wanted);
      await date.press("Enter");
      await expect(
        page.getByRole("status").filter({ hasText: `A new FOC date (${wanted}) was asked for` }),
      ).toHaveCount(1);
      await expect(date).not.toHaveAttribute("aria-invalid", "true");
      await expect(page.getByTestId("port-status").first()).toHaveText("FOC confirmed");

      // The desk gives the new cut-over; the customer's page shows it and the timeline says so.
      await desk.goto("/porting/desk?status=foc_confirmed");
      const order = deskOrder(desk, id);
      await order.getByLabel(`FOC (UTC) for ${id}`).fill(`${wanted}T10:00:00`);
      await order.getByRole("button", { name: "Change FOC" }).click();
      await expect(
        page.getByTestId("port-event").filter({ hasText: "FOC date changed (Support)" }),
      ).toHaveCount(1);
      const focAt = await instance.api.get(`/api/v2/port_orders/${id}`, { headers: auth() });
      expect(((await focAt.json()) as { data: { foc_at: string } }).data.foc_at).toBe(
        `${wanted}T10:00:00.000Z`,
      );
      await expectAccessible(page, testInfo, `porting-foc-changed-${size.name}`);
      await desk.context().close();
    });
  });
