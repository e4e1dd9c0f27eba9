import { expect, test } from "@playwright/test";
import Provider from "oidc-provider";
import { expectNoHorizontalScroll, openAs, portBeside, users } from "./helpers";

// Single sign-on through a provider's own login form, at 1366×768 (desktop project) and 390×844
// (mobile project): oidc-provider runs on loopback with its development interactions (a login
// form and a consent page). A person of Acme's connected domain types only their email at
// /sign-in, types their email and password into the provider's page, consents, and lands in
// the portal signed in as a new member with the connection's default role.

const DOMAIN = "sso-login-e2e.example";
const CLIENT = { id: "numbers-portal-login", secret: "e2e login provider secret" };
let server: ReturnType<Provider["listen"]>;
/** The provider, on loopback beside the project's server (both projects may run at once). */
let issuer = "";

test.beforeAll(async ({}, testInfo) => {
  const port = portBeside(testInfo, 79);
  issuer = `http://127.0.0.1:${port}`;
  const site = new URL(testInfo.project.use.baseURL as string);
  const callbacks = [site.origin, site.origin.replace("localhost", "127.0.0.1")].map(
    (origin) => `${origin}/sso/callback`,
  );
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
        redirect_uris: callbacks,
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    // The account is whoever signed in at the form; the provider vouches for the email.
    findAccount: (_context, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: sub, email_verified: true, name: "Pat Provider" }),
    }),
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The portal reads who signed in from the ID token, not from /userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
  });
  await new Promise<void>((resolve) => {
    server = provider.listen(port, "127.0.0.1", resolve);
  });
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test("a new person signs in at the provider's login form and lands in the portal as a developer", async ({
  page,
  browser,
}, testInfo) => {
  const size = testInfo.project.name;
  const sameSite = { origin: new URL(testInfo.project.use.baseURL as string).origin };
  await openAs(page, users.acmeCustomer, "/settings/security");
  const connected = await page.request.put("/api/v2/organization/sso", {
    headers: sameSite,
    data: {
      issuer,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      domains: [DOMAIN],
      default_role: "developer",
      required: false,
    },
  });
  expect(connected.status()).toBe(200);
  const supportContext = await browser.newContext();
  const support = await supportContext.newPage();
  await openAs(support, users.support);
  const verified = await support.request.post(`/api/v2/organization/sso/domains/${DOMAIN}/verify`, {
    headers: sameSite,
    data: { organization_id: "org_acme" },
  });
  expect(verified.status()).toBe(200);
  await supportContext.close();

  const email = `pat-${size}-${Date.now()}@${DOMAIN}`;
  const personContext = await browser.newContext({ viewport: page.viewportSize() });
  const person = await personContext.newPage();
  await person.goto("/numbers");
  await expect(person).toHaveURL(/\/sign-in\?callbackUrl=/);
  await person.getByLabel("Email").fill(email);
  await person.getByRole("button", { name: "Sign in" }).click();

  // The provider's own pages: its login form, then its consent.
  await expect(person).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await person.getByPlaceholder("Enter any login").fill(email);
  await person.getByPlaceholder("and password").fill("the provider's password");
  await person.getByRole("button", { name: "Sign-in" }).click();
  // A new account has granted this client nothing yet: the provider asks.
  await person.getByRole("button", { name: "Continue" }).click();

  await expect(person).toHaveURL(/\/numbers$/);
  await expectNoHorizontalScroll(person, "/numbers");
  const members = await person.request.get("/api/v2/members?limit=100");
  expect(members.status()).toBe(200);
  const list = ((await members.json()) as { data: Array<{ email: string; role: string; name: string }> })
    .data;
  expect(list.find((member) => member.email === email)).toMatchObject({
    role: "developer",
    name: "Pat Provider",
  });
  await personContext.close();

  const gone = await page.request.delete("/api/v2/organization/sso", { headers: sameSite });
  expect(gone.status()).toBe(204);
});
