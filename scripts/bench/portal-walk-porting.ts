// The porting part of bench:memory's walk (scripts/bench/portal-walk.ts): the demo customer's
// port orders, a new port through every step of the wizard — check, details and end user, the
// LOA (its PDF, and signed by the emailed link in the signer's own browser), review, submit —
// then the order's page and the list with it. The demo has no port order: the walk makes one.
import type { Page } from "@playwright/test";
import { expect, sameOrigin, visit, type WalkStep } from "@/scripts/bench/walk-helpers";

// Numbers of another carrier: the simulated carrier ports those ending 00–79. The database is
// fresh on every run, so the same ones each time.
const NUMBERS = ["+13035432110", "+13035432111"];
const END_USER = "Memory Walk End User";
const STREET = "1 Larimer Street";
const SIGNER = { name: "Ada Lovelace", email: "walk-signer@example.com" };

/** The end user and the service address the details step chooses, made through the API. */
async function makeRecords(page: Page): Promise<void> {
  const endUser = await page.request.post("/api/v2/end_users", {
    headers: sameOrigin(page),
    data: { type: "individual", name: END_USER },
  });
  expect(endUser.status(), "POST /end_users").toBe(201);
  const address = await page.request.post("/api/v2/addresses", {
    headers: sameOrigin(page),
    data: { street: STREET, city: "Denver", postal_code: "80202", country: "US" },
  });
  expect(address.status(), "POST /addresses").toBe(201);
}

export const portingSteps: WalkStep[] = [
  {
    name: "porting: the port orders",
    run: (page) => visit(page, "/porting", "Porting"),
  },
  {
    name: "new port: check numbers",
    run: async (page) => {
      await makeRecords(page);
      await visit(page, "/porting/new", "New port");
      await page.getByLabel("Numbers to port").fill(NUMBERS.join("\n"));
      await page.getByRole("button", { name: "Check numbers" }).click();
      await expect(page.getByTestId("portability-result").getByText("Portable", { exact: true })).toHaveCount(
        NUMBERS.length,
      );
      await page.getByRole("button", { name: "Continue to details" }).click();
    },
  },
  {
    name: "new port: details and end user",
    run: async (page, context) => {
      await page.getByLabel("End user", { exact: true }).selectOption({ label: END_USER });
      await page.getByLabel("Service address").selectOption({ label: `${STREET}, Denver 80202 (US)` });
      await page.getByLabel("Account number at the losing carrier").fill("ACC-MEMORY-WALK");
      await page.getByLabel("Account PIN").fill("4321");
      await page.getByLabel("Authorized person").fill(SIGNER.name);
      const foc = page.getByLabel("Requested FOC date");
      await foc.fill((await foc.getAttribute("min")) ?? "");
      await page.getByRole("button", { name: "Save and continue" }).click();
      await expect(page).toHaveURL(/\/porting\/new\?port_order_id=po_/);
      context.portOrderId = new URL(page.url()).searchParams.get("port_order_id") ?? undefined;
      await expect(page.getByRole("heading", { name: "LOA signature" })).toBeVisible();
    },
  },
  {
    name: "new port: the LOA, its PDF, and its signature by the emailed link",
    run: async (page, context) => {
      const pdf = await page.request.get(`/api/v2/port_orders/${context.portOrderId}/loa`);
      expect([pdf.status(), pdf.headers()["content-type"]], "the LOA's PDF").toEqual([
        200,
        "application/pdf",
      ]);
      await page.getByLabel("Signer's email").fill(SIGNER.email);
      await page.getByRole("button", { name: "Request signature by email" }).click();
      await expect(page.getByTestId("loa-status")).toContainText("Waiting for signature");

      // The signer has no account: the link, in a browser of their own.
      const signerContext = await page.context().browser()!.newContext({ baseURL: context.baseURL });
      try {
        const signer = await signerContext.newPage();
        await signer.goto(await context.emailLink(SIGNER.email, "/loa/sign/"));
        await expect(
          signer.getByRole("heading", { level: 1, name: "Sign the letter of authorization" }),
        ).toBeVisible();
        await expect(signer.getByTestId("loa-text")).toContainText(SIGNER.name);
        await signer.getByLabel("Type your full name to sign").fill(SIGNER.name);
        await signer.getByRole("checkbox", { name: /I have read this letter/ }).check();
        await signer.getByRole("button", { name: "Sign the letter" }).click();
        await expect(signer.getByTestId("loa-signed")).toContainText("Signed.");
      } finally {
        await signerContext.close();
      }
      // The wizard follows the order until it says signed.
      await expect(page.getByTestId("loa-status")).toContainText("Signed.");
    },
  },
  {
    name: "new port: review and submit",
    run: async (page, context) => {
      await page.getByRole("button", { name: "Continue to review" }).click();
      await expect(page.getByRole("definition").filter({ hasText: "Kept (not shown)" })).toBeVisible();
      await page.getByRole("button", { name: "Submit port" }).click();
      await expect(page).toHaveURL(new RegExp(`/porting/${context.portOrderId}$`));
      await expect(page.getByTestId("port-status").first()).toHaveText("Submitted");
      await expect(page.getByTestId("port-number-row")).toHaveCount(NUMBERS.length);
    },
  },
  {
    name: "porting: the list with the order",
    run: async (page, context) => {
      await visit(page, "/porting", "Porting");
      await expect(
        page.getByTestId("port-order-row").filter({ hasText: context.portOrderId ?? "po_" }),
      ).toBeVisible();
    },
  },
];
