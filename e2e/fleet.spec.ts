import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import {
  demoToken,
  expectAccessible,
  expectNoHorizontalScroll,
  laptopOnly,
  openAs,
  signIn,
  users,
} from "./helpers";

// A customer's fleet of numbers in the portal — a release said in words
// (until when it can be restored, which rules dial it) and undone, a bulk tag job followed to
// its end across a reload, and the CSV of a filtered list. Every test buys its own numbers and
// releases them at its end, so the demo's lists are as they were for the other specs.

const auth = () => ({ authorization: `Bearer ${demoToken()}` });

type Bought = { numberId: string; number: string };

/** Buys `quantity` New York numbers for Acme over the API. */
async function buyNewYorkNumbers(request: APIRequestContext, quantity: number): Promise<Bought[]> {
  const order = await request.post("/api/v2/order", {
    headers: auth(),
    data: {
      contact_name: "E2E fleet",
      items: [{ country: "US", number_type: "local", region: "US-NY-NEW_YORK-212", quantity }],
    },
  });
  expect(order.status()).toBe(200);
  const { data } = await order.json();
  const placed = await (await request.get(`/api/v2/orders/${data.reference_id}`, { headers: auth() })).json();
  const numbers: string[] = placed.data.items[0].assigned_numbers;
  expect(numbers).toHaveLength(quantity);
  const found = await (
    await request.get(`/api/v2/numbers?numbers=${encodeURIComponent(numbers.join(","))}`, { headers: auth() })
  ).json();
  return (found.data as { number_id: string; number: string }[]).map((item) => ({
    numberId: item.number_id,
    number: item.number,
  }));
}

/** PUT /numbers/{id} over the API: the stored configuration with `change` applied. */
async function changeNumber(
  request: APIRequestContext,
  numberId: string,
  change: Record<string, unknown>,
): Promise<void> {
  const read = await request.get(`/api/v2/numbers/${numberId}`, { headers: auth() });
  const { data } = await read.json();
  const written = await request.put(`/api/v2/numbers/${numberId}`, {
    headers: { ...auth(), "if-match": read.headers().etag },
    data: { name: data.name, rules: data.rules, ...change },
  });
  expect(written.status(), await written.text()).toBe(200);
}

/** Releases a test's numbers (unlocked, forced), so the default lists no longer show them. */
async function releaseForGood(request: APIRequestContext, bought: Bought[]): Promise<void> {
  for (const { numberId } of bought) {
    const { data } = await (await request.get(`/api/v2/numbers/${numberId}`, { headers: auth() })).json();
    if (data.status === "aging") continue;
    if (data.locked) await changeNumber(request, numberId, { locked: false });
    const read = await request.get(`/api/v2/numbers/${numberId}`, { headers: auth() });
    const released = await request.delete(`/api/v2/numbers/${numberId}?force=true`, {
      headers: { ...auth(), "if-match": read.headers().etag },
    });
    expect(released.status(), await released.text()).toBe(200);
  }
}

/** A date as the portal writes it in this browser: "10 Dec 2026". */
function portalDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (value) => new Intl.DateTimeFormat("en-GB", { dateStyle: "medium" }).format(new Date(value)),
    iso,
  );
}

const uniqueTag = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let bought: Bought[] = [];
test.afterEach(async ({ request }) => {
  await releaseForGood(request, bought);
  bought = [];
});

