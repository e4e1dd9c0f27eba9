import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import {
  demoToken,
  emptyCart,
  expectAccessible,
  expectNoHorizontalScroll,
  screenshot,
  openAs,
  users,
} from "./helpers";

// /compliance and /compliance/review (docs/CONTRACT.md §17), at 1366×768 (desktop project) and 390×844
// (mobile project): a customer says who the numbers are for, adds a German address, uploads the
// two documents a DE local number needs (one picked, one dropped on the form), bundles them,
// watches the checklist go green and submits; support previews a document in the queue and
// approves, or rejects with a reason and a note, which the customer then reads and acts on.
// The e2e database is shared by every spec: every name carries this run's stamp.

/** A tiny PDF that file-type recognises by its magic bytes (%PDF-). */
function tinyPdf(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
}

type Prepared = { endUser: string; stamp: string; street: string };

const auth = () => ({ authorization: `Bearer ${demoToken()}` });

/** Buys one Berlin local number for Acme over the API (it needs documents) and answers its number_id. */
async function buyBerlinNumber(request: APIRequestContext): Promise<string> {
  const order = await request.post("/api/v2/order", {
    headers: { ...auth(), "idempotency-key": `e2e-compliance-${Date.now()}-${Math.random()}` },
    data: {
      contact_name: "E2E compliance",
      reference_number: "PO-E2E-DE",
      items: [{ country: "DE", number_type: "local", region: "DE-BE-BERLIN-30", quantity: 1 }],
    },
  });
  expect(order.status()).toBe(200);
  const reference = ((await order.json()) as { data: { reference_id: string } }).data.reference_id;
  const listed = await request.get(`/api/v2/numbers?order=${reference}`, { headers: auth() });
  const [bought] = ((await listed.json()) as { data: { number_id: string }[] }).data;
  return bought.number_id;
}

async function checkPendingPage(page: Page, numberId: string) {
  await page.goto(`/numbers/${numberId}`);
  await expect(page.getByTestId("number-status")).toHaveText(
    /^Waiting for documents — due \d{1,2} \w{3} \d{4}$/,
  );
  await expect(page.getByTestId("number-pending").getByRole("link", { name: "Compliance" })).toHaveAttribute(
    "href",
    "/compliance",
  );
}

async function numberState(request: APIRequestContext, numberId: string) {
  const number = (await (await request.get(`/api/v2/numbers/${numberId}`, { headers: auth() })).json()) as {
    data: { status: string; documents_due: string | null };
  };
  const active = (await (
    await request.get(`/api/v2/numbers/${numberId}/active_rule`, { headers: auth() })
  ).json()) as { data: { reason: string } };
  return { ...number.data, reason: active.data.reason };
}

