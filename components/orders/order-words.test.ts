import { describe, expect, it } from "vitest";
import {
  countWords,
  documentsWaitingWords,
  itemCountWords,
  orderStatusWords,
  placedSummary,
} from "@/components/orders/order-words";

describe("countWords", () => {
  it.each([
    [0, "0 numbers"],
    [1, "1 number"],
    [2, "2 numbers"],
    [1000, "1,000 numbers"],
  ])("%i → %s", (count, words) => {
    expect(countWords(count, "number", "numbers")).toBe(words);
  });
});

describe("placedSummary", () => {
  it.each([
    [{ assigned: 1, backordered: 0 }, "The number is yours now."],
    [{ assigned: 3, backordered: 0 }, "All 3 numbers are yours now."],
    [{ assigned: 2, backordered: 1 }, "2 numbers are yours now; 1 is back-ordered."],
    [{ assigned: 1, backordered: 2 }, "1 number is yours now; 2 are back-ordered."],
    [{ assigned: 0, backordered: 1 }, "It is back-ordered: numbers are assigned as stock arrives."],
    [{ assigned: 0, backordered: 4 }, "All 4 are back-ordered: numbers are assigned as stock arrives."],
  ])("%j → %s", (counts, words) => {
    expect(placedSummary(counts)).toBe(words);
  });
});

describe("itemCountWords", () => {
  it.each([
    [1, "toll_free", "1 toll-free number"],
    [3, "local", "3 local numbers"],
    [1, "mobile", "1 mobile number"],
  ])("%i %s → %s", (quantity, type, words) => {
    expect(itemCountWords(quantity, type)).toBe(words);
  });
});

describe("documentsWaitingWords", () => {
  it("says nothing when no number waits for documents", () => {
    expect(documentsWaitingWords([])).toBeNull();
  });

  it("says that calls are not routed, and the day the first is released", () => {
    expect(documentsWaitingWords([{ documents_due: "2026-12-12T10:00:00.000Z" }])).toBe(
      "1 number waits for documents: no call to it is routed until our team approves its documents. Unless they are approved by 12 Dec 2026, it is released.",
    );
    expect(
      documentsWaitingWords([
        { documents_due: "2026-12-14T10:00:00.000Z" },
        { documents_due: "2026-12-12T10:00:00.000Z" },
      ]),
    ).toBe(
      "2 numbers wait for documents: no call to them is routed until our team approves their documents. Unless they are approved by 12 Dec 2026, they are released (the first on that day).",
    );
  });
});

describe("orderStatusWords", () => {
  it.each([
    ["completed", 0, { label: "Completed", tone: "success" }],
    ["completed", 2, { label: "Waiting for documents", tone: "warning" }],
    ["partially_fulfilled", 0, { label: "Partly delivered", tone: "warning" }],
    ["partially_fulfilled", 1, { label: "Partly delivered", tone: "warning" }],
    ["backordered", 0, { label: "Back-ordered", tone: "warning" }],
  ] as const)("%s with %i waiting → %j", (status, waiting, words) => {
    expect(orderStatusWords(status, waiting)).toEqual(words);
  });
});