test("a number a rule dials is released after a warning that names the rule, then restored", async ({
  page,
  request,
}, testInfo) => {
  bought = await buyNewYorkNumbers(request, 2);
  const [released, dialling] = bought;
  await changeNumber(request, dialling.numberId, {
    rules: [
      {
        name: "Send to the other line",
        priority: 1,
        action: { type: "dial", destination: released.number, timeout_sec: 25 },
      },
    ],
  });

  await openAs(page, users.acmeCustomer, `/numbers/${released.numberId}`);
  const lifecycle = page.getByTestId("number-lifecycle");
  await expect(lifecycle.getByTestId("number-status")).toHaveText("Active");
  await expect(lifecycle).toContainText(
    /If you release it, calls to it stop at once\. You can restore it, with its rules, until \d{1,2} [A-Z][a-z]{2} \d{4}/,
  );
  await expectAccessible(page, testInfo, "fleet-number");
  await expectNoHorizontalScroll(page, "a number's page");

  // Locked, it cannot be released: the button says why.
  await lifecycle.getByRole("button", { name: "Lock", exact: true }).click();
  await expect(lifecycle.getByTestId("number-lock")).toHaveText(
    "Locked: it cannot be released until it is unlocked",
  );
  // Focus follows each action to the sentence that says what it did, never to the page.
  const done = lifecycle.getByTestId("lifecycle-done");
  await expect(done).toHaveText(`Locked ${released.number}: it cannot be released until it is unlocked.`);
  await expect(done).toBeFocused();
  await expect(lifecycle.getByRole("button", { name: "Release", exact: true })).toBeDisabled();
  await expect(lifecycle).toContainText("It is locked: unlock it first.");
  await lifecycle.getByRole("button", { name: "Unlock" }).click();
  await expect(lifecycle.getByTestId("number-lock")).toHaveText("Not locked");
  await expect(done).toHaveText(`Unlocked ${released.number}: it can be released again.`);
  await expect(done).toBeFocused();

  await lifecycle.getByRole("button", { name: `Release ${released.number}` }).click();
  await lifecycle
    .getByRole("button", { name: new RegExp(`^Release \\${released.number}, restorable until `) })
    .click();
  const warning = lifecycle.getByTestId("release-referenced");
  await expect(warning).toContainText("A rule of your organization dials this number:");
  await expect(warning.getByRole("listitem")).toHaveText([`“Send to the other line” on ${dialling.number}`]);
  await expect(warning.getByRole("link", { name: dialling.number })).toHaveAttribute(
    "href",
    `/numbers/${dialling.numberId}`,
  );
  await expectAccessible(page, testInfo, "fleet-number-referenced");
  await expectNoHorizontalScroll(page, "a number's page with the rules that dial it");

  await warning.getByRole("button", { name: "Release anyway" }).click();
  await warning.getByRole("button", { name: `Release ${released.number} although rules dial it` }).click();
  await expect(lifecycle.getByTestId("number-status")).toHaveText(/^Released — restorable until /);
  const after = await (await request.get(`/api/v2/numbers/${released.numberId}`, { headers: auth() })).json();
  expect(after.data.status).toBe("aging");
  const until = await portalDate(page, after.data.restorable_until);
  await expect(lifecycle.getByTestId("number-status")).toHaveText(`Released — restorable until ${until}`);
  await expect(lifecycle).toContainText(`Restore it by ${until} to keep it, with its rules as they were.`);
  await expect(done).toHaveText(
    `Released ${released.number}: its calls stopped. Restore it by ${until} to keep it.`,
  );
  await expect(done).toBeFocused();

  await lifecycle.getByRole("button", { name: "Restore" }).click();
  await expect(lifecycle.getByTestId("number-status")).toHaveText("Active");
  await expect(done).toHaveText(`Restored ${released.number}: it is active again, with its rules.`);
  await expect(done).toBeFocused();
  const restored = await (
    await request.get(`/api/v2/numbers/${released.numberId}`, { headers: auth() })
  ).json();
  expect(restored.data).toMatchObject({ status: "active", restorable_until: null });
});

