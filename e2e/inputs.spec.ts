import { expect, test, type Page } from "@playwright/test";
import { openAs, users } from "./helpers";

// Every text-like control is styled, whatever its type. Before, untyped,
// url and time inputs missed the stylesheet: 21–24 px tall with 13 px text, small targets on a
// phone where iOS also zooms into anything under 16 px.

type Problem = { control: string; fontSize: number; height: number };

/** Every visible input (but checkboxes, radios and the like), select and textarea that misses the sizes. */
async function undersized(page: Page, minFont: number, minHeight: number): Promise<Problem[]> {
  return page.evaluate(
    ({ minFont, minHeight }) => {
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
      const controls = [...document.querySelectorAll<HTMLElement>("input, select, textarea")].filter(
        (element) => !(element instanceof HTMLInputElement && skipped.has(element.type)),
      );
      return controls
        .filter(
          (element) =>
            element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden",
        )
        .map((element) => {
          const label = element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null;
          return {
            control: `${element.tagName.toLowerCase()}[type=${element.getAttribute("type") ?? ""}] ${label ?? element.getAttribute("aria-label") ?? ""}`,
            fontSize: parseFloat(getComputedStyle(element).fontSize),
            height: element.getBoundingClientRect().height,
          };
        })
        .filter((found) => found.fontSize < minFont || found.height < minHeight - 0.5);
    },
    { minFont, minHeight },
  );
}

type Visit = { name: string; open: (page: Page) => Promise<void> };

const visits: Visit[] = [
  {
    name: "inventory",
    open: async (page) => {
      await page.goto("/inventory?country=GB&type=local");
      await expect(page.getByTestId("inventory-row").first()).toBeVisible();
    },
  },
  {
    name: "numbers",
    open: async (page) => {
      await page.goto("/numbers");
      await expect(page.getByTestId("number-row").first()).toBeVisible();
    },
  },
  {
    // Number name, rule names, forward-to and from/until: the editor's inputs.
    name: "rule editor",
    open: async (page) => {
      await page.goto("/numbers/num_acme_main");
      await page.getByRole("button", { name: /Edit rules|Set up rules/ }).click();
      await expect(page.getByRole("button", { name: "Save changes" })).toBeVisible();
      // rules-ui's inputs are among those measured: the destination field and the zoned time picker.
      await expect(page.getByLabel(/^Forward (calls )?to/).first()).toBeVisible();
      await expect(page.getByLabel(/^Show calls at/)).toBeVisible();
    },
  },
  {
    name: "tokens, with an expiry date",
    open: async (page) => {
      await page.goto("/tokens");
      await page.getByLabel("Expires").selectOption("custom");
      await expect(page.getByLabel("Expiry date")).toBeVisible();
    },
  },
  {
    name: "webhooks",
    open: async (page) => {
      await page.goto("/webhooks");
      await expect(page.getByLabel("Address (URL)")).toBeVisible();
    },
  },
];

const sizes = [
  // A laptop: readable text and a comfortable target.
  { name: "1366×768", viewport: { width: 1366, height: 768 }, hasTouch: false, minFont: 14, minHeight: 36 },
  // A phone: 16 px so iOS does not zoom, 44 px touch targets.
  { name: "390×844", viewport: { width: 390, height: 844 }, hasTouch: true, minFont: 16, minHeight: 44 },
];

for (const size of sizes) {
  test.describe(`inputs at ${size.name}`, () => {
    test.use({ viewport: size.viewport, hasTouch: size.hasTouch });

    test(`every text input, select and textarea is at least ${size.minFont} px text and ${size.minHeight} px tall`, async ({
      page,
    }) => {
      await openAs(page, users.acmeCustomer, "/inventory");
      const problems: Record<string, Problem[]> = {};
      for (const visit of visits) {
        await visit.open(page);
        const found = await undersized(page, size.minFont, size.minHeight);
        if (found.length > 0) problems[visit.name] = found;
      }
      expect(problems).toEqual({});
    });
  });
}
