import { expect, request, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { demoToken, emptyCart, expectAccessible, screenshot, openAs, users } from "./helpers";

// Every page with data on it, for a customer and for support, at the project's size
// (1366×768 and 390×844, playwright.config.ts): no serious or critical axe violation, a
// full-page screenshot under test-results/screenshots, and on a phone nothing but a code
// block scrolls sideways and each row's main action lies inside the viewport.
type PageCase = {
  name: string;
  path: string | ((page: Page) => Promise<string>);
  ready: (page: Page) => Promise<void>;
  /** Each row's main action, which must be on screen without scrolling sideways. */
  actions?: (page: Page) => Locator;
  /** Not held to the phone fit yet (the cart): photographed and checked with axe only. */
  skipFit?: boolean;
  /** Only for people who may hold and buy (docs/CONTRACT.md §15): support may not, so has no cart. */
  buyersOnly?: boolean;
  /** Only for support (the port desk). */
  supportOnly?: boolean;
};

/**
 * A draft port order of Acme's, made over the API with the demo token (so support's tour has one
 * too): its id. Its number is the tour's own, +1 303 6BB BBNN by the time and a random NN the
 * simulated carrier calls portable (00–79), since the database outlives a run.
 */
async function draftPortOrder(page: Page): Promise<string> {
  const api = await request.newContext({
    baseURL: new URL(page.url()).origin,
    extraHTTPHeaders: { authorization: `Bearer ${demoToken()}` },
  });
  try {
    const post = async <T>(path: string, data: unknown): Promise<T> => {
      const response = await api.post(`/api/v2${path}`, { data });
      expect(response.status(), `POST ${path}: ${await response.text()}`).toBeLessThan(300);
      return (await response.json()) as T;
    };
    const stamp = String(Math.floor(Date.now() / 1000) % 10_000).padStart(4, "0");
    const number = `+13036${stamp}${String(Math.floor(Math.random() * 80)).padStart(2, "0")}`;
    const check = await post<{ data: Array<{ portable: boolean; earliest_foc_date: string }> }>(
      "/portability_checks",
      { numbers: [number] },
    );
    expect(check.data[0].portable, `${number} is portable`).toBe(true);
    const endUser = await post<{ data: { end_user_id: string } }>("/end_users", {
      type: "individual",
      name: `Page Tour ${stamp}`,
    });
    const address = await post<{ data: { address_id: string } }>("/addresses", {
      street: `${stamp} Larimer Street`,
      city: "Denver",
      postal_code: "80202",
      country: "US",
    });
    const created = await post<{ data: Array<{ port_order_id: string }> }>("/port_orders", {
      numbers: [number],
      end_user_id: endUser.data.end_user_id,
      address_id: address.data.address_id,
      losing_carrier: { account_number: `TOUR-${stamp}`, pin: "4321", authorized_person: "Ada Lovelace" },
      requested_foc_date: check.data[0].earliest_foc_date,
    });
    return created.data[0].port_order_id;
  } finally {
    await api.dispose();
  }
}

const pages: PageCase[] = [
  {
    name: "inventory",
    path: "/inventory?country=GB&type=local",
    ready: async (page) => void (await expect(page.getByTestId("inventory-row").first()).toBeVisible()),
    actions: (page) => page.getByTestId("inventory-row").getByRole("button"),
  },
  {
    name: "inventory-empty",
    path: "/inventory",
    ready: async (page) => void (await expect(page.getByText("Choose a country to start")).toBeVisible()),
  },
  {
    name: "products",
    path: "/products?country=US&type=local",
    ready: async (page) => void (await expect(page.getByTestId("product-row").first()).toBeVisible()),
    actions: (page) => page.getByTestId("product-row").getByRole("button", { name: /^Add / }),
  },
  {
    name: "cart",
    path: "/cart",
    ready: async (page) => void (await expect(page.getByTestId("cart-line").first()).toBeVisible()),
    skipFit: true,
    buyersOnly: true,
  },
  {
    name: "orders",
    path: "/orders",
    ready: async (page) =>
      void (await expect(page.getByRole("link", { name: /^ORD-/ }).first()).toBeVisible()),
    actions: (page) => page.getByTestId("order-row").getByRole("link"),
  },
  {
    name: "order",
    path: async (page) => {
      await page.goto("/orders");
      const href = await page.getByRole("link", { name: /^ORD-/ }).first().getAttribute("href");
      if (href === null || !/^\/orders\/ORD-[A-Z2-7]{10}$/.test(href))
        throw new Error(`the order list's first order links to ${href}, not to an order`);
      return href;
    },
    // The detail's "Status" term, not the list's "Status" column header.
    ready: async (page) => {
      await expect(page).toHaveURL(/\/orders\/ORD-[A-Z2-7]{10}$/);
      await expect(page.getByRole("term").filter({ hasText: /^Status$/ })).toBeVisible();
    },
  },
  {
    name: "numbers",
    path: "/numbers",
    ready: async (page) => void (await expect(page.getByTestId("number-row").first()).toBeVisible()),
    actions: (page) => page.getByTestId("number-row").getByRole("link"),
  },
  {
    name: "number",
    path: "/numbers/num_acme_main?at=2026-03-10T10:00:00Z",
    ready: async (page) => void (await expect(page.getByTestId("active-rule")).toContainText("Office hours")),
  },
  {
    // Port orders exist only once e2e/porting.spec.ts has run: the list or its empty state.
    name: "porting",
    path: "/porting",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "Porting", level: 1 })).toBeVisible();
      await expect(page.getByText("Loading port orders…")).toHaveCount(0);
    },
  },
  {
    name: "port-order",
    path: async (page) => `/porting/${await draftPortOrder(page)}`,
    ready: async (page) => {
      await expect(page.getByTestId("port-status").first()).toHaveText("Draft");
      await expect(page.getByTestId("port-number-row")).toHaveCount(1);
      await expect(page.getByText("Loading the timeline…")).toHaveCount(0);
    },
  },
  {
    name: "porting-new",
    path: "/porting/new",
    ready: async (page) => void (await expect(page.getByLabel("Numbers to port")).toBeVisible()),
    buyersOnly: true,
  },
  {
    name: "porting-desk",
    path: "/porting/desk",
    ready: async (page) => {
      await expect(page.getByLabel("Waiting for")).toBeVisible();
      await expect(page.getByText("Loading port orders…")).toHaveCount(0);
    },
    supportOnly: true,
  },
  {
    name: "tokens",
    path: "/tokens",
    ready: async (page) => void (await expect(page.getByTestId("token-row").first()).toBeVisible()),
    actions: (page) => page.getByTestId("token-row").getByRole("button", { name: /^Revoke/ }),
  },
  {
    // Endpoints exist only while e2e/webhooks.spec.ts runs: here the list may be empty.
    name: "webhooks",
    path: "/webhooks",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "Add an endpoint" })).toBeVisible();
      await expect(page.getByText("Loading endpoints…")).toHaveCount(0);
    },
  },
  {
    name: "docs",
    path: "/docs",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "API documentation" })).toBeVisible();
      await expect(
        page.getByRole("heading", { name: "List the countries numbers are sold in" }),
      ).toBeVisible();
    },
  },
];