test("a developer sees why a number cannot be released or locked by them", laptopOnly, async ({ page }) => {
  await openAs(page, "developer@acme.example", "/numbers/num_acme_main");
  const lifecycle = page.getByTestId("number-lifecycle");
  const reason =
    "Releasing, restoring and locking numbers needs the owner or admin role; your role is developer.";
  await expect(lifecycle).toContainText(reason);
  for (const name of ["Release", "Lock"]) {
    const button = lifecycle.getByRole("button", { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(reason);
  }
});

test(
  "a developer changes tags in bulk but is told why not locks or releases; a viewer, why not at all",
  laptopOnly,
  async ({ page }) => {
    await signIn(page, "developer@acme.example", "/numbers");
    await page.getByRole("checkbox", { name: /^Select Main line / }).check();
    const bulk = page.getByRole("form", { name: "Change the 1 number selected" });
    await expect(bulk.getByLabel("Action").getByRole("option")).toHaveText(["Add a tag", "Remove a tag"]);
    await expect(bulk).toContainText(
      "Releasing, restoring and locking numbers needs the owner or admin role; your role is developer.",
    );
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/sign-in/);

    await openAs(page, "viewer@acme.example", "/numbers");
    await expect(page.getByTestId("number-row").first()).toBeVisible();
    await expect(
      page.getByText(
        "Changing many numbers at once needs the owner, admin, developer or support role; your role is viewer.",
      ),
    ).toBeVisible();
    await expect(page.getByRole("checkbox")).toHaveCount(0);
  },
);

test("a bulk tag job over a filtered list runs to done, and its progress survives a reload", async ({
  page,
  request,
}, testInfo) => {
  bought = await buyNewYorkNumbers(request, 2);
  const mark = uniqueTag("fleet");
  for (const { numberId } of bought) await changeNumber(request, numberId, { tags: [mark] });

  await openAs(page, users.acmeCustomer, "/numbers");
  await expect(page.getByTestId("number-row").first()).toBeVisible();
  const everyone = await page.getByTestId("number-count").textContent();
  await page.getByLabel("Tags").fill(mark);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get("tag") === mark);
  await expect(page.getByTestId("number-count")).toHaveText("2 numbers matching the filters");
  await expect(page.getByTestId("number-row")).toHaveCount(2);
  // The filter is a step in the history: back shows every number, forward the filter again.
  await page.goBack();
  await expect(page.getByTestId("number-count")).toHaveText(everyone ?? "");
  await expect(page.getByLabel("Tags")).toHaveValue("");
  await page.goForward();
  await expect(page.getByTestId("number-count")).toHaveText("2 numbers matching the filters");
  await expect(page.getByLabel("Tags")).toHaveValue(mark);

  for (const { number } of bought)
    await page.getByRole("checkbox", { name: new RegExp(`\\(\\${number}\\)$`) }).check();
  await expect(page.getByTestId("selection-count")).toHaveText("2 selected");
  const bulk = page.getByRole("form", { name: "Change the 2 numbers selected" });
  await expect(bulk.getByLabel("Action")).toHaveValue("add_tag");
  await bulk.getByLabel("Tag", { exact: true }).fill(`${mark}-bulk`);
  await expectAccessible(page, testInfo, "fleet-bulk");
  await expectNoHorizontalScroll(page, "the numbers with a bulk action");
  await bulk.getByRole("button", { name: "Apply to 2 numbers" }).click();

  await expect(page).toHaveURL((url) => /^job_[0-9a-f]{32}$/.test(url.searchParams.get("job") ?? ""));
  // The worker's pace is the machine's: wait for the job to be completed (its state, from the
  // API) rather than for a time, then for the page, which reads it again each second, to say so.
  const jobId = new URL(page.url()).searchParams.get("job");
  await expect
    .poll(
      async () =>
        (
          (await (await request.get(`/api/v2/jobs/${jobId}`, { headers: auth() })).json()) as {
            data?: { status: string };
          }
        ).data?.status,
      { timeout: 120_000 },
    )
    .toBe("completed");
  const status = page.getByTestId("job-status");
  await expect(status).toHaveText("Changing tags: done — 2 of 2 numbers changed.");
  await expect(page.getByRole("progressbar", { name: "Numbers done" })).toHaveAttribute("value", "2");
  await expect(page.getByTestId("number-row").filter({ hasText: `${mark}-bulk` })).toHaveCount(2);
  for (const { numberId } of bought) {
    const { data } = await (await request.get(`/api/v2/numbers/${numberId}`, { headers: auth() })).json();
    expect(data.tags).toEqual([mark, `${mark}-bulk`]);
  }

  await page.reload();
  await expect(page.getByTestId("job-status")).toHaveText("Changing tags: done — 2 of 2 numbers changed.");
  await expectAccessible(page, testInfo, "fleet-job-done");
  await expectNoHorizontalScroll(page, "the numbers with a finished job");
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(page).toHaveURL((url) => !url.searchParams.has("job") && url.searchParams.get("tag") === mark);
  await expect(page.getByTestId("job-progress")).toHaveCount(0);
});

