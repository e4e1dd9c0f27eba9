// npx tsx scripts/bench/polish-items.ts --base http://127.0.0.1:3651 [--base http://127.0.0.1:3652]
//   [--token <demo API token> …] [--pid <npm start's pid> …] [--email …] [--password …]
//   [--docs-loads 5] [--docs-heading "List the countries numbers are sold in"] [--docs-title "API documentation"]
//   [--docs-document openapi.json]
//   [--only 1,3,11,11t]
//
// The portal fixes of 27 November (docs/PERFORMANCE.md) as figures, measured against running
// servers in Debian's Chromium: one line per item for one --base; given two (the tree before the
// fixes first, then after), a table item | before | after. A --token (the demo token `npm start` prints, in the order of --base)
// is needed for item 16; a --pid (npm start's, in the same order) adds the tree's resident
// memory after this walk to item 21 (the measured figure is `npm run bench:memory`'s). The
// /docs time-to-show (navigation start to the first operation's heading visible, and to the
// document's title, each load in a fresh browser context: a first visit, nothing cached) runs
// after the other items, alternating between the bases, and gives the median of --docs-loads
// loads each and their ratio; --docs-document serves one file to every base in place of its
// /api/v2/openapi.json and times that too (the same document on both: the page, not its size). The script buys numbers on the
// demo database: run it against throwaway data directories only.
import { readFileSync } from "node:fs";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { findChromium } from "@/scripts/ensure-browser";
import { treeRssByProcess } from "@/scripts/bench/processes";

type Viewport = { width: number; height: number; hasTouch?: boolean };
type Target = {
  base: string;
  token?: string;
  pid?: number;
  storageState?: BrowserContextOptions["storageState"];
};
type Item = { id: string; title: string; run: (target: Target) => Promise<string> };

const LAPTOP: Viewport = { width: 1366, height: 768 };
const PHONE: Viewport = { width: 390, height: 844, hasTouch: true };
const WAIT = 30_000;

function options(name: string): string[] {
  const found: string[] = [];
  process.argv.forEach((argument, index) => {
    if (argument === `--${name}` && process.argv[index + 1] !== undefined)
      found.push(process.argv[index + 1]);
  });
  return found;
}
const option = (name: string, fallback: string) => options(name)[0] ?? fallback;

const EMAIL = option("email", "customer@acme.example");
const PASSWORD = option("password", "demo-password-2026");
const DOCS_LOADS = Number(option("docs-loads", "5"));
const DOCS_HEADING = option("docs-heading", "List the countries numbers are sold in");
const DOCS_TITLE = option("docs-title", "API documentation");
const ONLY = options("only").flatMap((list) => list.split(","));

let browser: Browser;

/** A page in a fresh context signed in as the demo customer (the session is made once per base). */
async function open(target: Target, viewport: Viewport = LAPTOP): Promise<Page> {
  const context = await browser.newContext({
    baseURL: target.base,
    viewport: { width: viewport.width, height: viewport.height },
    hasTouch: viewport.hasTouch ?? false,
    storageState: target.storageState,
  });
  context.setDefaultTimeout(WAIT);
  return context.newPage();
}

async function signIn(target: Target): Promise<void> {
  const page = await open(target);
  await page.goto("/sign-in?callbackUrl=%2Finventory");
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/inventory/);
  target.storageState = await page.context().storageState();
  await page.context().close();
}

/** Runs `measure` on a fresh signed-in page and closes its context whatever happens. */
async function withPage<T>(
  target: Target,
  viewport: Viewport,
  measure: (page: Page) => Promise<T>,
): Promise<T> {
  const page = await open(target, viewport);
  try {
    return await measure(page);
  } finally {
    await page.context().close();
  }
}

const clip = (text: string, length = 110) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > length ? `${flat.slice(0, length - 1)}…` : flat;
};

