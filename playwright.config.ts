import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { findChromium } from "./scripts/ensure-browser";

// The browser suites run against a production build served by `npm start` on a throwaway
// embedded database, so they see exactly what a person running the README would.
// E2E_BASE_URL (with E2E_DATA_DIR beside its database) points them at a server already
// running instead, for working on the specs.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), "numbers-e2e-"));
process.env.E2E_DATA_DIR = dataDir;
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // One server, one database: specs run one after another so purchases do not race.
  workers: 1,
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: external ?? `http://localhost:${port}`,
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
  // Every spec at a laptop's 1366×768; the page tour, the phone spec and the pages that are
  // phone-first from the start (webhooks, the rule viewer and editor, porting) again at 390×844.
  projects: [
    { name: "desktop", use: { viewport: { width: 1366, height: 768 } }, testIgnore: /phone\.spec\.ts/ },
    {
      name: "mobile",
      use: { viewport: { width: 390, height: 844 }, hasTouch: true },
      testMatch:
        /(pages|phone|porting(-cancel)?|billing|cart-holds|webhooks|rules|rule-editor|roles|security|audit|signup|members|fleet|compliance|docs-public|inventory-typed|loa-sign|sso(-[\w-]+)?)\.spec\.ts/,
    },
  ],
  webServer: external
    ? undefined
    : {
        command: "npm run build && npm start",
        url: `http://localhost:${port}/api/v2/destinations/US/local`,
        timeout: 900_000,
        reuseExistingServer: false,
        stdout: "pipe",
        env: {
          PORT: String(port),
          PGLITE_DATA_DIR: path.join(dataDir, "pglite"),
          NEXT_TELEMETRY_DISABLED: "1",
          LOG_LEVEL: "error",
          // e2e/webhooks.spec.ts's receiver listens on 127.0.0.1 over plain http: allowed only
          // with this switch, and only for loopback addresses (docs/CONTRACT.md §14).
          WEBHOOKS_ALLOW_HTTP: "1",
          // e2e/signup.spec.ts runs a real SMTP server here and follows the links it receives.
          SMTP_URL: `smtp://127.0.0.1:${port + 25}`,
          // The specs buy many numbers: a new billing account's limit no order here reaches.
          BILLING_DEFAULT_CREDIT_LIMIT: "100000000.00",
          // e2e/porting.spec.ts waits for the carrier driver to activate numbers at an FOC moments away.
          PORTING_CARRIER_EVERY_MS: "1000",
        },
      },
});
