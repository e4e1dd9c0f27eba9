// What the steps of bench:memory's walk (scripts/bench/portal-walk.ts) share: the expect they
// wait with, opening a page, signing in, and reading the emails `npm start` sends.
import { readFileSync } from "node:fs";
import { expect as baseExpect, type Page } from "@playwright/test";

export type Person = { email: string; password: string };

// A loaded two-core machine answers slowly; the walk measures memory, not speed.
export const expect = baseExpect.configure({ timeout: 30_000 });

export type WalkContext = {
  baseURL: string;
  /** The path (and query) of the newest link under `path` in an email to `to`, once it was sent. */
  emailLink: (to: string, path: string) => Promise<string>;
  /** The port order the wizard submitted, for the pages that show it afterwards. */
  portOrderId?: string;
};

export type WalkStep = { name: string; run: (page: Page, context: WalkContext) => Promise<void> };

/** Opens a page and waits until it shows its heading and has loaded what it asks for. */
export async function visit(page: Page, url: string, heading: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole("heading", { name: heading, exact: true }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/** Signs in through the form from `url`, and waits to be sent back there. */
export async function signIn(page: Page, url: string, person: Person): Promise<void> {
  await page.goto(url);
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  await page.getByLabel("Email").fill(person.email);
  await page.getByLabel("Password").fill(person.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((at) => decodeURIComponent(`${at.pathname}${at.search}`) === url);
}

/** Same-origin requests from the page, as its own scripts send them (the API checks Origin). */
export const sameOrigin = (page: Page) => ({ origin: new URL(page.url()).origin });

/**
 * The emailed links in the log of a server without SMTP_URL: lib/email/send.ts writes each
 * message there as one JSON line, and `npm start`'s stdout goes to `logFile`.
 */
export function linksInLog(logFile: string): WalkContext["emailLink"] {
  return async (to, path) => {
    let link = "";
    await expect
      .poll(
        () => {
          link = newestLink(readFileSync(logFile, "utf8"), to, path) ?? "";
          return link;
        },
        { message: `an email to ${to} with a link to ${path}` },
      )
      .not.toBe("");
    return link;
  };
}

function newestLink(log: string, to: string, path: string): string | null {
  let found: string | null = null;
  for (const line of log.split("\n")) {
    if (!line.includes('"email":')) continue;
    let entry: { email?: { to?: string; text?: string } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (entry.email?.to !== to) continue;
    for (const [href] of (entry.email.text ?? "").matchAll(/https?:\/\/\S+/g)) {
      const url = new URL(href);
      if (url.pathname.startsWith(path)) found = `${url.pathname}${url.search}`;
    }
  }
  return found;
}
