import { afterEach, describe, expect, it, vi } from "vitest";
import { jobTarget } from "@/components/numbers/job-target";
import { noSelection, selectAllMatching, toggleRow, type Selection } from "@/components/ui/selection";
import { interpretNumberSearch, noFilters } from "@/components/hooks/number-search";

const pick = (...ids: string[]): Selection =>
  ids.reduce((selection, id) => toggleRow(selection, id, true), noSelection);

describe("jobTarget", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("names the numbers picked, leaving the extensions out", async () => {
    expect(
      await jobTarget(
        pick("num_a", "ext_101", "num_b"),
        interpretNumberSearch("", null),
        new Set(["ext_101"]),
      ),
    ).toEqual({
      number_ids: ["num_a", "num_b"],
    });
  });

  it("sends the filters for all N matching when they say it all", async () => {
    const search = interpretNumberSearch("", null, 25, 25, {
      ...noFilters,
      tags: ["sales"],
      country: "GB",
      sort: "name",
    });
    expect(await jobTarget(selectAllMatching(40), search, new Set())).toEqual({
      filter: { tag: ["sales"], country: "GB" },
    });
  });

  it("reads the matching numbers back when the search box or an unticked row says more than a filter", async () => {
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (url: string) => {
      asked.push(url);
      return new Response(
        JSON.stringify({
          data: [
            { number_id: "num_a", number_type: "local" },
            { number_id: "num_b", number_type: "mobile" },
            { number_id: "ext_101", number_type: null },
          ],
        }),
        { status: 200, headers: { "content-type": "application/json" } },
      );
    });
    const all = toggleRow(selectAllMatching(3), "num_b", false);
    const search = interpretNumberSearch("office", null, 25, 25, { ...noFilters, status: ["aging"] });
    expect(await jobTarget(all, search, new Set())).toEqual({ number_ids: ["num_a"] });
    expect(asked).toEqual(["/api/v2/numbers?name=office&status=aging&limit=1000"]);
  });
});
