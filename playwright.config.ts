import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/ensure-browser";

// The browser suites run against a production build served by `npm start` on a throwaway
// embedded database, so they see exactly what a person running the README would.
// E2E_BASE_URL (with E2E_DATA_DIR beside its database) points them at a server already
// running instead, for working on the specs: then every project uses it, one spec at a time.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "numbers-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
const external = process.env.E2E_BASE_URL;

// Three servers of the one build, each on its own copy of one freshly seeded database: one for
// each desktop project (E2E_PORT, E2E_PORT + 2) and one for the mobile project (E2E_PORT + 1).
// A project runs its specs one after another, since they buy from the same inventory and change
// the same demo organizations; projects on data of their own run side by side. The seeded
// database is kept unused in `pristine`: the servers start on copies of it, and so do the specs
// that start an instance of their own (e2e/own-instance.ts).
const pristine = path.join(dataDir, "pristine");
const local = (serverPort: number) => `http://localhost:${serverPort}`;
const servers = {
  desktop: { port, dir: dataDir },
  mobile: { port: port + 1, dir: path.join(dataDir, "mobile") },
  numbers: { port: port + 2, dir: path.join(dataDir, "numbers") },
};
const baseURL = (name: keyof typeof servers) => external ?? local(servers[name].port);

/** `npm start` on a copy of the pristine database in `dir`, after `before` (the build, or nothing). */
function server(serverPort: number, dir: string, before: string[]) {
  return {
    command: [...before, `mkdir -p "${dir}"`, `cp -a "${pristine}/." "${dir}/"`, "npm start"].join(" && "),
    url: `${local(serverPort)}/api/v2/destinations/US/local`,
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: "pipe" as const,
    env: {
      PORT: String(serverPort),
      PGLITE_DATA_DIR: path.join(dir, "pglite"),
      NEXT_TELEMETRY_DISABLED: "1",
      LOG_LEVEL: "error",
      // e2e/webhooks.spec.ts's receiver listens on 127.0.0.1 over plain http: allowed only
      // with this switch, and only for loopback addresses (docs/CONTRACT.md §14).
      WEBHOOKS_ALLOW_HTTP: "1",
      // e2e/signup.spec.ts and the other specs that follow emailed links run a real SMTP server
      // here (portBeside in e2e/helpers.ts).
      SMTP_URL: `smtp://127.0.0.1:${serverPort + 25}`,
      // The specs buy many numbers: a new billing account's limit no order here reaches.
      BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00",
      // e2e/porting.spec.ts waits for the carrier driver to activate numbers at an FOC moments away.
      PORTING_CARRIER_EVERY_MS: "1000",
    },
  };
}

const laptop = { viewport: { width: 1366, height: 768 } };
const phone = { viewport: { width: 390, height: 844 }, hasTouch: true };
/** The specs that start instances of their own (e2e/own-instance.ts) and touch no server's data. */
const ownInstances = /(operations|metrics-port|porting-cancel)\.spec\.ts/;
/** A number's life after it is bought: its rules, the fleet, porting in, its documents. */
const numbersSpecs = /(rules|rule-editor|fleet|porting|loa-sign|compliance)\.spec\.ts/;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // Two at a time, each on a server of its own (or the own-instance specs); one against a server
  // already running, whose data every project shares.
  workers: external ? 1 : 2,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      // The system's Chromium (scripts/ensure-browser.ts checks it is there), not a download.
      executablePath: findChromium() ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  // Every spec at a laptop's 1366×768. At 390×844, the page tour and the phone spec, and the
  // tests of the pages that are phone-first from the start (webhooks, the rule viewer and editor,
  // porting, compliance, …) whose checks depend on the viewport: the layout (nothing scrolls
  // sideways, a control in view, the menu) and the walk-throughs a phone takes. A test whose
  // checks the laptop run makes and a phone would only repeat is tagged @laptop-only.
  projects: [
    {
      name: "desktop",
      use: { ...laptop, baseURL: baseURL("desktop") },
      testIgnore: [/phone\.spec\.ts/, ownInstances, numbersSpecs],
      workers: 1,
    },
    {
      // The same, split off to its own server so that it runs beside the rest.
      name: "desktop-numbers",
      use: { ...laptop, baseURL: baseURL("numbers") },
      testMatch: numbersSpecs,
      workers: 1,
    },
    {
      name: "mobile",
      use: { ...phone, baseURL: baseURL("mobile") },
      testMatch:
        /(pages|phone|porting|billing|cart-holds|webhooks|rules|rule-editor|roles|security|audit|signup|members|fleet|compliance|docs-public|inventory-typed|loa-sign|sso(-[\w-]+)?)\.spec\.ts/,
      grepInvert: /@laptop-only/,
      workers: 1,
    },
    {
      name: "own-instance",
      use: { ...laptop, baseURL: baseURL("desktop") },
      testMatch: ownInstances,
      workers: 1,
    },
  ],
  webServer: external
    ? undefined
    : [
        // The build, then the demo database seeded once into `pristine`, then the first server.
        server(servers.desktop.port, servers.desktop.dir, [
          "npm run build",
          `PGLITE_DATA_DIR="${path.join(pristine, "pglite")}" npx tsx scripts/prepare-db.ts`,
        ]),
        // Playwright starts these once the one before is up: the build and `pristine` are there.
        server(servers.mobile.port, servers.mobile.dir, []),
        server(servers.numbers.port, servers.numbers.dir, []),
      ],
});
