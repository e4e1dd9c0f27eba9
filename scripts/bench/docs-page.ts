// npx tsx scripts/bench/docs-page.ts [--base http://127.0.0.1:3540] [--loads 5] [--path /docs]
//   [--heading "List the countries numbers are sold in"] [--anonymous] [--document openapi.json]
//   [--try-it]
//
// /docs's time to show, against a server already running (`npm start`; nothing is built here):
// --loads fresh browser contexts (a first visit: nothing cached) at 1366×768 in Debian's
// Chromium, each timed from navigation start to the first operation's heading visible; prints
// each load and the median. Signed in as the demo customer (the session is made once, before
// the loads), or not with --anonymous. --document serves that file in place of the full
// OpenAPI document (/api/v2/openapi.json) for a page that reads it; --try-it also times
// navigation start to the request client open, the first "Test Request" clicked as soon as it
// takes clicks. Prints figures (also to data/bench/), asserts nothing. measureDocsPage() is the
// same for scripts/bench/run.ts and others.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContextOptions } from "@playwright/test";
import { findChromium } from "@/scripts/ensure-browser";
import { loadAverage } from "@/scripts/bench/report";
import { projectRoot } from "@/scripts/bench/processes";

export type DocsPageOptions = {
  base: string;
  loads?: number;
  path?: string;
  heading?: string;
  /** Credentials to sign in with first (the demo customer's by default); null: not signed in. */
  signIn?: { email: string; password: string } | null;
  /** Served in place of /api/v2/openapi.json (the body of an OpenAPI document). */
  document?: string;
  /**
   * Also time "try it": navigation start to the request client's dialog visible, the first
   * operation's Test Request clicked as soon as it takes clicks.
   */
  tryIt?: boolean;
  /** A browser to reuse; one is launched (and closed) otherwise. */
  browser?: Browser;
};

export type DocsPageResult = {
  loads: number[];
  median: number;
  /** With tryIt: each load's navigation start to the request client open, and their median. */
  tryIt?: { loads: number[]; median: number };
};

const DEFAULT_HEADING = "List the countries numbers are sold in";
const DEMO = { email: "customer@acme.example", password: "demo-password-2026" };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: findChromium() ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

async function sessionOf(
  browser: Browser,
  base: string,
  credentials: { email: string; password: string },
): Promise<BrowserContextOptions["storageState"]> {
  const context = await browser.newContext({ baseURL: base });
  try {
    const page = await context.newPage();
    await page.goto("/sign-in?callbackUrl=%2Finventory");
    await page.getByLabel("Email").fill(credentials.email);
    await page.getByLabel("Password").fill(credentials.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/inventory/);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * Looks for the heading every animation frame from the document's creation (so before its first
 * paint) and keeps the moment it is laid out. A plain script, not a function: the name helpers
 * tsx adds to functions (__name) do not exist in the page.
 */
function watchFor(heading: string): string {
  return `(() => {
    const heading = ${JSON.stringify(heading)};
    function check() {
      for (const element of document.querySelectorAll("h1, h2, h3, h4, h5, h6, [role=heading]")) {
        if (element.getBoundingClientRect().height === 0) continue;
        if ((element.textContent || "").replace(/\\s+/g, " ").trim().startsWith(heading)) {
          window.__docsShown = performance.now();
          return;
        }
      }
      requestAnimationFrame(check);
    }
    requestAnimationFrame(check);
  })();`;
}

/** Milliseconds from navigation start to the heading visible (and click to client), in a fresh context. */
async function oneLoad(
  browser: Browser,
  options: {
    base: string;
    path: string;
    heading: string;
    storageState: BrowserContextOptions["storageState"];
    document?: string;
    tryIt?: boolean;
  },
): Promise<{ shown: number; tryIt?: number }> {
  const context = await browser.newContext({
    baseURL: options.base,
    viewport: { width: 1366, height: 768 },
    storageState: options.storageState,
  });
  try {
    const served = options.document;
    if (served !== undefined)
      await context.route("**/api/v2/openapi.json", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: served }),
      );
    await context.addInitScript({ content: watchFor(options.heading) });
    const page = await context.newPage();
    await page.goto(options.path, { waitUntil: "commit" });
    const shown = await page.waitForFunction(
      () => (window as unknown as { __docsShown?: number }).__docsShown,
      undefined,
      { timeout: 120_000 },
    );
    const result: { shown: number; tryIt?: number } = { shown: (await shown.jsonValue()) as number };
    if (options.tryIt) {
      // Clicked as soon as the button takes clicks (Playwright waits for it to be enabled).
      await page
        .getByRole("button", { name: /^Test Request/ })
        .first()
        .click({ timeout: 120_000 });
      await page.getByRole("dialog").waitFor({ timeout: 120_000 });
      result.tryIt = await page.evaluate(() => performance.now());
    }
    return result;
  } finally {
    await context.close();
  }
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One load to warm the server (not counted), then `loads` fresh loads one after another. */
export async function measureDocsPage(options: DocsPageOptions): Promise<DocsPageResult> {
  const browser = options.browser ?? (await launchChromium());
  try {
    const credentials = options.signIn === undefined ? DEMO : options.signIn;
    const storageState = credentials ? await sessionOf(browser, options.base, credentials) : undefined;
    const load = () =>
      oneLoad(browser, {
        base: options.base,
        path: options.path ?? "/docs",
        heading: options.heading ?? DEFAULT_HEADING,
        storageState,
        document: options.document,
        tryIt: options.tryIt,
      });
    await load();
    const loads: Array<{ shown: number; tryIt?: number }> = [];
    for (let index = 0; index < (options.loads ?? 5); index += 1) loads.push(await load());
    const shown = loads.map((load) => load.shown);
    const result: DocsPageResult = { loads: shown, median: median(shown) };
    if (options.tryIt) {
      const clicks = loads.map((load) => load.tryIt ?? NaN);
      result.tryIt = { loads: clicks, median: median(clicks) };
    }
    return result;
  } finally {
    if (!options.browser) await browser.close();
  }
}

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function main(): Promise<void> {
  const base = option("base") ?? "http://127.0.0.1:3540";
  const pagePath = option("path") ?? "/docs";
  const heading = option("heading") ?? DEFAULT_HEADING;
  const file = option("document");
  const result = await measureDocsPage({
    base,
    loads: Number(option("loads") ?? 5),
    path: pagePath,
    heading,
    signIn: process.argv.includes("--anonymous") ? null : DEMO,
    document: file ? readFileSync(file, "utf8") : undefined,
    tryIt: process.argv.includes("--try-it"),
  });
  const lines = [
    `${base}${pagePath} to "${heading}" visible, ${result.loads.length} fresh loads at 1366×768` +
      `${file ? ` (${path.basename(file)} served as the document)` : ""}; load average ${loadAverage()}:`,
    ...result.loads.map((time, index) => `  load ${index + 1}: ${Math.round(time)} ms`),
    `  median: ${Math.round(result.median)} ms`,
  ];
  if (result.tryIt)
    lines.push(
      `  to the request client open (Test Request clicked once it takes clicks): ` +
        `${result.tryIt.loads.map(Math.round).join(", ")} ms; median ${Math.round(result.tryIt.median)} ms`,
    );
  const output = lines.join("\n");
  console.log(output);
  const dir = path.join(projectRoot, "data", "bench");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `docs-page-${new Date().toISOString().replace(/[:.]/g, "-")}.txt`),
    `${output}\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename))
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`docs-page failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
