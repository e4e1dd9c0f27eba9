import { expect, test, type Page } from "@playwright/test";
import { OAuth2Server } from "oauth2-mock-server";
import { expectAccessible, expectNoHorizontalScroll, openAs, users } from "./helpers";

// Single sign-on at 1366×768 (desktop project) and 390×844 (mobile project): the owner
// connects Acme to an OpenID Connect provider on loopback from Settings → Security, support
// verifies the domain, and a person of that domain types only their email at /sign-in, goes
// through the provider and lands in the portal as a new member with the default role.
// oauth2-mock-server signs the person in at once (it has no login form of its own): the
// provider's login page is not what is tested here, the portal's way through it is.

const DOMAIN = "sso-e2e.example";
let provider: OAuth2Server;

test.beforeAll(async () => {
  provider = new OAuth2Server();
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  // The person the provider signs in is whoever the portal named in login_hint.
  const hints = new Map<string, string>();
  provider.service.on(
    "beforeAuthorizeRedirect",
    (redirect: { url: URL }, request: { query: Record<string, unknown> }) => {
      hints.set(redirect.url.searchParams.get("code") ?? "", String(request.query.login_hint));
    },
  );
  provider.service.on(
    "beforeTokenSigning",
    (token: { payload: Record<string, unknown> }, request: { body: Record<string, unknown> }) => {
      if ("scope" in token.payload) return;
      const email = hints.get(String(request.body.code)) ?? "";
      Object.assign(token.payload, { email, email_verified: true, name: "Sam Single" });
    },
  );
});
test.afterAll(() => provider.stop());

const sameSite = (page: Page) => ({ origin: new URL(page.url()).origin });

test("an owner connects the provider and a new person signs in through it as a developer", async ({
  page,
  browser,
}, testInfo) => {
  const size = testInfo.project.name;
  // A connection left on this server (an earlier run's, or the other size's on a server both
  // projects use, E2E_BASE_URL) goes first.
  await openAs(page, users.acmeCustomer, "/settings/security");
  const gone = await page.request.delete("/api/v2/organization/sso", { headers: sameSite(page) });
  expect([204, 404]).toContain(gone.status());
  await page.reload();

  const section = page.getByRole("region", { name: "Single sign-on" });
  await expect(section.getByTestId("sso-state")).toContainText("Not connected.");
  const form = section.getByRole("form", { name: "Single sign-on connection" });
  await form.getByLabel("Issuer").fill(provider.issuer.url as string);
  await form.getByLabel("Client ID").fill("numbers-portal");
  await form.getByLabel("Client secret").fill("e2e provider secret");
  await form.getByLabel("Email domains").fill(DOMAIN);
  await form.getByLabel("Role of a new member").selectOption("developer");
  await form.getByRole("button", { name: "Connect" }).click();
  const state = section.getByTestId("sso-state");
  await expect(state).toContainText(`Connected to ${provider.issuer.url as string}, alongside passwords.`);
  await expect(state.getByRole("listitem").filter({ hasText: DOMAIN })).toContainText(
    "waiting for verification",
  );
  await expectAccessible(page, testInfo, `sso-settings-${size}`);
  await expectNoHorizontalScroll(page, "/settings/security");

  // Support verifies the domain (no DNS is asked here).
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await openAs(support, users.support);
  const verified = await support.request.post(`/api/v2/organization/sso/domains/${DOMAIN}/verify`, {
    headers: sameSite(support),
    data: { organization_id: "org_acme" },
  });
  expect(verified.status()).toBe(200);
  await supportContext.close();
  await page.reload();
  await expect(state.getByRole("listitem").filter({ hasText: DOMAIN })).toContainText("verified");

  // A person of the domain: only the email, then the provider, then the portal.
  const email = `sam-${size}-${Date.now()}@${DOMAIN}`;
  const personContext = await browser.newContext({ viewport: page.viewportSize() });
  const person = await personContext.newPage();
  await person.goto("/numbers");
  await expect(person).toHaveURL(/\/sign-in\?callbackUrl=/);
  await person.getByLabel("Email").fill(email);
  await person.getByRole("button", { name: "Sign in" }).click();
  await expect(person).toHaveURL(/\/numbers$/);
  const me = await person.request.get("/api/v2/members?limit=100");
  expect(me.status()).toBe(200);
  const members = ((await me.json()) as { data: Array<{ email: string; role: string; name: string }> }).data;
  expect(members.find((member) => member.email === email)).toMatchObject({
    role: "developer",
    name: "Sam Single",
  });
  await personContext.close();

  // An email of no connected domain comes back to the password, with the email kept.
  const strangerContext = await browser.newContext({ viewport: page.viewportSize() });
  const stranger = await strangerContext.newPage();
  await stranger.goto("/sign-in");
  await stranger.getByLabel("Email").fill("someone@unconnected.example");
  await stranger.getByRole("button", { name: "Sign in" }).click();
  await expect(stranger.locator("#sign-in-error")).toHaveText(
    "No organization signs in with single sign-on for that email's domain. Sign in with your password.",
  );
  await expect(stranger.getByLabel("Email")).toHaveValue("someone@unconnected.example");
  await strangerContext.close();
});
