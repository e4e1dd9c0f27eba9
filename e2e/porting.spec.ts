import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";
import { startSmtpReceiver, type SmtpReceiver } from "../tests/email/smtp-receiver";
import { expectAccessible, expectNoHorizontalScroll, openAs, portBeside, users } from "./helpers";

// Porting in the portal: a customer checks numbers, fills the details, has the LOA signed by the
// emailed link, reviews and submits; configures a number before its FOC; support's port desk
// confirms the FOC for the losing carrier (whose own answer would come a business day later) and
// the worker's carrier driver activates the numbers at the FOC. Then the desk raises an exception
// that the customer fixes beside its field and resubmits. Every step waits for a state on screen,
// never for a time. At 1366×768 and 390×844.

let receiver: SmtpReceiver;

test.beforeAll(async ({}, testInfo) => {
  receiver = await startSmtpReceiver(portBeside(testInfo, 25));
});
test.afterAll(() => receiver.close());

/**
 * A block of numbers of the test's own: the database outlives a run (a number ported once is
 * here for good), so each test takes +1 303 5BB BBNN, BBBB the second it started at (modulo
 * 10,000), and picks the outcome by NN, the last two digits the simulated carrier reads (00–79
 * portable, 98–99 not).
 */
function numberBlock(): (last: string) => string {
  const block = String(Math.floor(Date.now() / 1000) % 10_000).padStart(4, "0");
  return (last) => `+13035${block}${last}`;
}

/** The signing link's path from the newest email to `to`. */
async function signingLink(to: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = receiver.received.filter((received) => received.to === to).at(-1);
        link = /https?:\/\/\S+\/loa\/sign\/[A-Za-z0-9_-]+/.exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return new URL(link).pathname;
}

/** An end user and a US address of Acme's, made through the API, named after the run. */
async function prepareRecords(page: Page, stamp: string): Promise<{ endUser: string; address: string }> {
  const headers = { origin: new URL(page.url()).origin };
  const endUser = `Porting Customer ${stamp}`;
  const address = `${stamp} Larimer Street`;
  const made = await page.request.post("/api/v2/end_users", {
    headers,
    data: { type: "individual", name: endUser },
  });
  expect(made.status(), "POST /end_users").toBe(201);
  const placed = await page.request.post("/api/v2/addresses", {
    headers,
    data: { street: address, city: "Denver", postal_code: "80202", country: "US" },
  });
  expect(placed.status(), "POST /addresses").toBe(201);
  return { endUser, address };
}