/** As the customer on /compliance: an end user, a DE address, both documents, a submitted bundle. */
async function prepareBundle(
  page: Page,
  testInfo: TestInfo,
  tag: string,
  options: { signedIn?: boolean; registration?: string } = {},
): Promise<Prepared> {
  const size = testInfo.project.name;
  const stamp = `${tag}-${size}-${Date.now()}`;
  const endUser = `Ada ${stamp}`;
  const street = `Unter den Linden ${stamp}`;

  if (options.signedIn) await page.goto("/compliance");
  else await openAs(page, users.acmeCustomer, "/compliance");
  await expect(page.getByRole("heading", { name: "Compliance", level: 1 })).toBeVisible();

  const endUserForm = page.getByRole("form", { name: "Add an end user" });
  await endUserForm.getByLabel("Name", { exact: true }).fill(endUser);
  if (options.registration)
    await endUserForm.getByLabel("Registration number (optional)").fill(options.registration);
  await endUserForm.getByLabel("Email (optional)").fill(`ada-${Date.now()}@example.com`);
  await endUserForm.getByRole("button", { name: "Add end user" }).click();
  await expect(endUserForm.getByRole("status")).toHaveText(`${endUser} added.`);
  await expect(page.getByTestId("end-user-row").filter({ hasText: endUser })).toBeVisible();

  const addressForm = page.getByRole("form", { name: "Add an address" });
  await addressForm.getByLabel("Street and number").fill(street);
  await addressForm.getByLabel("City").fill("Berlin");
  await addressForm.getByLabel("Postal code").fill("10117");
  await addressForm.getByLabel("Country").selectOption("DE");
  await addressForm.getByRole("button", { name: "Add address" }).click();
  const addressLine = `${street}, 10117 Berlin, DE`;
  await expect(addressForm.getByRole("status")).toHaveText(`Address added: ${addressLine}.`);

  const upload = page.getByRole("form", { name: "Upload a document" });
  const fill = async (type: string) => {
    await upload.getByLabel("Document type").selectOption({ label: type });
    await upload.getByLabel("End user").selectOption({ label: endUser });
    await upload.getByLabel("Address (optional)").selectOption({ label: addressLine });
    await upload.getByLabel("Expires on (optional)").fill("2030-01-31");
  };

  // Picked with the file input (what a keyboard reaches).
  await upload.getByLabel("File").setInputFiles({
    name: `local-${stamp}.pdf`,
    mimeType: "application/pdf",
    buffer: tinyPdf("local address"),
  });
  await fill("Address in the area");
  await upload.getByRole("button", { name: "Upload document" }).click();
  await expect(upload.getByRole("status")).toHaveText(`Address in the area (local-${stamp}.pdf) uploaded.`);

  // Dropped on the form.
  const pdf = tinyPdf("proof of address").toString("base64");
  const transfer = await page.evaluateHandle(
    ({ base64, name }) => {
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const data = new DataTransfer();
      data.items.add(new File([bytes], name, { type: "application/pdf" }));
      return data;
    },
    { base64: pdf, name: `proof-${stamp}.pdf` },
  );
  await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer: transfer });
  await expect(upload.getByLabel("File")).toHaveAccessibleDescription(`Chosen: proof-${stamp}.pdf`);
  await fill("Proof of address");
  await upload.getByRole("button", { name: "Upload document" }).click();
  await expect(upload.getByRole("status")).toHaveText(`Proof of address (proof-${stamp}.pdf) uploaded.`);

  // The bundle: created as a draft, opened, the checklist says what is missing until it is in.
  const bundleForm = page.getByRole("form", { name: "Create a bundle" });
  await bundleForm.getByLabel("Country of the numbers").selectOption("DE");
  await bundleForm.getByLabel("Type of number").selectOption("local");
  await bundleForm.getByLabel("End user").selectOption({ label: endUser });
  await bundleForm.getByRole("button", { name: "Create bundle" }).click();
  const detail = page.getByTestId("bundle-detail");
  await expect(detail.getByTestId("bundle-detail-state")).toHaveText("Draft");
  const checklist = detail.getByTestId("checklist");
  await expect(checklist.getByRole("listitem")).toHaveText([
    /Missing: Address in the area\s*No Address in the area is in the bundle\./,
    /Missing: Proof of address\s*No Proof of address is in the bundle\./,
  ]);
  await expect(detail.getByRole("button", { name: "Submit for review" })).toBeDisabled();
  await expectAccessible(page, testInfo, `compliance-draft-${size}`);
  await expectNoHorizontalScroll(page, "/compliance with a draft bundle");

  await tickWhenSaved(detail, `Address in the area (local-${stamp}.pdf)`, true);
  await expect(checklist.getByRole("listitem")).toHaveText([
    "✓ Met: Address in the area",
    /Missing: Proof of address/,
  ]);
  await tickWhenSaved(detail, `Proof of address (proof-${stamp}.pdf)`, true);
  await expect(checklist.getByRole("listitem")).toHaveText([
    "✓ Met: Address in the area",
    "✓ Met: Proof of address",
  ]);
  await expect(detail.getByTestId("checklist-summary")).toHaveText(
    "Everything these numbers need is in the bundle.",
  );
  await detail.getByRole("button", { name: "Submit for review" }).click();
  await expect(detail.getByTestId("bundle-detail-state")).toHaveText("Waiting for review");
  await expect(page.getByTestId("bundle-row").filter({ hasText: endUser })).toContainText(
    "Waiting for review",
  );
  await screenshot(page, testInfo, `compliance-submitted-${size}`);
  return { endUser, stamp, street };
}