/** The focused element, named as a person would find it: tag, test id or role, and its words. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return "<body>";
    const testId = element.getAttribute("data-testid");
    const role = element.getAttribute("role");
    const words = (element.getAttribute("aria-label") ?? element.textContent ?? "")
      .replace(/\s+/g, " ")
      .trim();
    return `<${element.tagName.toLowerCase()}${testId ? ` data-testid=${testId}` : ""}${role ? ` role=${role}` : ""}> "${words.slice(0, 40)}"`;
  });
}

const visibleTexts = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements
      .filter((element) => (element as HTMLElement).getClientRects().length > 0)
      .map((element) => (element.textContent ?? "").replace(/\s+/g, " ").trim())
      .filter(Boolean),
  );

// ------------------------------------------------------------------------------------ items

async function secretBox(target: Target, viewport: Viewport): Promise<string> {
  return withPage(target, viewport, async (page) => {
    await page.goto("/tokens");
    const create = page.getByRole("button", { name: "Create token" });
    const form = page.locator("form").filter({ has: create });
    await form.getByLabel("Name", { exact: true }).fill(`polish ${viewport.width} ${Date.now()}`);
    await form.getByRole("checkbox", { name: /reference:read/ }).check();
    await create.scrollIntoViewIfNeeded();
    await create.click();
    await page.getByTestId("new-token-secret").waitFor();
    // What a scroll or a focus move started has settled.
    await page.waitForTimeout(800);
    const box = await page.evaluate(() => {
      const code = document.querySelector('[data-testid="new-token-secret"]')!;
      const shown =
        code.closest('[data-testid="secret-box"]') ?? code.closest(".notice") ?? code.parentElement!;
      const rect = shown.getBoundingClientRect();
      return { top: Math.round(rect.top), bottom: Math.round(rect.bottom) };
    });
    const once = await page.getByText(/shown once|only time it is shown/).count();
    return `${viewport.width}×${viewport.height}: top ${box.top} px (bottom ${box.bottom}), focus ${await focused(page)}${once ? "" : ", no 'shown once'"}`;
  });
}

async function destinations(target: Target): Promise<string> {
  return withPage(target, LAPTOP, async (page) => {
    await page.goto("/numbers/num_acme_main");
    await page.getByRole("button", { name: /^(Edit|Set up) rules$/ }).click();
    await page.getByRole("button", { name: "Save changes" }).waitFor();
    const fields = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLInputElement>("input")]
        .map((input) => ({
          label: (input.labels?.[0]?.textContent ?? input.getAttribute("aria-label") ?? "")
            .replace(/\s+/g, " ")
            .trim(),
          mode: input.getAttribute("inputmode") ?? "(none)",
          type: input.type,
        }))
        .filter((field) => /^forward/i.test(field.label)),
    );
    const counts = new Map<string, number>();
    for (const field of fields) {
      const key = `${field.label.replace(/\s*\(.*$/, "").slice(0, 24)}: inputmode=${field.mode}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts].map(([key, count]) => `${key} ×${count}`).join("; ") || "no Forward field found";
  });
}

const FAILURE = {
  message: "Service Unavailable",
  error: { code: "service_unavailable", message: "The database is busy.", details: "" },
};

async function cartFailures(target: Target): Promise<string> {
  const load = await withPage(target, LAPTOP, async (page) => {
    await page.route("**/api/v2/cart", (route) =>
      route.request().method() === "GET" ? route.fulfill({ status: 503, json: FAILURE }) : route.continue(),
    );
    await page.goto("/cart");
    await page
      .getByText(/could not be loaded|Your cart is empty|In your cart/)
      .first()
      .waitFor();
    await page.waitForTimeout(1_000);
    const empty = await page.getByText("Your cart is empty").count();
    const alerts = await visibleTexts(page, "[role=alert]");
    const retry = await page.getByRole("button", { name: "Try again" }).count();
    return `GET 503: ${empty ? "says 'Your cart is empty'" : "no empty state"}; alert ${alerts.length ? `"${clip(alerts.join(" | "), 70)}"` : "none"}; Try again ${retry ? "offered" : "absent"}`;
  });
  const add = await withPage(target, LAPTOP, async (page) => {
    await page.goto("/inventory?country=US&type=local&region=US-NY-NEW_YORK-212");
    const button = page
      .getByTestId("inventory-row")
      .first()
      .getByRole("button", { name: /^Add \+1/ });
    await button.waitFor();
    await page.route("**/api/v2/cart", (route) =>
      route.request().method() === "GET" ? route.continue() : route.fulfill({ status: 503, json: FAILURE }),
    );
    // Everything the live regions and alerts say for three seconds after the click.
    // A string, not a function: tsx's helpers (__name) do not exist in the page.
    await page.evaluate(`(() => {
      const heard = new Set();
      window.__heard = heard;
      new MutationObserver(() => {
        for (const element of document.querySelectorAll("[role=status], [role=alert], [aria-live]:not([aria-live=off])")) {
          const text = (element.textContent || "").replace(/\\s+/g, " ").trim();
          if (text) heard.add((element.getAttribute("role") === "alert" ? "alert: " : "status: ") + text);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    })()`);
    await button.click();
    await page.waitForTimeout(3_000);
    const heard = (await page.evaluate("[...window.__heard]")) as string[];
    const cart = heard.filter((text) => /cart/i.test(text));
    return `Add with PUT 503: ${cart.length ? cart.map((text) => `"${clip(text, 60)}"`).join(", ") : "nothing said"}`;
  });
  return `${load}. ${add}`;
}

