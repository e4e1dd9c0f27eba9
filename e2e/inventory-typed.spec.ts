import { expect, test } from "@playwright/test";
import { demoToken, laptopOnly, openAs, users } from "./helpers";

// Numbers as people copy them into the search: "+44 (0)20 …" with the trunk zero finds the
// number, and a start that no number of the chosen country can have says why, beside the field.
// At 1366×768: nothing here depends on the viewport.
test(
  "a number typed as +44 (0)20 … is found, and a start from another country says why",
  laptopOnly,
  async ({ page, request }) => {
    const found = await request.get("/api/v2/inventory/GB?starts_with=20&limit=1", {
      headers: { authorization: `Bearer ${demoToken()}` },
    });
    const [{ number_e164: number }] = (await found.json()) as Array<{ number_e164: string }>;
    const rest = number.slice(3); // "20…"
    const typed = `+44 (0)${rest.slice(0, 2)} ${rest.slice(2, 6)} ${rest.slice(6)}`;

    await openAs(page, users.acmeCustomer, "/inventory?country=GB");
    await page.getByLabel("Contains").fill(typed);
    await page.getByRole("button", { name: "Search numbers", exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("contains") === `+440${rest}`);
    await expect(page.getByTestId("result-count")).toHaveText("· 1 number");
    await expect(page.getByTestId("inventory-row")).toHaveCount(1);
    await expect(page.getByTestId("inventory-row")).toContainText(rest.slice(-4));

    await page.getByLabel("Contains").fill("");
    await page.getByLabel("Starts with").fill("+1 212");
    await page.getByRole("button", { name: "Search numbers", exact: true }).click();
    await expect(
      page.getByText("starts_with +1212 cannot match: numbers of United Kingdom all start with +44"),
    ).toBeVisible();
    await expect(page.getByLabel("Starts with")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Fix the filters to search")).toBeVisible();
  },
);