/** Support's browser on the review queue, at the same viewport. */
async function openQueue(browser: Browser, page: Page) {
  const context = await browser.newContext({ viewport: page.viewportSize(), hasTouch: true });
  const support = await context.newPage();
  await openAs(support, users.support, "/compliance/review");
  await expect(support.getByRole("heading", { name: "Compliance review", level: 1 })).toBeVisible();
  return { support, close: () => context.close() };
}

test("a customer bundles the DE local documents, support previews and approves them", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const size = testInfo.project.name;

  // Acme's DE local bundle is approved by this test: a run on a database where it already was
  // finds a Berlin number active at once. Inventory says which.
  const offered = await request.get("/api/v2/inventory/DE/local?region=DE-BE-BERLIN-30&limit=1", {
    headers: auth(),
  });
  const [{ activatable_now: covered }] = (await offered.json()) as { activatable_now: boolean }[];
  const berlin = await buyBerlinNumber(request);
  if (covered) {
    expect((await numberState(request, berlin)).status).toBe("active");
  } else {
    // Bought before any approved bundle: it waits for its documents, no call is routed, and its
    // page says until when and where to hand them in.
    const pending = await numberState(request, berlin);
    expect(pending.status).toBe("pending_documents");
    expect(pending.documents_due).not.toBeNull();
    expect(pending.reason).toMatch(/^No rule applies: the number is pending documents/);
  }

  const { endUser, stamp } = await prepareBundle(page, testInfo, "approve");
  if (!covered) await checkPendingPage(page, berlin);
  await page.goto("/compliance");

  // A file that is not a PDF, PNG or JPEG by its content is refused, beside the file field.
  const upload = page.getByRole("form", { name: "Upload a document" });
  await upload.getByLabel("File").setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("not a pdf at all, whatever the name says"),
  });
  await upload.getByLabel("Document type").selectOption({ label: "Proof of address" });
  await upload.getByLabel("End user").selectOption({ label: endUser });
  await upload.getByRole("button", { name: "Upload document" }).click();
  await expect(upload.getByLabel("File")).toHaveAccessibleDescription(
    /A document must be a PDF, PNG or JPEG file \(by its content, whatever its name\)\./,
  );
  await expect(upload.getByLabel("File")).toBeFocused();
  await expectAccessible(page, testInfo, `compliance-upload-refused-${size}`);

  // The customer's own preview of an uploaded file, shown in the page.
  const documentRow = page.getByTestId("document-row").filter({ hasText: `local-${stamp}.pdf` });
  await documentRow.getByRole("button", { name: `Show Address in the area (local-${stamp}.pdf)` }).click();
  await expect(page.getByTitle(`Preview of Address in the area (local-${stamp}.pdf)`)).toBeVisible();
  await expectNoHorizontalScroll(page, "/compliance with a preview");

  const { support, close } = await openQueue(browser, page);
  const card = support.getByTestId("review-card").filter({ hasText: endUser });
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading", { level: 2 })).toContainText("DE · Local");
  await card.getByRole("button", { name: `Show Proof of address (proof-${stamp}.pdf)` }).click();
  const preview = card.getByTitle(`Preview of Proof of address (proof-${stamp}.pdf)`);
  await expect(preview).toBeVisible();
  await expect(preview).toHaveAttribute("src", /^blob:/);
  await expectAccessible(support, testInfo, `compliance-review-${size}`);
  await expectNoHorizontalScroll(support, "/compliance/review with a preview");
  await screenshot(support, testInfo, `compliance-review-${size}`);

  await card.getByRole("button", { name: /^Approve the DE Local bundle of / }).click();
  await card.getByRole("button", { name: /^Approve the DE Local bundle of / }).click();
  await expect(support.getByTestId("review-confirmation")).toHaveText(
    /^Approved the DE Local bundle of .+\.$/,
  );
  await expect(card).toHaveCount(0);
  await close();

  await page.reload();
  await expect(page.getByTestId("bundle-row").filter({ hasText: endUser })).toContainText(
    "Approved until 31 Jan 2030",
  );

  // The approval activated the German number bought before it: routable now, and its page says so.
  const activated = await numberState(request, berlin);
  expect(activated.status).toBe("active");
  expect(activated.documents_due).toBeNull();
  expect(activated.reason).not.toMatch(/pending documents/);
  await page.goto(`/numbers/${berlin}`);
  await expect(page.getByTestId("number-status")).toHaveText("Active");
  await expect(page.getByTestId("number-pending")).toHaveCount(0);

  // Covered now: inventory says so, and a Berlin number bought from here on is active at once.
  const nowOffered = await request.get("/api/v2/inventory/DE/local?region=DE-BE-BERLIN-30&limit=1", {
    headers: auth(),
  });
  expect(((await nowOffered.json()) as { activatable_now: boolean }[])[0].activatable_now).toBe(true);
  const boughtCovered = await buyBerlinNumber(request);
  expect((await numberState(request, boughtCovered)).status).toBe("active");
});