/** Items 6, 7 and the checkout words of 10 in one purchase: 3 of a GB product, 500 typed. */
async function checkout(target: Target): Promise<{ seven: string; six: string; words: string }> {
  return withPage(target, LAPTOP, async (page) => {
    await page.goto("/products?country=GB&type=local");
    const row = page.getByTestId("product-row").first();
    await row.getByRole("spinbutton").fill("3");
    await row.getByRole("button", { name: /^Add / }).click();
    await row.getByRole("status").filter({ hasText: /added/ }).waitFor();
    await page.goto("/cart");
    await page.getByTestId("cart-line").first().waitFor();

    // Item 10: Place order with no contact name.
    await page.getByRole("button", { name: "Place order" }).click();
    await page.waitForTimeout(1_500);
    const contact = page.getByLabel("Contact name");
    const describedBy = await contact.evaluate((input) =>
      (input.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" "),
    );
    const alerts = await visibleTexts(page, "[role=alert]");
    const words = clip(`${describedBy} ${alerts.join(" | ")}`, 100);

    // Item 7: 500 typed, then Place order.
    let orders = 0;
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v2/order") orders += 1;
    });
    await page.getByTestId("cart-line").first().getByRole("spinbutton").fill("500");
    await contact.fill("Polish Bench");
    await page.getByRole("button", { name: "Place order" }).click();
    const placed = await page
      .waitForURL(/\/orders\/ORD-/, { timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    let seven: string;
    let reference: string;
    if (placed) {
      reference = /ORD-[A-Z0-9]+/.exec(page.url())![0];
      const order = await apiJson(page, `/orders/${reference}`);
      const quantity = orderItems(order).reduce((sum, item) => sum + (item.quantity ?? 1), 0);
      seven = `went through: ${reference} for ${quantity} numbers, 500 on screen`;
    } else {
      const said = await visibleTexts(page, "form [role=alert], [role=alert]");
      seven = `blocked, ${orders} order requests sent: "${clip(said.join(" | "), 90)}"`;
      await page.getByTestId("cart-line").first().getByRole("spinbutton").fill("3");
      await page.getByRole("button", { name: "Place order" }).click();
      await page.waitForURL(/\/orders\/ORD-/, { timeout: 90_000 });
      reference = /ORD-[A-Z0-9]+/.exec(page.url())![0];
    }

    // Item 6: where the bought numbers are on /numbers?order=…, and the order page's links.
    await page
      .getByRole("term")
      .filter({ hasText: /^Status$/ })
      .waitFor();
    await page.waitForLoadState("networkidle");
    const order = await apiJson(page, `/orders/${reference}`);
    const bought = orderItems(order).flatMap((item) => item.assigned_numbers ?? []);
    const linked = await page.evaluate(
      (numbers) =>
        numbers.filter((number) =>
          [...document.querySelectorAll<HTMLAnchorElement>("a[href^='/numbers/']")].some((link) =>
            (link.textContent ?? "").replace(/\D/g, "").endsWith(number.replace(/\D/g, "").slice(-8)),
          ),
        ).length,
      bought,
    );
    await page.goto(`/numbers?order=${reference}`);
    await page.getByTestId("number-row").first().waitFor();
    await page.waitForTimeout(1_000);
    const rows = (await page.getByTestId("number-row").allTextContents()).map((text) =>
      text.replace(/\D/g, ""),
    );
    const positions = bought.map(
      (number) => rows.findIndex((row) => row.includes(number.replace(/\D/g, "").slice(-8))) + 1,
    );
    const found = positions.filter((position) => position > 0);
    const next = await page
      .getByRole("button", { name: /Next/ })
      .or(page.getByRole("link", { name: /Next/ }))
      .count();
    const six =
      `${bought.length} bought: ${found.length ? `rows ${found.join(", ")}` : "none"} of ${rows.length} on the first page` +
      `${found.length < bought.length ? `, ${bought.length - found.length} not on it` : ""}${next ? " (a Next page)" : ""}; ` +
      `order page links ${linked} of ${bought.length}`;
    return { seven, six, words: `checkout without a contact: "${words}"` };
  });
}