/** Goes through the stepper to a submitted order; returns its id. */
async function startPort(
  page: Page,
  testInfo: TestInfo,
  numbers: { portable: string[]; notPortable?: string },
  stamp: string,
): Promise<string> {
  const records = await prepareRecords(page, stamp);
  await page.goto("/porting/new");
  // 1. Check numbers: each says whether it can be ported, or why not.
  const list = [...numbers.portable, ...(numbers.notPortable ? [numbers.notPortable] : [])];
  await expect(page.getByTestId("step-missing")).toHaveText("Still needed: a check of the numbers.");
  await page.getByLabel("Numbers to port").fill(list.join("\n"));
  await page.getByRole("button", { name: "Check numbers" }).click();
  const results = page.getByTestId("portability-result");
  await expect(results).toHaveCount(list.length);
  for (const number of numbers.portable)
    await expect(
      results.filter({ hasText: number.slice(-4) }).getByText("Portable", { exact: true }),
    ).toHaveCount(1);
  if (numbers.notPortable) await expect(results.filter({ hasText: "Not portable" })).toContainText("cannot");
  await expectAccessible(page, testInfo, `porting-check-${testInfo.project.name}`);
  await page.getByRole("button", { name: "Continue to details" }).click();

  // 2. Details: what is missing is said; going back and forth keeps what was typed.
  await expect(page.getByTestId("step-missing")).toContainText("the end user");
  await page.getByLabel("End user", { exact: true }).selectOption({ label: records.endUser });
  await page.getByLabel("Service address").selectOption({ label: `${records.address}, Denver 80202 (US)` });
  await page.getByLabel("Account number at the losing carrier").fill(`ACC-${stamp}`);
  await page.getByLabel("Account PIN").fill("4321");
  await page.getByLabel("Authorized person").fill("Ada Lovelace");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel("Numbers to port")).toHaveValue(list.join("\n"));
  await page.getByRole("button", { name: "Continue to details" }).click();
  await expect(page.getByLabel("Account number at the losing carrier")).toHaveValue(`ACC-${stamp}`);
  await expect(page.getByTestId("step-missing")).toHaveText("Still needed: the requested FOC date.");
  const foc = page.getByLabel("Requested FOC date");
  const earliest = await foc.getAttribute("min");
  expect(earliest, "the earliest FOC date allowed").toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await foc.fill(earliest as string);
  await page.getByRole("button", { name: "Save and continue" }).click();

  // 3. The LOA: requested by email, signed by the link, and the page says so.
  await expect(page).toHaveURL(/\/porting\/new\?port_order_id=po_/);
  const portOrderId = new URL(page.url()).searchParams.get("port_order_id") as string;
  const signer = `signer-${stamp}@example.com`;
  await page.getByLabel("Signer's email").fill(signer);
  await page.getByRole("button", { name: "Request signature by email" }).click();
  await expect(page.getByTestId("loa-status")).toContainText(
    `Waiting for signature: a link went to ${signer}`,
  );
  await expect(page.getByTestId("step-missing")).toHaveText(
    "Still needed: the signed letter of authorization.",
  );
  const signed = await page.request.post(
    `/api/v2/loa_signatures/${(await signingLink(signer)).split("/").at(-1)}`,
    {
      headers: { origin: new URL(page.url()).origin },
      data: { typed_name: "Ada Lovelace", accept: true },
    },
  );
  expect(signed.status(), "signing by the emailed link").toBe(201);
  await expect(page.getByTestId("loa-status")).toContainText("Signed.");
  await page.getByRole("button", { name: "Continue to review" }).click();

  // 4. Review and submit.
  await expect(page.getByRole("definition").filter({ hasText: "Kept (not shown)" })).toBeVisible();
  await expectAccessible(page, testInfo, `porting-review-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "porting review");
  await page.getByRole("button", { name: "Submit port" }).click();
  await expect(page).toHaveURL(new RegExp(`/porting/${portOrderId}$`));
  await expect(page.getByTestId("port-status").first()).toHaveText("Submitted");
  return portOrderId;
}

/** A second browser context signed in as support, on the port desk. */
async function openDesk(browser: Browser, status: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 768 } });
  const desk = await context.newPage();
  await openAs(desk, users.support, `/porting/desk?status=${status}`);
  return desk;
}

function deskOrder(desk: Page, portOrderId: string) {
  return desk.getByTestId("desk-order").filter({ hasText: portOrderId });
}

test("a customer ports numbers from the check to ported, configuring one before the FOC", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-${Date.now()}`;
  await openAs(page, users.acmeCustomer, "/porting");
  const numberOf = numberBlock();
  const portOrderId = await startPort(
    page,
    testInfo,
    { portable: [numberOf("10"), numberOf("11")], notPortable: numberOf("98") },
    stamp,
  );

  // Before the FOC: the number has a configuration, set up in the rule editor.
  const row = page.getByTestId("port-number-row").first();
  await row.getByRole("link", { name: /^Configure / }).click();
  await expect(page).toHaveURL(/\/numbers\/[^/?]+/);
  await page.getByRole("button", { name: /Edit rules|Set up rules/ }).click();
  await page.getByLabel("Number name").fill(`Ported line ${stamp}`);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByTestId("editor-status")).toContainText("Saved.");
  await page.goto(`/porting/${portOrderId}`);

  // The desk confirms the FOC for a cut-over moments away (the carrier would give the requested
  // date at 10:00 UTC); at the FOC the worker's carrier driver activates the numbers. The cut-over
  // is far enough ahead for the confirmation to reach the server before it (the server refuses a
  // cut-over already past), and no further: the test waits for it.
  const desk = await openDesk(browser, "submitted");
  const order = deskOrder(desk, portOrderId);
  const cutOver = new Date(Date.now() + 15_000).toISOString().slice(0, 19);
  await order.getByLabel(`FOC (UTC) for ${portOrderId}`).fill(cutOver);
  await order.getByRole("button", { name: "Confirm FOC" }).click();
  // The timeline keeps the confirmation whatever the order's state by the time the page shows
  // it: on a busy machine the cut-over may already have passed.
  await expect(page.getByTestId("port-event").filter({ hasText: "Submitted → FOC confirmed" })).toHaveCount(
    1,
  );
  await expect(page.getByTestId("port-foc")).toContainText(/\d{4}/);
  await expectAccessible(page, testInfo, `porting-order-${testInfo.project.name}`);

  // Every number is here once the driver has run past the FOC (PORTING_CARRIER_EVERY_MS is short
  // in playwright.config.ts): the page follows the order on its own.
  await expect(page.getByTestId("port-status").first()).toHaveText("Ported", { timeout: 120_000 });
  await expect(page.getByTestId("port-number-row").filter({ hasText: "Ported" })).toHaveCount(2);
  await expect(page.getByTestId("port-event").filter({ hasText: "→ Ported" })).toHaveCount(1);

  // A comment on the timeline; the list filtered by status is a link to share.
  await page.getByLabel("Add a comment").fill("Thanks, all moved.");
  await page.getByRole("button", { name: "Add comment" }).click();
  await expect(page.getByTestId("port-event").filter({ hasText: "Thanks, all moved." })).toHaveCount(1);
  await page.goto("/porting?status=ported");
  await expect(page.getByTestId("port-order-row").filter({ hasText: portOrderId })).toHaveCount(1);
  await expect(page.getByLabel("Status")).toHaveValue("ported");
  await expectNoHorizontalScroll(page, "porting list");
  await desk.context().close();
});

test("the desk raises an exception; the customer fixes the field it names and resubmits", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name}-x-${Date.now()}`;
  await openAs(page, users.acmeCustomer, "/porting");
  const portOrderId = await startPort(page, testInfo, { portable: [numberBlock()("20")] }, stamp);

  const desk = await openDesk(browser, "submitted");
  const order = deskOrder(desk, portOrderId);
  await order.getByLabel(`Exception code for ${portOrderId}`).selectOption("pin_mismatch");
  await order.getByLabel(`Message for ${portOrderId}`).fill("The PIN does not match the account.");
  await order.getByRole("button", { name: "Raise exception" }).click();

  // The customer reads it beside the field to fix, changes it, and resubmits.
  await expect(page.getByTestId("port-status").first()).toHaveText("Needs a fix");
  const exception = page.getByTestId("port-exception");
  const pin = exception.getByLabel("Account PIN");
  await expect(pin).toHaveAccessibleDescription("The PIN does not match the account.");
  await expectAccessible(page, testInfo, `porting-exception-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "porting exception");
  await pin.fill("8765");
  await exception.getByRole("button", { name: "Save and resubmit" }).click();
  await expect(page.getByTestId("port-status").first()).toHaveText("Submitted");
  await expect(page.getByTestId("port-event").filter({ hasText: "Needs a fix → Submitted" })).toHaveCount(1);

  // Back on the desk, waiting for an answer again.
  await desk.reload();
  await expect(deskOrder(desk, portOrderId)).toHaveCount(1);
  await desk.context().close();
});
