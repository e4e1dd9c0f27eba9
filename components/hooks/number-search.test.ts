import { describe, expect, it } from "vitest";
import {
  filterParams,
  interpretNumberSearch,
  jobFilter,
  noFilters,
  readNumberFilters,
  searchParameters,
} from "@/components/hooks/number-search";

describe("readNumberFilters", () => {
  it("reads the API's own parameters from the page's query string", () => {
    const filters = readNumberFilters(
      new URLSearchParams(
        "status=aging,active&tag=Sales,support&country=us&number_type=local&region=us-ny-new_york-212&sort=-purchased_at",
      ),
    );
    expect(filters).toEqual({
      status: ["aging", "active"],
      tags: ["sales", "support"],
      country: "US",
      number_type: "local",
      region: "US-NY-NEW_YORK-212",
      sort: "-purchased_at",
    });
    expect(filterParams(filters)).toEqual({
      status: "aging,active",
      tag: "sales,support",
      country: "US",
      number_type: "local",
      region: "US-NY-NEW_YORK-212",
      sort: "-purchased_at",
    });
  });

  it("leaves out what the API would refuse, so a hand-edited link still lists numbers", () => {
    expect(
      readNumberFilters(
        new URLSearchParams("status=gone&tag=no%20spaces!,ok&country=USA&number_type=Local&sort=price"),
      ),
    ).toEqual({ ...noFilters, tags: ["no", "ok"] });
    expect(readNumberFilters(new URLSearchParams(""))).toEqual(noFilters);
  });
});

describe("searchParameters", () => {
  const filters = { ...noFilters, tags: ["sales"], status: ["aging" as const] };
  it("asks for a page, or for every match as CSV", () => {
    const search = interpretNumberSearch("office", null, 25, 25, filters);
    expect(searchParameters(search)).toMatchObject({
      name: "office",
      tag: "sales",
      status: "aging",
      limit: 25,
      offset: 25,
    });
    const csv = searchParameters(search, "csv");
    expect(csv).toMatchObject({ name: "office", tag: "sales", format: "csv" });
    expect(csv).not.toHaveProperty("limit");
    expect(csv).not.toHaveProperty("offset");
  });
});

describe("jobFilter", () => {
  it("is the filters a job takes, or null when the search box narrows further", () => {
    expect(
      jobFilter(
        interpretNumberSearch("", null, 0, 25, { ...noFilters, tags: ["a"], country: "GB", sort: "name" }),
      ),
    ).toEqual({
      tag: ["a"],
      country: "GB",
    });
    expect(jobFilter(interpretNumberSearch("", null))).toEqual({});
    expect(jobFilter(interpretNumberSearch("7333", null))).toBeNull();
  });
});
