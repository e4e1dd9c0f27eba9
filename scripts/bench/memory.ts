// npm run bench:memory [-- --port <n> --limit-mb <n> --rebuild]
//
// The memory `npm start` costs on the embedded database (PGlite) after a person's walk through
// the portal: starts `npm start` on a fresh PGLITE_DATA_DIR, waits until it serves, walks every
// portal page in Debian's Chromium as the demo customer would (sign in, search, compare
// products, fill the cart, check out, numbers, a number's rules and editor, orders, tokens,
// webhooks, docs, pending numbers, compliance, members, security, the audit log; then support's
// review queue as the demo support person), and samples the resident set of every process below npm every 250 ms
// (/proc). Prints each process after start-up, after the walk and at its peak, and exits 1
// when the tree after the walk is at or over --limit-mb (default 400), the target of docs/PERFORMANCE.md.
// BENCH_APP_DIR serves another work tree's build (a "before" run); --rebuild builds first.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, expect as baseExpect, type Page } from "@playwright/test";
import { findChromium } from "@/scripts/ensure-browser";
import {
  prepareBuild,
  stopServer,
  treeRssByProcess,
  waitUntilReady,
  type Server,
} from "@/scripts/bench/processes";

const log = (line: string) => console.error(`[bench:memory] ${line}`);
const DEMO = { email: "customer@acme.example", password: "demo-password-2026" };
const SUPPORT = { email: "support@numbers.example", password: "demo-password-2026" };
const MB = 1024 * 1024;
// A loaded two-core machine answers slowly; the walk measures memory, not speed.
const expect = baseExpect.configure({ timeout: 30_000 });

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  if (index === -1) return fallback;
  const value = Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} needs a positive number`);
  return value;
}

/** The walk, one step a row: what a person does, and what shows it is done. New pages go here. */
const WALK: Array<{ name: string; run: (page: Page) => Promise<void> }> = [
  {
    name: "sign in",
    run: async (page) => {
      await signIn(page, "/inventory", DEMO);
    },
  },
  {
    name: "search inventory",
    run: async (page) => {
      const filters = page.getByRole("form", { name: "Search numbers" });
      await filters.getByLabel("Country").selectOption("GB");
      await filters.getByLabel("Number type").selectOption("local");
      await filters.getByRole("button", { name: "Search numbers" }).click();
      await expect(page.getByTestId("inventory-row").first()).toBeVisible();
      await page.getByRole("button", { name: "Next →" }).click();
      await expect(page).toHaveURL(/offset=/);
      await expect(page.getByTestId("inventory-row").first()).toBeVisible();
    },
  },
  {
    name: "add two numbers to the cart",
    run: async (page) => {
      for (const index of [0, 1])
        await page.getByTestId("inventory-row").nth(index).getByRole("button", { name: /^Add / }).click();
      await expect(page.getByRole("link", { name: /Cart\s*2/ })).toBeVisible();
    },
  },
  {
    name: "compare products and add a region's numbers",
    run: async (page) => {
      await page.goto("/products?country=GB&type=local");
      const row = page.getByTestId("product-row").first();
      await expect(row).toBeVisible();
      await page.getByRole("button", { name: "Monthly", exact: true }).click();
      await row.getByRole("spinbutton").fill("2");
      await row.getByRole("button", { name: /^Add / }).click();
      await expect(row.getByRole("status")).toContainText("added to the cart");
    },
  },
  {
    name: "check out",
    run: async (page) => {
      await page.goto("/cart");
      await expect(page.getByTestId("cart-line").first()).toBeVisible();
      await page.getByLabel("Contact name").fill("Memory Walk");
      await page.getByRole("button", { name: "Place order" }).click();
      await expect(page).toHaveURL(/\/orders\/ORD-[A-Z2-7]{10}/, { timeout: 60_000 });
    },
  },
  {
    name: "numbers",
    run: async (page) => {
      await page.goto("/numbers");
      await expect(page.getByTestId("number-row").first()).toBeVisible();
    },
  },
  {
    name: "a number's rules and editor",
    run: async (page) => {
      await page.goto("/numbers/num_acme_main");
      await expect(page.getByTestId("active-rule")).toBeVisible();
      await page.getByRole("button", { name: /^(Edit|Set up) rules$/ }).click();
      await expect(page.getByRole("heading", { name: "Edit rules" })).toBeVisible();
    },
  },
  {
    name: "orders and an order",
    run: async (page) => {
      await page.goto("/orders");
      const first = page.getByRole("link", { name: /^ORD-/ }).first();
      await expect(first).toBeVisible();
      await first.click();
      await expect(page).toHaveURL(/\/orders\/ORD-/);
      await expect(page.getByRole("term").filter({ hasText: /^Status$/ })).toBeVisible();
    },
  },
  {
    name: "tokens",
    run: async (page) => {
      await page.goto("/tokens");
      await expect(page.getByTestId("token-row").first()).toBeVisible();
    },
  },
  {
    name: "webhooks",
    run: async (page) => {
      await page.goto("/webhooks");
      await expect(page.getByRole("heading", { name: "Add an endpoint" })).toBeVisible();
    },
  },
  {
    name: "docs",
    run: async (page) => {
      await page.goto("/docs");
      await expect(page.getByRole("heading", { name: "API documentation" })).toBeVisible();
    },
  },
  ...(
    [
      ["numbers waiting for documents", "/numbers?status=pending_documents", "Numbers and extensions"],
      ["compliance", "/compliance", "Compliance"],
      ["members", "/settings/members", "Members"],
      ["security", "/settings/security", "Two-factor sign-in"],
      ["audit log", "/audit", "Audit log"],
    ] as const
  ).map(([name, url, heading]) => ({ name, run: (page: Page) => visit(page, url, heading) })),
  {
    name: "support: the compliance review queue",
    run: async (page) => {
      await page.context().clearCookies();
      await signIn(page, "/compliance/review", SUPPORT);
      await visit(page, "/compliance/review", "Compliance review");
    },
  },
];

/** Opens a page and waits until it shows its heading and has loaded what it asks for. */
async function visit(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("heading", { name: heading, exact: true }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

async function signIn(page: Page, url: string, person: { email: string; password: string }): Promise<void> {
  await page.goto(url);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(new RegExp(`${url.replaceAll("/", "\\/")}$`));
}

type Sample = Array<{ name: string; rss: number }>;

/** The tree's processes by name (/proc comm) with their largest resident set, sampled on a timer. */
class TreeSampler {
  readonly peaks = new Map<string, { name: string; rss: number }>();
  peakTotal = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly root: number) {}

  sample(): Sample {
    const processes = treeRssByProcess(this.root);
    const total = processes.reduce((sum, entry) => sum + entry.rss, 0);
    this.peakTotal = Math.max(this.peakTotal, total);
    for (const entry of processes) {
      const known = this.peaks.get(entry.name);
      if (!known || known.rss < entry.rss) this.peaks.set(entry.name, { name: entry.name, rss: entry.rss });
    }
    return processes;
  }

  start(intervalMs = 250): void {
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Forgets the peaks so far: the preparation (migrations, seed) runs before the server does. */
  reset(): void {
    this.peaks.clear();
    this.peakTotal = 0;
  }
}

const mb = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const list = (processes: Array<{ name: string; rss: number }>) =>
  processes.map((entry) => `${entry.name} ${mb(entry.rss)}`).join(", ");
const describe = (processes: Array<{ name: string; rss: number }>) =>
  `${mb(processes.reduce((sum, entry) => sum + entry.rss, 0))}: ` +
  processes.map((entry) => `${entry.name} ${mb(entry.rss)}`).join(" + ");

/** `npm start` as a user runs it, in its own process group so a stop reaches all of it. */
function startNpm(appDir: string, port: number, dataDir: string): Server {
  const stdoutFile = path.join(os.tmpdir(), `numbers-bench-memory-${port}.log`);
  const stdout = openSync(stdoutFile, "w");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    PORT: String(port),
    PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
    NEXTAUTH_URL: `http://127.0.0.1:${port}`,
    // The benchmark buys numbers: a new billing account's limit no order of it reaches.
    BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00",
  };
  // The embedded database, whatever the calling shell points at.
  delete env.DATABASE_URL;
  const child = spawn("npm", ["start", "--", "-H", "127.0.0.1"], {
    cwd: appDir,
    env,
    stdio: ["ignore", stdout, "pipe"],
    detached: true,
  });
  closeSync(stdout);
  const output: string[] = [`(stdout in ${stdoutFile})`];
  child.stderr?.on("data", (chunk: Buffer) => output.push(...chunk.toString().split("\n").filter(Boolean)));
  return { name: `npm start :${port}`, url: `http://127.0.0.1:${port}`, process: child, output };
}