test("support rejects a bundle with a reason and a note; the customer reads them and edits it back to a draft", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const size = testInfo.project.name;
  const { endUser, stamp } = await prepareBundle(page, testInfo, "reject");

  const { support, close } = await openQueue(browser, page);
  const card = support.getByTestId("review-card").filter({ hasText: endUser });
  await card.getByRole("button", { name: /^Reject the DE Local bundle of / }).click();
  const form = card.getByRole("form", { name: "Reject the bundle" });
  // A reason is needed, in words.
  await form.getByRole("button", { name: "Reject bundle" }).click();
  await expect(form.getByLabel("Reason")).toHaveAccessibleDescription(
    "Shown to the customer Say why, in words the customer can act on",
  );
  await form.getByLabel("Reason").fill("The proof of address is older than three months.");
  await form
    .getByLabel(`Note on Proof of address (proof-${stamp}.pdf) (optional)`)
    .fill("Dated January; send one from the last three months.");
  await expectAccessible(support, testInfo, `compliance-reject-${size}`);
  await expectNoHorizontalScroll(support, "/compliance/review rejecting");
  await form.getByRole("button", { name: "Reject bundle" }).click();
  await expect(support.getByTestId("review-confirmation")).toHaveText(
    /^Rejected the DE Local bundle of .+\. The customer sees the reason and your notes\.$/,
  );
  await expect(card).toHaveCount(0);
  await close();

  await page.reload();
  const row = page.getByTestId("bundle-row").filter({ hasText: endUser });
  await expect(row).toContainText("Rejected");
  await row.getByRole("button", { name: /^Open the DE Local bundle of / }).click();
  const detail = page.getByTestId("bundle-detail");
  await expect(detail.getByTestId("rejection")).toContainText(
    "Why it was rejected: The proof of address is older than three months.",
  );
  await expect(detail.getByTestId("rejection")).toContainText(
    `Proof of address (proof-${stamp}.pdf): Dated January; send one from the last three months.`,
  );
  await expectAccessible(page, testInfo, `compliance-rejected-${size}`);
  await expectNoHorizontalScroll(page, "/compliance with a rejected bundle");

  // The fix: an edit makes it a draft again, to be submitted once more.
  await tickWhenSaved(detail, `Proof of address (proof-${stamp}.pdf)`, false);
  await expect(detail.getByTestId("bundle-detail-state")).toHaveText("Draft");
  await expect(detail.getByTestId("rejection")).toHaveCount(0);
  await tickWhenSaved(detail, `Proof of address (proof-${stamp}.pdf)`, true);
  await expect(detail.getByTestId("checklist-summary")).toHaveText(
    "Everything these numbers need is in the bundle.",
  );
  await detail.getByRole("button", { name: "Submit for review" }).click();
  await expect(detail.getByTestId("bundle-detail-state")).toHaveText("Waiting for review");
});

