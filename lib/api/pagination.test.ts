import { describe, expect, it } from "vitest";
import { paginationHeaders } from "@/lib/api/pagination";

const url = "https://numbers.example/api/v2/inventory/US?contains=22&exclude_documents=a&exclude_documents=b";

describe("paginationHeaders", () => {
  it.each([
    [{ limit: 10, offset: 0, total: 0 }, { "X-Total-Count": "0" }],
    [{ limit: 10, offset: 0, total: 10 }, { "X-Total-Count": "10" }],
    [
      { limit: 10, offset: 0, total: 11 },
      { "X-Total-Count": "11", Link: `<${url}&limit=10&offset=10>; rel="next"` },
    ],
    [
      { limit: 10, offset: 5, total: 30 },
      {
        "X-Total-Count": "30",
        Link: `<${url}&limit=10&offset=15>; rel="next", <${url}&limit=10&offset=0>; rel="prev"`,
      },
    ],
    [
      { limit: 10, offset: 20, total: 30 },
      { "X-Total-Count": "30", Link: `<${url}&limit=10&offset=10>; rel="prev"` },
    ],
  ])("%j", (page, headers) => {
    expect(paginationHeaders(url, page)).toEqual(headers);
  });

  it("replaces limit and offset where the caller put them", () => {
    expect(paginationHeaders("http://h/x?offset=3&limit=2&q=1", { limit: 2, offset: 3, total: 9 }).Link).toBe(
      '<http://h/x?offset=5&limit=2&q=1>; rel="next", <http://h/x?offset=1&limit=2&q=1>; rel="prev"',
    );
  });
});
