import { describe, expect, it, vi } from "vitest";
import { readPage, totalFromPage } from "@/lib/db/paged";

describe("totalFromPage", () => {
  it.each([
    { limit: 20, offset: 0, size: 0, total: 0 },
    { limit: 20, offset: 0, size: 7, total: 7 },
    { limit: 20, offset: 40, size: 3, total: 43 },
    { limit: 20, offset: 0, size: 20, total: null },
    { limit: 20, offset: 40, size: 20, total: null },
    { limit: 20, offset: 40, size: 0, total: null },
  ])("limit $limit offset $offset, $size rows: $total", ({ limit, offset, size, total }) => {
    expect(totalFromPage({ limit, offset }, size)).toBe(total);
  });
});

describe("readPage", () => {
  it("counts only when the page cannot tell the total", async () => {
    const count = vi.fn(async () => 99);
    expect(await readPage({ limit: 5, offset: 10 }, async () => ["a", "b"], count)).toEqual({
      rows: ["a", "b"],
      total: 12,
    });
    expect(count).not.toHaveBeenCalled();

    expect(await readPage({ limit: 2, offset: 0 }, async () => ["a", "b"], count)).toEqual({
      rows: ["a", "b"],
      total: 99,
    });
    expect(await readPage({ limit: 2, offset: 500 }, async () => [], count)).toEqual({ rows: [], total: 99 });
    expect(count).toHaveBeenCalledTimes(2);
  });
});