async function walk(baseURL: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: findChromium() ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    const page = await browser.newPage({ baseURL, viewport: { width: 1366, height: 768 } });
    const started = Date.now();
    for (const step of WALK) {
      const stepStarted = Date.now();
      try {
        await step.run(page);
        await page.waitForLoadState("networkidle");
      } catch (error) {
        const shown = (
          await page
            .locator("main")
            .first()
            .innerText()
            .catch(() => "")
        ).slice(0, 400);
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `walk step "${step.name}" failed on ${page.url()}: ${reason}\nThe page showed: ${shown}`,
        );
      }
      log(`  ${step.name}: ${Date.now() - stepStarted} ms`);
    }
    return Date.now() - started;
  } finally {
    await browser.close();
  }
}

async function main(): Promise<number> {
  const port = option("port", 3120);
  const limit = option("limit-mb", 400) * MB;
  const appDir = prepareBuild({ snapshot: false, rebuild: process.argv.includes("--rebuild"), log });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "numbers-bench-memory-"));
  const server = startNpm(appDir, port, dataDir);
  const sampler = new TreeSampler(server.process.pid!);
  sampler.start();
  try {
    const starting = Date.now();
    await waitUntilReady(server, "/api/health", {}, 600_000);
    log(`serving on :${port} after ${((Date.now() - starting) / 1000).toFixed(1)} s (app ${appDir})`);
    const preparation = { peaks: [...sampler.peaks.values()], total: sampler.peakTotal };
    sampler.reset();
    const afterStart = sampler.sample();
    const walkMs = await walk(server.url);
    // A moment for what the last page started to finish; the figure is what stays resident.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const afterWalk = sampler.sample();
    sampler.stop();
    const afterWalkTotal = afterWalk.reduce((sum, entry) => sum + entry.rss, 0);
    const peaks = [...sampler.peaks.values()];
    console.log(
      [
        `Memory of the \`npm start\` tree on PGlite (fresh database, port ${port}), ${new Date().toISOString()}`,
        `After start-up: ${describe(afterStart)}`,
        `After the walk (${WALK.length} steps, ${(walkMs / 1000).toFixed(1)} s): ${describe(afterWalk)}`,
        `Peak while serving: the tree ${mb(sampler.peakTotal)}; each process ${list(peaks)}`,
        `Peak while preparing (migrations, seed; before the server): the tree ${mb(preparation.total)}; ` +
          `each process ${list(preparation.peaks)}`,
        `Limit ${mb(limit)} after the walk: ${afterWalkTotal < limit ? "met" : "MISSED"}`,
      ].join("\n"),
    );
    return afterWalkTotal < limit ? 0 : 1;
  } finally {
    sampler.stop();
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`bench:memory failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