/** Elements that scroll sideways (code blocks excepted), and the document itself. */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth)
      found.push(`the page (${root.scrollWidth}px in ${root.clientWidth}px)`);
    for (const element of document.querySelectorAll<HTMLElement>("body *")) {
      if (element.closest("pre, code")) continue;
      const overflow = getComputedStyle(element).overflowX;
      if ((overflow === "auto" || overflow === "scroll") && element.scrollWidth > element.clientWidth + 1) {
        const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${element.className && typeof element.className === "string" ? `.${element.className.split(" ").join(".")}` : ""}`;
        found.push(`${name} (${element.scrollWidth}px in ${element.clientWidth}px)`);
      }
    }
    return found;
  });
}

async function expectActionsInView(page: Page, actions: Locator, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const boxes = await actions.evaluateAll((elements) =>
    elements
      .map((element) => element.getBoundingClientRect())
      .map((box) => ({ left: box.left, right: box.right })),
  );
  expect(boxes.length, `${name}: rows with an action`).toBeGreaterThan(0);
  const outside = boxes.filter((box) => box.left < 0 || box.right > width);
  expect(outside, `${name}: row actions outside the ${width}px viewport`).toEqual([]);
}

function tour(who: keyof typeof users) {
  return async ({ page }: { page: Page }, testInfo: TestInfo) => {
    test.setTimeout(600_000);
    const size = testInfo.project.name;
    const phone = (page.viewportSize()?.width ?? 1366) < 600;
    const viewport = page.viewportSize() ?? { width: 1366, height: 768 };
    // Something in the cart, so the cart page has lines to show: put there at laptop size, as setup.
    await page.setViewportSize({ width: 1366, height: 768 });
    await openAs(page, users[who], "/inventory?country=GB&type=local");
    const buyer = who !== "support";
    if (!buyer) {
      // The operator's support people have no seeded tokens: one of theirs, so /tokens has a row.
      const created = await page.request.post("/api/v2/tokens", {
        headers: { origin: new URL(page.url()).origin },
        data: { name: `E2E tour ${testInfo.project.name}`, scopes: ["numbers:read"] },
      });
      expect(created.status()).toBe(200);
    } else {
      await emptyCart(page);
      await page
        .getByTestId("inventory-row")
        .getByRole("button", { name: /^Add \+44/ })
        .first()
        .click();
    }
    await page.setViewportSize(viewport);

    for (const entry of pages.filter(
      (candidate) => (buyer || !candidate.buyersOnly) && (!buyer || !candidate.supportOnly),
    )) {
      await test.step(entry.name, async () => {
        const path = typeof entry.path === "string" ? entry.path : await entry.path(page);
        await page.goto(path);
        await entry.ready(page);
        await expectAccessible(page, testInfo, `${size}-${who}-${entry.name}`);
        await screenshot(page, testInfo, `${size}-${who}-${entry.name}`);
        if (phone && !entry.skipFit) {
          expect(await sidewaysScrollers(page), `${entry.name} at ${size}`).toEqual([]);
          if (entry.actions) await expectActionsInView(page, entry.actions(page), entry.name);
        }
      });
    }
  };
}

test("the sign-in page is accessible and fits", async ({ page }, testInfo) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expectAccessible(page, testInfo, `${testInfo.project.name}-sign-in`);
  await screenshot(page, testInfo, `${testInfo.project.name}-sign-in`);
  expect(await sidewaysScrollers(page)).toEqual([]);
});

test(
  "every page for a customer: accessible, photographed, and on a phone nothing scrolls sideways",
  tour("acmeCustomer"),
);
test(
  "every page for support: accessible, photographed, and on a phone nothing scrolls sideways",
  tour("support"),
);