test("Download CSV gives the filtered numbers, header first", laptopOnly, async ({ page, request }) => {
  bought = await buyNewYorkNumbers(request, 1);
  const [{ number, numberId }] = bought;
  const mark = uniqueTag("csv");
  await changeNumber(request, numberId, { tags: [mark], name: "Fleet CSV line" });

  await openAs(page, users.acmeCustomer, `/numbers?tag=${mark}&sort=name`);
  await expect(page.getByTestId("number-row")).toHaveCount(1);
  await expect(page.getByLabel("Sort by")).toHaveValue("name");
  const link = page.getByRole("link", { name: "Download CSV" });
  await expect(link).toHaveAttribute("href", `/api/v2/numbers?tag=${mark}&sort=name&format=csv`);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("numbers.csv");
  const lines = readFileSync((await download.path()) ?? "", "utf8")
    .trimEnd()
    .split("\r\n");
  expect(lines[0]).toBe(
    "number,name,status,country,number_type,region,tags,purchased_at,monthly_fee,rule_count",
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toMatch(
    new RegExp(
      `^\\${number},Fleet CSV line,active,US,local,US-NY-NEW_YORK-212,${mark},\\d{4}-\\d\\d-\\d\\dT[^,]+,\\d+\\.\\d\\d,0$`,
    ),
  );
});

test("after a bulk release the list says what happened and links to the released numbers, each with Restore", async ({
  page,
  request,
}, testInfo) => {
  bought = await buyNewYorkNumbers(request, 2);
  const mark = uniqueTag("release");
  for (const { numberId } of bought) await changeNumber(request, numberId, { tags: [mark] });

  await openAs(page, users.acmeCustomer, `/numbers?tag=${mark}`);
  await expect(page.getByTestId("number-row")).toHaveCount(2);
  for (const { number } of bought)
    await page.getByRole("checkbox", { name: new RegExp(`\\(\\${number}\\)$`) }).check();
  const bulk = page.getByRole("form", { name: "Change the 2 numbers selected" });
  await bulk.getByLabel("Action").selectOption("release");
  await bulk.getByRole("button", { name: "Release 2 numbers" }).click();
  await bulk.getByRole("button", { name: "Yes, release 2 numbers" }).click();
  await expect(page.getByTestId("job-status")).toHaveText("Releasing: done — 2 of 2 numbers changed.", {
    timeout: 30_000,
  });

  // Not "Nothing found": the list says the numbers were released and where they are.
  const empty = page.getByTestId("released-empty");
  await expect(empty).toContainText("the 2 numbers you released stay restorable for");
  await expect(page.getByRole("heading", { name: "Nothing found" })).toHaveCount(0);
  const listLink = empty.getByRole("link", { name: "See the released numbers" });
  await expect(listLink).toHaveAttribute("href", new RegExp(`status=aging`));

  // The link lists the released numbers; the job's panel stays, naming each with a link to
  // its page, and restores one in place.
  await listLink.click();
  await expect(page).toHaveURL((url) => url.searchParams.get("status") === "aging");
  await expect(page.getByTestId("number-row")).toHaveCount(2);
  const released = page.getByTestId("released-number");
  await expect(released).toHaveCount(2);
  const [first, second] = bought;
  const firstRow = released.filter({ hasText: first.number });
  await expect(firstRow.getByRole("link")).toHaveAttribute("href", `/numbers/${first.numberId}`);
  await expectAccessible(page, testInfo, "fleet-bulk-released");
  await expectNoHorizontalScroll(page, "the numbers after a bulk release");
  await firstRow.getByRole("button", { name: new RegExp(`^Restore .*\\(\\${first.number}\\)$`) }).click();
  await expect(firstRow.getByText("Restored: calls are routed again.")).toBeFocused();
  const restored = await (await request.get(`/api/v2/numbers/${first.numberId}`, { headers: auth() })).json();
  expect(restored.data.status).toBe("active");
  await expect(page.getByTestId("number-row")).toHaveCount(1);
  await expect(page.getByTestId("number-row")).toContainText(second.number);
});

test("a bulk release's failure names the number, links to it and says what to do", async ({
  page,
  request,
}, testInfo) => {
  bought = await buyNewYorkNumbers(request, 2);
  const [locked, free] = bought;
  await changeNumber(request, locked.numberId, { locked: true });
  const created = await request.post("/api/v2/jobs", {
    headers: auth(),
    data: { type: "release", number_ids: [locked.numberId, free.numberId] },
  });
  expect(created.status(), await created.text()).toBe(202);
  const { data: job } = (await created.json()) as { data: { job_id: string } };

  await openAs(page, users.acmeCustomer, `/numbers?job=${job.job_id}`);
  await expect(page.getByTestId("job-status")).toHaveText(
    "Releasing: done — 1 of 2 numbers changed, 1 failed.",
    {
      timeout: 30_000,
    },
  );
  const failure = page.getByTestId("job-failure");
  await expect(failure).toHaveCount(1);
  await expect(failure.getByRole("link", { name: locked.number, exact: true })).toHaveAttribute(
    "href",
    `/numbers/${locked.numberId}`,
  );
  await expect(failure).toContainText(
    "It is locked: unlock it on its page, then run the change again for it.",
  );
  await expect(failure).not.toContainText(locked.numberId);
  await expectAccessible(page, testInfo, `fleet-job-failure-${testInfo.project.name}`);
  await expectNoHorizontalScroll(page, "the numbers with a failed job item");
});