type OrderItem = { quantity?: number; assigned_numbers?: string[] };
function orderItems(order: unknown): OrderItem[] {
  const body = order as { data?: { items?: OrderItem[] }; items?: OrderItem[] };
  return body.data?.items ?? body.items ?? [];
}

async function apiJson(page: Page, path: string): Promise<unknown> {
  const response = await page.context().request.get(`/api/v2${path}`);
  return response.json();
}

async function phoneSearch(target: Target): Promise<string> {
  return withPage(target, PHONE, async (page) => {
    await page.goto("/inventory");
    const filters = page
      .locator("form")
      .filter({ has: page.getByRole("button", { name: "Search numbers" }) });
    await filters.getByLabel("Country").selectOption("GB");
    await filters.getByRole("button", { name: "Search numbers" }).click();
    await page.getByTestId("inventory-row").first().waitFor();
    await filters.getByLabel("Number type").selectOption("local");
    await filters.getByRole("button", { name: "Search numbers" }).click();
    await page.waitForURL(/type=local/);
    await page.getByTestId("inventory-row").first().waitFor();
    await page.waitForTimeout(1_500);
    const where = await page.evaluate(() => {
      const rows = [...document.querySelectorAll('[data-testid="inventory-row"]')];
      const heading = [...document.querySelectorAll("h1, h2, h3")].find((element) =>
        /^Results/.test((element.textContent ?? "").trim()),
      );
      const header = Math.round(document.querySelector(".site-header")?.getBoundingClientRect().bottom ?? 0);
      return {
        first: rows.findIndex((row) => row.getBoundingClientRect().bottom > header) + 1,
        rows: rows.length,
        header,
        heading: heading ? Math.round(heading.getBoundingClientRect().top) : null,
      };
    });
    const focus = await focused(page);
    // Offline mid-search: the portal's error, or the browser's offline page?
    await page.context().setOffline(true);
    // A search not made before in this page (a cached one would need no request).
    await filters.getByLabel("Number type").selectOption("mobile");
    await filters.getByRole("button", { name: "Search numbers" }).click();
    // The portal's query retries before it gives up: up to 30 s.
    const failed = page.getByRole("alert").filter({ hasText: /\w/ }).first();
    const said = await failed
      .innerText({ timeout: 30_000 })
      .then((text) => `, alert "${clip(text, 70)}"`)
      .catch(() => ", no alert within 30 s");
    const offline = page.url().startsWith("chrome-error:")
      ? "the browser's offline page"
      : `portal kept${said}`;
    await page.context().setOffline(false);
    return `after refining: focus ${focus}, Results heading top ${where.heading ?? "?"} px under a header ending at ${where.header} px, screen starts at result ${where.first} of ${where.rows}; offline search: ${offline}`;
  });
}

