import { describe, expect, it } from "vitest";
import {
  isSelected,
  noSelection,
  offersAllMatching,
  pageState,
  selectAllMatching,
  selectedCount,
  selectionRequest,
  toggleRow,
  togglePage,
  type Selection,
} from "@/components/ui/selection";

const some = (...ids: string[]): Selection => ({ kind: "some", ids: new Set(ids) });
const all = (total: number, ...except: string[]): Selection => ({
  kind: "all",
  total,
  except: new Set(except),
});
const page = ["a", "b", "c"];

describe("selection of a paged list", () => {
  it.each([
    ["tick a row", toggleRow(noSelection, "a", true), some("a")],
    ["untick a row", toggleRow(some("a", "b"), "a", false), some("b")],
    ["tick the page", togglePage(some("z"), page, true), some("z", "a", "b", "c")],
    ["untick the page", togglePage(some("a", "b", "z"), page, false), some("z")],
    ["all N matching", selectAllMatching(50), all(50)],
    ["all of nothing is nothing", selectAllMatching(0), noSelection],
    ["untick one of all N", toggleRow(all(50), "b", false), all(50, "b")],
    ["tick it again", toggleRow(all(50, "b"), "b", true), all(50)],
    ["untick this page of all N", togglePage(all(50), page, false), all(50, "a", "b", "c")],
    ["untick every one of all N", togglePage(all(3), page, false), noSelection],
  ])("%s", (_, got, want) => {
    expect(got).toEqual(want);
  });

  it.each([
    [some("a", "b"), 2, { ids: ["a", "b"] }],
    [all(50, "b"), 49, { all_matching: true, except_ids: ["b"] }],
    [all(50), 50, { all_matching: true, except_ids: [] }],
    [noSelection, 0, { ids: [] }],
  ])("counts %o as %i and sends it as %o", (selection, count, request) => {
    expect(selectedCount(selection)).toBe(count);
    expect(selectionRequest(selection)).toEqual(request);
  });

  it.each([
    [noSelection, "none"],
    [some("a"), "some"],
    [some("a", "b", "c"), "all"],
    [all(50), "all"],
    [all(50, "c"), "some"],
    [all(50, "a", "b", "c"), "none"],
  ] as const)("the header checkbox of %o reads %s", (selection, state) => {
    expect(pageState(selection, page)).toBe(state);
  });

  it.each([
    ["whole page picked, more pages", some("a", "b", "c"), 50, true],
    ["page partly picked", some("a", "b"), 50, false],
    ["one page only", some("a", "b", "c"), 3, false],
    ["already all N", all(50), 50, false],
    ["all N less one elsewhere", all(50, "z"), 50, true],
  ])("offers 'all N matching' when %s: %s", (_, selection, total, offered) => {
    expect(offersAllMatching(selection, page, total)).toBe(offered);
  });

  it("reads a row as picked under either kind", () => {
    expect([isSelected(some("a"), "a"), isSelected(some("a"), "b")]).toEqual([true, false]);
    expect([isSelected(all(9, "a"), "a"), isSelected(all(9, "a"), "b")]).toEqual([false, true]);
  });
});
