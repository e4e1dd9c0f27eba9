import { expect, test, type APIRequestContext } from "@playwright/test";
import { startSmtpReceiver, type SmtpReceiver } from "../tests/email/smtp-receiver";
import { demoToken, expectAccessible, expectNoHorizontalScroll, portBeside } from "./helpers";

// The LOA of a port order (docs/API.md "LOA"), as its signer meets it: Acme asks for a signature
// over the API, the email arrives at a real SMTP server this spec runs on the port
// playwright.config.ts gives the app as SMTP_URL (its port + 25, as e2e/signup.spec.ts), and the
// signer, who has no account, opens the link, reads the letter, signs by typing their name,
// and the order then shows its LOA signed. At 1366×768 (desktop) and 390×844 (mobile).

let receiver: SmtpReceiver;

test.beforeAll(async ({}, testInfo) => {
  receiver = await startSmtpReceiver(portBeside(testInfo, 25));
});
test.afterAll(() => receiver.close());

const auth = () => ({ authorization: `Bearer ${demoToken()}` });

async function postJson<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const response = await request.post(`/api/v2${path}`, { headers: auth(), data });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** A draft port order of Acme for one London number nobody holds, and the authorized person's name. */
async function makeDraftOrder(request: APIRequestContext, stamp: string): Promise<string> {
  // Candidates ending 00–79 (the simulated carrier ports them); the first portable one is used.
  const candidates = Array.from(
    { length: 10 },
    (_, i) => `+44207946${String((Number(stamp.slice(-4)) + i * 37) % 10_000).padStart(4, "0")}`,
  ).map((number) => number.replace(/\d{2}$/, (digits) => String(Number(digits) % 80).padStart(2, "0")));
  const check = await postJson<{
    data: Array<{ number: string; portable: boolean; earliest_foc_date: string | null }>;
  }>(request, "/portability_checks", { numbers: candidates });
  const portable = check.data.find((answer) => answer.portable);
  expect(portable, JSON.stringify(check.data)).toBeDefined();
  const endUser = await postJson<{ data: { end_user_id: string } }>(request, "/end_users", {
    type: "business",
    name: `Ada Lovelace ${stamp}`,
    business_name: `Analytical Engines ${stamp} Ltd`,
  });
  const address = await postJson<{ data: { address_id: string } }>(request, "/addresses", {
    street: "12 Babbage Row",
    city: "London",
    postal_code: "EC1A 1AA",
    region: null,
    country: "GB",
  });
  const created = await postJson<{ data: Array<{ port_order_id: string }> }>(request, "/port_orders", {
    numbers: [portable!.number],
    end_user_id: endUser.data.end_user_id,
    address_id: address.data.address_id,
    losing_carrier: { account_number: `HT-${stamp}`, pin: "4321", authorized_person: "Ada Lovelace" },
    requested_foc_date: portable!.earliest_foc_date,
  });
  return created.data[0].port_order_id;
}

async function linkFromMail(to: string): Promise<string> {
  let link = "";
  await expect
    .poll(
      () => {
        const mail = receiver.received.filter((received) => received.to === to).at(-1);
        link = /https?:\/\/\S+\/loa\/sign\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return new URL(link).pathname;
}

test("the authorized person signs the LOA from the emailed link, and the order shows it signed", async ({
  page,
  request,
}, testInfo) => {
  const stamp = `${Date.now()}`;
  const orderId = await makeDraftOrder(request, stamp);
  const email = `signer-${testInfo.project.name}-${stamp}@example.com`;
  await postJson(request, `/port_orders/${orderId}/loa/signature_requests`, { name: "Ada Lovelace", email });
  const path = await linkFromMail(email);

  // No sign-in: the link is the credential. The letter, its numbers and the PDF.
  await page.goto(path);
  await expect(
    page.getByRole("heading", { level: 1, name: "Sign the letter of authorization" }),
  ).toBeVisible();
  await expect(page.getByTestId("loa-summary")).toContainText(orderId);
  await expect(page.getByTestId("loa-text")).toContainText("I, Ada Lovelace, am authorized to act for");
  const pdf = await request.get(
    await page.getByRole("link", { name: "Download the letter as a PDF" }).getAttribute("href").then(String),
  );
  expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  await expectAccessible(page, testInfo, `loa-sign-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "loa-sign");

  // The consent first, beside its box; then a name that is not the requested one, beside the field.
  const name = page.getByLabel("Type your full name to sign");
  await name.fill("Ada Lovelace");
  await page.getByRole("button", { name: "Sign the letter" }).click();
  const consent = page.getByRole("checkbox", { name: /I have read this letter/ });
  await expect(consent).toBeFocused();
  await expect(consent).toHaveAccessibleDescription(
    "accept must be true: tick the box to confirm you authorize the port",
  );
  await consent.check();
  await name.fill("Ada Byron");
  await page.getByRole("button", { name: "Sign the letter" }).click();
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription(
    /typed_name must be the name this letter was sent to be signed by: Ada Lovelace\./,
  );

  await name.fill("ada lovelace");
  await page.getByRole("button", { name: "Sign the letter" }).click();
  const done = page.getByTestId("loa-signed");
  await expect(done).toContainText("Signed. You signed the letter of authorization on");
  await expect(done).toBeFocused();
  await expectNoHorizontalScroll(page, "loa-signed");

  // The link worked once: opened again, it says so in words.
  await page.goto(path);
  await expect(
    page.getByRole("heading", { level: 1, name: "This letter has already been signed" }),
  ).toBeVisible();
  await expect(page.getByTestId("loa-state")).toContainText("a link works once");

  // The order shows its LOA signed, and serves the signed letter.
  const order = await request.get(`/api/v2/port_orders/${orderId}`, { headers: auth() });
  expect(await order.json()).toMatchObject({
    data: { loa_signed: true, loa_document_id: expect.any(String) },
  });
  const signed = await request.get(`/api/v2/port_orders/${orderId}/loa`, { headers: auth() });
  expect(signed.headers()["content-disposition"]).toContain(`loa-${orderId}-signed.pdf`);
});