async function inputSizes(
  target: Target,
  viewport: Viewport,
  minFont: number,
  minHeight: number,
): Promise<string> {
  return withPage(target, viewport, async (page) => {
    const small: Array<{ label: string; height: number; font: number }> = [];
    let total = 0;
    const measure = async () => {
      const found = await page.evaluate(() => {
        const skipped = new Set([
          "checkbox",
          "radio",
          "hidden",
          "range",
          "color",
          "file",
          "button",
          "submit",
          "reset",
          "image",
        ]);
        return [...document.querySelectorAll<HTMLElement>("input, select, textarea")]
          .filter((element) => !(element instanceof HTMLInputElement && skipped.has(element.type)))
          .filter((element) => element.getClientRects().length > 0)
          .map((element) => ({
            label: (
              (element as HTMLInputElement).labels?.[0]?.textContent ??
              element.getAttribute("aria-label") ??
              "?"
            )
              .replace(/\s+/g, " ")
              .trim()
              .slice(0, 18),
            height: Math.round(element.getBoundingClientRect().height),
            font: parseFloat(getComputedStyle(element).fontSize),
          }));
      });
      total += found.length;
      small.push(...found.filter((control) => control.height < minHeight - 0.5 || control.font < minFont));
    };
    await page.goto("/numbers/num_acme_main");
    await page.getByRole("button", { name: /^(Edit|Set up) rules$/ }).click();
    await page.getByRole("button", { name: "Save changes" }).waitFor();
    await measure();
    await page.goto("/webhooks");
    await page
      .getByLabel(/Address|URL/)
      .first()
      .waitFor();
    await measure();
    const labels = [
      ...new Set(small.map((control) => `${control.label} ${control.height}px/${control.font}px`)),
    ];
    return `${viewport.width}: ${small.length} of ${total} controls under ${minHeight} px or ${minFont} px text${labels.length ? ` (${clip(labels.join(", "), 120)})` : ""}`;
  });
}

async function words(target: Target): Promise<string> {
  const region = await withPage(target, LAPTOP, async (page) => {
    await page.goto("/inventory?country=US&type=local&region=nope");
    await page
      .getByText(/query\.region|Choose a region|Fix the filters|could not|failed/)
      .first()
      .waitFor()
      .catch(() => undefined);
    await page.waitForTimeout(1_000);
    const raw = await page.getByText(/query\.region|region=nope/).count();
    const retry = await page.getByRole("button", { name: "Try again" }).count();
    return `region=nope: ${raw ? "shows 'query.region=nope'" : "no field path"}, Try again ${retry ? "offered" : "absent"}`;
  });
  const token = await withPage(target, LAPTOP, async (page) => {
    await page.goto("/tokens");
    const create = page.getByRole("button", { name: "Create token" });
    const form = page.locator("form").filter({ has: create });
    await form.getByLabel("Name", { exact: true }).fill("   ");
    await create.click();
    await page.waitForTimeout(1_000);
    const said = await visibleTexts(page, "form .field__error, form [role=alert], form [id$=-error]");
    return `token form, blank name: "${clip([...new Set(said)].join(" | "), 80)}"`;
  });
  const failed = await withPage(target, LAPTOP, async (page) => {
    await page.route("**/api/v2/tokens", (route) =>
      route.request().method() === "GET"
        ? route.fulfill({
            status: 503,
            json: { message: "Service Unavailable", error: { message: "Back in two minutes." } },
          })
        : route.fallback(),
    );
    await page.goto("/tokens");
    const alert = page.getByRole("alert").filter({ hasText: /\w/ }).first();
    await alert.waitFor();
    await page.waitForTimeout(500);
    return `tokens list 503 "Back in two minutes.": "${clip(await alert.innerText(), 80)}"`;
  });
  return `${region}; ${token}; ${failed}`;
}

