import { readFileSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Cookie, type Page, type TestInfo } from "@playwright/test";

export const DEMO_PASSWORD = "demo-password-2026";

export const users = {
  acmeCustomer: "customer@acme.example",
  support: "support@numbers.example",
  globexCustomer: "customer@globex.example",
} as const;

/** What `npm start` printed as the demo token (an Acme token with every scope). */
export function demoToken(): string {
  const file = path.join(process.env.E2E_DATA_DIR ?? "", "demo-credentials.json");
  return (JSON.parse(readFileSync(file, "utf8")) as { token: string }).token;
}

/** Signs in through the form, starting from `path` so the redirect back is exercised too. */
export async function signIn(page: Page, email: string, path = "/inventory"): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expectAt(page, path);
  await expectHydrated(page);
}

/**
 * The page has hydrated (components/ui/hydration-mark.tsx): a page opened at its URL shows the
 * server's rows at once, and what a test types into the filters before React has taken them
 * over is lost.
 */
export async function expectHydrated(page: Page): Promise<void> {
  await expect(page.locator("[data-hydrating]")).toHaveCount(0);
}

/** The page is at `path`, compared decoded: the callback may come back with ":" written as %3A. */
async function expectAt(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL(
    (url) => decodeURIComponent(`${url.pathname}${url.search}`) === decodeURIComponent(path),
  );
}

/**
 * The session cookies of each person this worker has signed in, by server and email. Signing in
 * costs a bcrypt comparison of cost 12 on the server and three page loads; a test that is not
 * about signing in needs only to be signed in (e2e/auth.spec.ts and signIn's own first use check
 * the form and the redirect back).
 */
const sessions = new Map<string, Cookie[]>();

/**
 * Opens `path` as `email`: with the session this worker kept for that person, or through the
 * form (signIn) the first time, or once that session has ended (a sign-out, or a password change
 * in e2e/security.spec.ts, ends sessions on the server). A test that signs out uses signIn, so
 * the session it ends is its own.
 */
export async function openAs(
  page: Page,
  email: string,
  path = "/inventory",
  /** The server, when a spec's pages are not the project's (e2e/own-instance.ts). */
  server = test.info().project.use.baseURL ?? "",
): Promise<void> {
  const key = `${server} ${email}`;
  const kept = sessions.get(key);
  if (kept) {
    await page.context().addCookies(kept);
    await page.goto(path);
    if (!new URL(page.url()).pathname.startsWith("/sign-in")) {
      await expectAt(page, path);
      await expectHydrated(page);
      return;
    }
    // Ended since: the server sent this browser to /sign-in (without the way back, as it does
    // for a session it refuses). Forgotten, and signed in again as the first time.
    sessions.delete(key);
    for (const cookie of kept) await page.context().clearCookies({ name: cookie.name });
  }
  await signIn(page, email, path);
  sessions.set(
    key,
    (await page.context().cookies(server)).filter((cookie) =>
      cookie.name.endsWith("next-auth.session-token"),
    ),
  );
}

/**
 * A port beside the project's server (playwright.config.ts runs a server for each group of
 * projects, each on a port of its own), for what a spec runs next to it: +25 the SMTP server
 * that server sends to, +79 an OpenID provider.
 */
export function portBeside(testInfo: TestInfo, offset: number): number {
  return Number(new URL(testInfo.project.use.baseURL ?? "").port) + offset;
}

/**
 * For a test whose checks do not depend on the viewport: the desktop project makes them, and the
 * mobile project (playwright.config.ts) leaves the test out rather than make them again at 390×844.
 */
export const laptopOnly = { tag: "@laptop-only" };

/** axe with the WCAG 2.1 A/AA rules: no serious or critical violation is allowed. */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  // Scalar's request client on /docs (a third-party widget, opened by "Test Request") is left
  // out: its ARIA is not our markup. The reference itself is ours and is checked.
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .exclude(".request-client")
    .analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === "serious" || violation.impact === "critical",
  );
  if (results.violations.length > 0) {
    await testInfo.attach(`axe-${name}.json`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: "application/json",
    });
  }
  const summary = serious.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, `axe on ${name}`).toEqual([]);
}

/** A full-page screenshot under test-results/screenshots, also attached to the report. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = path.join("test-results", "screenshots", `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}

/** The document does not scroll sideways: everything fits the viewport's width. */
export async function expectNoHorizontalScroll(page: Page, name: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
}

/**
 * Empties the signed-in person's cart (DELETE /cart, releasing its holds). The cart lives on
 * the server now, so what one test put there is still there in the next test's new browser.
 */
export async function emptyCart(page: Page): Promise<void> {
  const response = await page.request.delete("/api/v2/cart", {
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.status(), "DELETE /cart").toBe(200);
  await page.reload();
}