/**
 * Ticks (or clears) a document's box once the last change has saved: the bundle ignores a tick
 * while a PATCH and the reads after it are in flight, as a person's second click would be.
 */
async function tickWhenSaved(detail: Locator, label: string, chosen: boolean) {
  await expect(detail.getByRole("group", { name: "Documents in the bundle" })).toHaveAttribute(
    "aria-busy",
    "false",
  );
  await detail.getByLabel(label).setChecked(chosen);
}

/** A date as the portal writes it in this browser: "10 Dec 2026". */
function portalDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" }).format(new Date(value)),
    iso,
  );
}

// Globex never has a DE local bundle approved by these specs (Acme's is, by the first test), so
// its Berlin numbers always wait for documents: the newcomer's walk-through from the cart to a
// rejected bundle, and support's card, at both sizes.
test("a newcomer's Berlin number says it waits for documents from the cart to its page, and support sees what to judge", async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const size = testInfo.project.name;
  await openAs(page, users.globexCustomer, "/cart");
  await emptyCart(page);
  const origin = new URL(page.url()).origin;

  // Before checkout: the cart says what the number needs, that no call is routed, and by when.
  const offered = await page.request.get("/api/v2/inventory/DE/local?region=DE-BE-BERLIN-30&limit=1");
  const [{ number_e164: wanted }] = (await offered.json()) as { number_e164: string }[];
  const put = await page.request.put("/api/v2/cart", {
    headers: { origin },
    data: { lines: [{ kind: "number", number_e164: wanted }] },
  });
  expect(put.status(), await put.text()).toBe(200);
  const releasedOn = await portalDate(page, new Date(Date.now() + 14 * 24 * 60 * 60 * 1000).toISOString());
  await page.goto("/cart");
  const cartNotice = page.getByTestId("cart-documents");
  await expect(cartNotice).toContainText(
    `Documents needed. Bought now, these numbers are yours but no call to them is routed until our team approves their documents; unless that happens by ${releasedOn}, they are released.`,
  );
  await expect(cartNotice.getByRole("listitem")).toHaveText(
    `${wanted}: Address in the area and Proof of address`,
  );
  await expect(cartNotice.getByRole("link", { name: "Hand in the documents on Compliance" })).toHaveAttribute(
    "href",
    "/compliance",
  );
  await expectAccessible(page, testInfo, `cart-documents-${size}`);
  await expectNoHorizontalScroll(page, "/cart with a number needing documents");

  // The confirmation and the order page: not "Completed" while the number waits.
  await page.getByLabel("Contact name").fill("Hank Scorpio");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/orders\/ORD-[A-Z2-7]{10}\?placed=1$/);
  await expect(page.getByTestId("order-status")).toHaveText("Waiting for documents");
  const orderNotice = page.getByTestId("order-documents");
  await expect(orderNotice).toHaveText(
    `1 number waits for documents: no call to it is routed until our team approves its documents. Unless they are approved by ${releasedOn}, it is released. Hand in the documents on Compliance →`,
  );
  await expect(orderNotice.getByRole("link")).toHaveAttribute("href", "/compliance");
  await expect(page.getByTestId("order-number-waiting")).toHaveText(
    `Waiting for documents — due ${releasedOn}`,
  );
  await expectAccessible(page, testInfo, `order-documents-${size}`);
  await expectNoHorizontalScroll(page, "an order waiting for documents");
  const numberLink = page.getByRole("link", { name: wanted, exact: true });
  const numberPage = (await numberLink.getAttribute("href")) ?? "";
  // The orders list says of the order what its page says.
  const reference = new URL(page.url()).pathname.split("/").pop() ?? "";
  await page.goto("/orders");
  const orderRow = page.getByTestId("order-row").filter({ hasText: reference });
  await expect(orderRow.getByTestId("order-status")).toHaveText("Waiting for documents");

  // /compliance: the waiting number first, with what it needs and by when; then the steps in order.
  await page.goto("/compliance");
  const waiting = page.getByTestId("waiting-number").filter({ hasText: wanted });
  await expect(waiting).toContainText("Address in the area, Proof of address");
  await expect(waiting).toContainText(releasedOn);
  // Nothing handed in yet, or, when the other screen size's run came first on this database, the
  // bundle it left rejected: the step follows the organization's latest DE local bundle.
  const before = /^(Hand them in|Rejected: .+)/;
  await expect(waiting.getByTestId("documents-step")).toHaveText(before);
  await expect(page.locator("h2.card__title")).toHaveText([
    /^\d+ numbers? waiting for documents$/,
    "1. End users",
    "2. Addresses",
    "3. Documents",
    "4. Bundles",
  ]);
  await expect(page.getByTestId("waiting-summary")).toContainText(
    "Work down this page: 1. who the numbers are for, 2. their address, 3. the documents, 4. a bundle to submit.",
  );
  await expectAccessible(page, testInfo, `compliance-waiting-${size}`);
  await expectNoHorizontalScroll(page, "/compliance with numbers waiting");
  await page.goto(numberPage);
  await expect(page.getByTestId("number-pending").getByTestId("documents-step")).toHaveText(before);

  // Handed in: the number's page says In review.
  const registration = `HRB ${Date.now()}`;
  const { endUser, stamp, street } = await prepareBundle(page, testInfo, "newcomer", {
    signedIn: true,
    registration,
  });
  await page.goto(numberPage);
  await expect(page.getByTestId("number-pending").getByTestId("documents-step")).toContainText("In review");

  // Support's card: the organization told apart, the registration number, each document's
  // expiry and address on file, and the numbers waiting for it.
  const { support, close } = await openQueue(browser, page);
  const card = support.getByTestId("review-card").filter({ hasText: endUser });
  await expect(card.getByTestId("review-facts")).toContainText("org_globex");
  await expect(card.getByTestId("review-end-user")).toContainText(`Registration number: ${registration}`);
  const proof = card.getByTestId("review-document").filter({ hasText: `proof-${stamp}.pdf` });
  await expect(proof).toContainText("Expires 31 Jan 2030");
  await expect(proof).toContainText(`Address on file: ${street}, 10117 Berlin, DE`);
  await expect(card.getByTestId("review-waiting").getByRole("link", { name: wanted })).toBeVisible();
  await expectAccessible(support, testInfo, `compliance-review-facts-${size}`);
  await expectNoHorizontalScroll(support, "/compliance/review with the facts");
  await card.getByRole("button", { name: /^Reject the DE Local bundle of / }).click();
  const form = card.getByRole("form", { name: "Reject the bundle" });
  await form.getByLabel("Reason").fill(`Proof too old ${stamp}.`);
  await form.getByLabel(`Note on Proof of address (proof-${stamp}.pdf) (optional)`).fill("Dated January.");
  await form.getByRole("button", { name: "Reject bundle" }).click();
  await expect(support.getByTestId("review-confirmation")).toContainText("Rejected the DE Local bundle of");
  await close();

  // Rejected: the number's page gives the reason; the checklist marks the refused document.
  await page.goto(numberPage);
  await expect(page.getByTestId("number-pending").getByTestId("documents-step")).toContainText(
    `Rejected: Proof too old ${stamp}.`,
  );
  await page.goto("/compliance");
  const row = page.getByTestId("bundle-row").filter({ hasText: endUser });
  await row.getByRole("button", { name: /^Open the DE Local bundle of / }).click();
  const checklist = page.getByTestId("bundle-detail").getByTestId("checklist");
  await expect(checklist.getByRole("listitem")).toHaveText([
    "✓ Met: Address in the area",
    /^✗ Rejected: Proof of address\s*Dated January\.$/,
  ]);
  await expect(page.getByTestId("checklist-summary")).toHaveText(
    "The review rejected what is marked: replace it, then submit the bundle again.",
  );
  await expectAccessible(page, testInfo, `compliance-rejected-checklist-${size}`);
});