async function docsLandmarks(target: Target): Promise<string> {
  return withPage(target, LAPTOP, async (page) => {
    await page.goto("/docs");
    await page.getByRole("heading", { name: DOCS_HEADING }).first().waitFor({ timeout: 90_000 });
    await page.waitForTimeout(1_000);
    const mains = await page.getByRole("main").count();
    const ask = await page.getByText(/ask ai/i).count();
    const agent = await page.locator(".agent-button-container, .ask-agent-scalar-input").count();
    return `${mains} main landmarks; "Ask AI" ${ask + agent ? `present (${ask} texts, ${agent} agent elements)` : "absent"}`;
  });
}

/**
 * Navigation start to the document's title (h1) and to the first operation's heading visible,
 * in a fresh context (a first visit: nothing cached).
 */
async function docsTimeToShow(
  target: Target,
  served?: string,
): Promise<{ title: number; operation: number }> {
  return withPage(target, LAPTOP, async (page) => {
    if (served)
      await page.route("**/api/v2/openapi.json", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: served }),
      );
    await page.goto("/docs", { waitUntil: "commit" });
    const shown = await page.waitForFunction(
      ([title, operation]) => {
        const seen = ((window as unknown as { __shown?: Record<string, number> }).__shown ??= {});
        for (const heading of document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")) {
          if (heading.getBoundingClientRect().height === 0) continue;
          const text = (heading.textContent ?? "").replace(/\s+/g, " ").trim();
          if (seen.title === undefined && heading.tagName === "H1" && text.startsWith(title))
            seen.title = performance.now();
          if (seen.operation === undefined && text.startsWith(operation)) seen.operation = performance.now();
        }
        return seen.operation === undefined
          ? null
          : { title: seen.title ?? seen.operation, operation: seen.operation };
      },
      [DOCS_TITLE, DOCS_HEADING],
      { polling: "raf", timeout: 90_000 },
    );
    return (await shown.jsonValue()) as { title: number; operation: number };
  });
}

async function productsOverflow(target: Target): Promise<string> {
  return withPage(target, LAPTOP, async (page) => {
    await page.goto("/products?country=GB&type=local");
    await page.getByTestId("product-row").first().waitFor();
    await page.waitForTimeout(500);
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement!;
      const frame =
        document.querySelector(".table-wrap:has(table.product-matrix)") ??
        document.querySelector(".table-wrap");
      return {
        page: root.scrollWidth - root.clientWidth,
        table: frame ? frame.scrollWidth - frame.clientWidth : null,
      };
    });
    return `1366: page scrolls ${overflow.page} px sideways, the table's frame ${overflow.table ?? "?"} px`;
  });
}

/** One request as written, over a raw socket: status line, Content-Type, Allow and Location. */
function raw(base: string, request: string): Promise<string> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let answer = "";
    socket.setTimeout(15_000, () => socket.destroy());
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      if (answer.includes("\r\n\r\n")) socket.destroy();
    });
    socket.on("close", () => {
      const head = answer.split("\r\n\r\n")[0].split("\r\n");
      const status = /^HTTP\/1\.1 (\d+)/.exec(head[0] ?? "")?.[1] ?? "no answer";
      const header = (name: string) =>
        head
          .find((line) => line.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      const type = header("content-type")?.split(";")[0] ?? "no type";
      const allow = header("allow");
      const location = header("location");
      resolve(`${status} ${type}${allow ? ` Allow ${allow}` : ""}${location ? ` → ${location}` : ""}`);
    });
    socket.on("error", () => undefined);
    socket.write(request);
  });
}

