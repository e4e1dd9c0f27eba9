import { describe, expect, it } from "vitest";
import {
  jobProgressWords,
  referencingRules,
  restorableUntil,
  statusWords,
} from "@/components/numbers/number-words";

describe("statusWords", () => {
  it.each([
    [{ status: "active", restorable_until: null }, "Active"],
    [{ status: "pending_documents", restorable_until: null }, "Waiting for documents"],
    [
      { status: "pending_documents", restorable_until: null, documents_due: "2026-12-11T09:30:00Z" },
      "Waiting for documents — due 11 Dec 2026",
    ],
    [
      { status: "aging", restorable_until: "2026-12-10T12:00:00Z" },
      "Released — restorable until 10 Dec 2026",
    ],
    [{ status: "aging", restorable_until: null }, "Released"],
    [
      { status: "porting", restorable_until: null, porting_foc_at: "2027-02-03T10:00:00Z" },
      "Porting — FOC 3 Feb 2027",
    ],
    [{ status: "porting", restorable_until: null, porting_foc_at: null }, "Porting — FOC not confirmed yet"],
  ] as const)("%j reads %s", (number, words) => {
    expect(statusWords(number)).toBe(words);
  });
});

describe("restorableUntil", () => {
  it("counts the aging days from now", () => {
    expect(restorableUntil(new Date("2026-11-27T12:00:00Z"), 30)).toBe("27 Dec 2026");
  });
});

describe("referencingRules", () => {
  it("reads each rule of a 409 number_referenced's details, quotes and all", () => {
    expect(
      referencingRules(
        'num_acme_main (+442049038196) rules[0] "Forward to sales"; num_x (+12125550100) rules[2] "Say "hi" first"',
      ),
    ).toEqual([
      { numberId: "num_acme_main", number: "+442049038196", ruleName: "Forward to sales" },
      { numberId: "num_x", number: "+12125550100", ruleName: 'Say "hi" first' },
    ]);
  });

  it("is empty for details of another shape", () => {
    expect(referencingRules("number_id=num_1; locked=true")).toEqual([]);
  });
});

describe("jobProgressWords", () => {
  const counts = (succeeded: number, failed: number, pending: number) => ({
    total: succeeded + failed + pending,
    succeeded,
    failed,
    pending,
  });
  it.each([
    ["queued", counts(0, 0, 3), "Changing tags: waiting to start (3 numbers)."],
    ["running", counts(1, 0, 2), "Changing tags: 1 of 3 numbers done."],
    ["running", counts(1, 1, 1), "Changing tags: 2 of 3 numbers done, 1 failed."],
    ["completed", counts(1, 0, 0), "Changing tags: done — 1 of 1 number changed."],
    ["completed", counts(2, 1, 0), "Changing tags: done — 2 of 3 numbers changed, 1 failed."],
    [
      "canceled",
      counts(1, 0, 0),
      "Changing tags: stopped — 1 of 1 number changed, the rest left as they were.",
    ],
  ])("%s %j", (status, jobCounts, words) => {
    expect(jobProgressWords({ type: "set_tags", status, counts: jobCounts })).toBe(words);
  });
});