const requestLine = (method: string, path: string, host: string, body = "") =>
  `${method} ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n` +
  (body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` : "") +
  `\r\n${body}`;

async function methods(target: Target): Promise<string> {
  const host = new URL(target.base).host;
  const parts: string[] = [];
  for (const [method, path] of [
    ["TRACE", "/api/v2/countries"],
    ["PROPFIND", "/api/v2/countries"],
    ["POST", "/api/health"],
    ["GET", "/api/v2/%2e%2e"],
    ["GET", "http://elsewhere.example/api/v2/countries"],
  ])
    parts.push(
      `${method} ${path.replace("http://elsewhere.example", "(absolute)")}: ${await raw(target.base, requestLine(method, path, host))}`,
    );
  return parts.join("; ");
}

function call(
  base: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const request = http.request(
        new URL(path, base),
        {
          method,
          headers: { ...(payload ? { "content-type": "application/json" } : {}), ...headers },
        },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
          );
        },
      );
      request.on("error", reject);
      request.end(payload);
    },
  );
}

async function anonymous(target: Target): Promise<string> {
  const tokens = await call(target.base, "POST", "/api/v2/tokens", { name: "", scopes: ["nope"] });
  const cart = await call(target.base, "PUT", "/api/v2/cart", { lines: "nope" });
  return `anonymous POST /tokens with a bad body: ${tokens.status}; PUT /cart: ${cart.status}`;
}

async function namedFields(target: Target): Promise<string> {
  if (!target.token) return "n/a (no --token)";
  const auth = { authorization: `Bearer ${target.token}` };
  const read = await call(target.base, "GET", "/api/v2/numbers/num_acme_main", undefined, auth);
  const stored = JSON.parse(read.body) as { data?: Record<string, unknown> } & Record<string, unknown>;
  const number = (stored.data ?? stored) as { rules?: Array<{ action?: Record<string, unknown> }> };
  const rule = number.rules?.find((candidate) => candidate.action && "destination" in candidate.action);
  if (!rule) return "n/a (num_acme_main has no forwarding rule)";
  const body = {
    name: "",
    number: "+442000000000",
    rules: [{ ...rule, action: { ...rule.action, destination: "+5511987654321" } }],
  };
  const answer = await call(target.base, "PUT", "/api/v2/numbers/num_acme_main", body, {
    ...auth,
    "if-match": String(read.headers.etag ?? ""),
  });
  const error = (JSON.parse(answer.body) as { error?: { details?: string } }).error;
  const named = (error?.details ?? "").split("; ").filter(Boolean);
  return `three bad fields (name, number, a Brazil destination): ${answer.status}, ${named.length} named (${clip(named.map((entry) => entry.split(":")[0]).join(", "), 90)})`;
}

async function memory(target: Target): Promise<string> {
  if (!target.pid) return "see npm run bench:memory (no --pid)";
  const processes = treeRssByProcess(target.pid);
  const total = processes.reduce((sum, entry) => sum + entry.rss, 0) / 1024 / 1024;
  return `the npm start tree after this script's walk: ${Math.round(total)} MB (${processes.length} processes)`;
}

// The purchase serves three items; it runs once per target.
const purchases = new Map<string, ReturnType<typeof checkout>>();
const purchase = (target: Target) => {
  if (!purchases.has(target.base)) purchases.set(target.base, checkout(target));
  return purchases.get(target.base)!;
};

const ITEMS: Item[] = [
  {
    id: "1",
    title: "token secret box: top vs viewport, focus",
    run: async (target) => `${await secretBox(target, LAPTOP)}; ${await secretBox(target, PHONE)}`,
  },
  { id: "2", title: "destination inputs' inputmode (rule editor)", run: destinations },
  { id: "3", title: "cart when GET /cart fails; Add to cart when saving fails", run: cartFailures },
  {
    id: "6",
    title: "bought numbers in /numbers?order=…",
    run: async (target) => (await purchase(target)).six,
  },
  {
    id: "7",
    title: "checkout with 500 typed in a quantity",
    run: async (target) => (await purchase(target)).seven,
  },
  { id: "8", title: "phone: focus after refining a search; offline search", run: phoneSearch },
  {
    id: "9",
    title: "rule editor and webhook inputs: height and text size",
    run: async (target) =>
      `${await inputSizes(target, LAPTOP, 14, 36)}; ${await inputSizes(target, PHONE, 16, 44)}`,
  },
  {
    id: "10",
    title: "words",
    run: async (target) => `${(await purchase(target)).words}; ${await words(target)}`,
  },
  { id: "11", title: "/docs landmarks and Ask AI", run: docsLandmarks },
  { id: "12", title: "products at 1366: sideways scroll", run: productsOverflow },
  { id: "13", title: "TRACE/PROPFIND, POST /api/health, %2e%2e, absolute target", run: methods },
  { id: "14", title: "anonymous bad bodies", run: anonymous },
  { id: "16", title: "PUT /numbers/{id}, bad fields named", run: namedFields },
  { id: "21", title: "memory", run: memory },
];

/** One load each to warm the servers, then the bases in turn, --docs-loads rounds. */
async function docsTimes(targets: Target[], served?: string): Promise<string[]> {
  const times: Array<Array<{ title: number; operation: number }>> = targets.map(() => []);
  for (const target of targets) await docsTimeToShow(target, served);
  for (let round = 0; round < DOCS_LOADS; round += 1)
    for (const [index, target] of targets.entries()) times[index].push(await docsTimeToShow(target, served));
  const medians = times.map((loads) => ({
    title: median(loads.map((load) => load.title)),
    operation: median(loads.map((load) => load.operation)),
  }));
  const row = times.map(
    (loads, index) =>
      `first operation: median ${Math.round(medians[index].operation)} ms ` +
      `(${loads.map((load) => Math.round(load.operation)).join(", ")}); the "${DOCS_TITLE}" title: ` +
      `median ${Math.round(medians[index].title)} ms`,
  );
  if (targets.length === 2)
    row[1] +=
      `; after/before ${(medians[1].operation / medians[0].operation).toFixed(2)} ` +
      `(title ${(medians[1].title / medians[0].title).toFixed(2)})`;
  return row;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

async function main(): Promise<void> {
  const bases = options("base");
  if (bases.length === 0) throw new Error("give --base http://127.0.0.1:PORT (twice for before and after)");
  const tokens = options("token");
  const pids = options("pid").map(Number);
  const targets: Target[] = bases.map((base, index) => ({ base, token: tokens[index], pid: pids[index] }));
  browser = await chromium.launch({
    executablePath: findChromium() ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const results = new Map<string, string[]>();
  try {
    for (const target of targets) await signIn(target);
    const chosen = ITEMS.filter((item) => ONLY.length === 0 || ONLY.includes(item.id));
    // Item 21's figure is taken after every other item has walked the pages.
    for (const item of [
      ...chosen.filter((entry) => entry.id !== "21"),
      ...chosen.filter((entry) => entry.id === "21"),
    ]) {
      const row: string[] = [];
      for (const target of targets) {
        const started = Date.now();
        const figure = await item
          .run(target)
          .catch(
            (error: unknown) => `n/a (${clip(error instanceof Error ? error.message : String(error), 120)})`,
          );
        console.error(
          `[polish-items] ${item.id} on ${target.base}: ${((Date.now() - started) / 1000).toFixed(1)} s`,
        );
        row.push(figure);
        if (targets.length === 1) console.log(`${item.id} ${item.title}: ${figure}`);
      }
      results.set(`${item.id} ${item.title}`, row);
    }

    if (ONLY.length === 0 || ONLY.includes("11t")) {
      // Each server's own document; then, with --docs-document, that one file served to every
      // base in place of /api/v2/openapi.json, so a larger document does not count as the page.
      const documents: Array<{ name: string; body?: string }> = [{ name: "own document" }];
      const file = options("docs-document")[0];
      if (file)
        documents.push({ name: `${path.basename(file)} served to both`, body: readFileSync(file, "utf8") });
      for (const document of documents) {
        const row = await docsTimes(targets, document.body);
        results.set(
          `11 /docs time-to-show (${document.name}), ${DOCS_LOADS} fresh loads each, alternating`,
          row,
        );
        if (targets.length === 1) console.log(`11 /docs time-to-show (${document.name}): ${row[0]}`);
      }
    }
  } finally {
    await browser.close();
  }

  if (targets.length > 1) {
    console.log(`| item | ${targets.map((target) => target.base).join(" | ")} |`);
    console.log(`| --- | ${targets.map(() => "---").join(" | ")} |`);
    for (const [item, row] of results)
      console.log(`| ${item} | ${row.map((cell) => cell.replace(/\|/g, "\\|")).join(" | ")} |`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`polish-items failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
