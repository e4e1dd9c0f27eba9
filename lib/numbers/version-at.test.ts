import { describe, expect, it } from "vitest";
import { describeVersion, reachesBack, versionAt } from "@/lib/numbers/version-at";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// Support's question about the past: which version of the rules was in force at a moment.

const configuration = (name: string): NumberConfiguration => ({
  number_id: "num_1",
  organization_id: "org_acme",
  number: "+442079460000",
  name,
  country_code: "GB",
  local_format: "020 7946 0000",
  number_type: "local",
  region: null,
  rules: [],
  status: "active",
  purchased_at: null,
  restorable_until: null,
  documents_due: null,
  locked: false,
  tags: [],
  port_order_id: null,
  porting_foc_at: null,
  port_out_pin_set: false,
});
const v1 = configuration("v1");
const v2 = configuration("v2");
const v3 = configuration("v3");
const v4 = configuration("v4");
// Newest first, as GET /numbers/{id}/history answers.
const changes = [
  { version: 4, changed_at: "2026-11-25T09:00:00.000Z", before: v3, after: v4 },
  { version: 3, changed_at: "2026-11-20T12:00:00.000Z", before: v2, after: v3 },
  { version: 2, changed_at: "2026-11-01T08:30:00.000Z", before: v1, after: v2 },
];

describe("versionAt", () => {
  it.each([
    // The reported question: last Sunday's 22:00 call, before the change on the 25th.
    {
      at: "2026-11-22T22:00:00Z",
      expected: { configuration: v3, version: 3, since: changes[1].changed_at, until: changes[0].changed_at },
    },
    {
      at: "2026-11-26T10:00:00Z",
      expected: { configuration: v4, version: 4, since: changes[0].changed_at, until: null },
    },
    // A change counts from its own instant on.
    {
      at: "2026-11-25T09:00:00Z",
      expected: { configuration: v4, version: 4, since: changes[0].changed_at, until: null },
    },
    {
      at: "2026-11-25T08:59:59Z",
      expected: { configuration: v3, version: 3, since: changes[1].changed_at, until: changes[0].changed_at },
    },
    {
      at: "2026-11-01T08:30:00Z",
      expected: { configuration: v2, version: 2, since: changes[2].changed_at, until: changes[1].changed_at },
    },
    // Before the first recorded change: the version that change replaced, from before the history.
    {
      at: "2026-10-01T00:00:00Z",
      expected: { configuration: v1, version: 1, since: null, until: changes[2].changed_at },
    },
  ])("at $at → version $expected.version", ({ at, expected }) => {
    expect(versionAt(v4, changes, new Date(at))).toEqual(expected);
  });

  it("reads the changes in any order", () => {
    const shuffled = [changes[2], changes[0], changes[1]];
    expect(versionAt(v4, shuffled, new Date("2026-11-22T22:00:00Z"))).toEqual(
      versionAt(v4, changes, new Date("2026-11-22T22:00:00Z")),
    );
  });

  it("answers the current configuration, version unknown, when nothing was ever changed", () => {
    expect(versionAt(v4, [], new Date("2020-01-01T00:00:00Z"))).toEqual({
      configuration: v4,
      version: null,
      since: null,
      until: null,
    });
  });

  it("answers no configuration before a created extension existed", () => {
    const created = [{ version: 1, changed_at: "2026-11-01T08:30:00.000Z", before: null, after: v1 }];
    expect(versionAt(v1, created, new Date("2026-10-01T00:00:00Z"))).toEqual({
      configuration: null,
      version: 0,
      since: null,
      until: "2026-11-01T08:30:00.000Z",
    });
  });
});

describe("reachesBack", () => {
  it.each([
    { at: "2026-11-20T12:00:00Z", list: changes.slice(0, 2), reaches: true },
    { at: "2026-11-20T11:59:59Z", list: changes.slice(0, 2), reaches: false },
    { at: "2026-11-30T00:00:00Z", list: changes.slice(0, 1), reaches: true },
    { at: "2026-11-30T00:00:00Z", list: [], reaches: false },
  ])("$list.length changes reach back to $at: $reaches", ({ at, list, reaches }) => {
    expect(reachesBack(list, new Date(at))).toBe(reaches);
  });
});

describe("describeVersion", () => {
  const when = (iso: string) => `<${iso.slice(0, 16)}>`;
  const now = new Date("2026-11-25T12:00:00Z");
  const describeAt = (at: string) =>
    describeVersion(versionAt(v4, changes, new Date(at)), new Date(at), now, when);

  it.each([
    {
      at: "2026-11-22T22:00:00Z",
      text: "Version 3 of the rules, in force from <2026-11-20T12:00> until <2026-11-25T09:00>. They have changed since: this answer uses the rules as they were then.",
    },
    {
      at: "2026-10-01T00:00:00Z",
      text: "Version 1 of the rules, in force from before the history begins until <2026-11-01T08:30>. They have changed since: this answer uses the rules as they were then.",
    },
    { at: "2026-11-25T10:00:00Z", text: "Version 4, the current rules, in force from <2026-11-25T09:00>." },
    {
      at: "2026-12-01T10:00:00Z",
      text: "Version 4, the current rules, in force from <2026-11-25T09:00> (if nobody changes them before then).",
    },
  ])("$at → $text", ({ at, text }) => {
    expect(describeAt(at)).toBe(text);
  });

  it("says when no change was recorded", () => {
    const at = new Date("2026-11-22T22:00:00Z");
    expect(describeVersion(versionAt(v4, [], at), at, now, when)).toBe(
      "These are the current rules; no change to them has been recorded.",
    );
  });

  it("says when the number did not exist yet, and when it was deleted", () => {
    const created = [{ version: 1, changed_at: "2026-11-01T08:30:00.000Z", before: null, after: v1 }];
    const early = new Date("2026-10-01T00:00:00Z");
    expect(describeVersion(versionAt(v1, created, early), early, now, when)).toBe(
      "This number had no rules yet then: it was set up on <2026-11-01T08:30>.",
    );
    const deleted = [
      { version: 2, changed_at: "2026-11-02T08:30:00.000Z", before: v1, after: null },
      ...created,
    ];
    const late = new Date("2026-11-03T00:00:00Z");
    expect(describeVersion(versionAt(v1, deleted, late), late, now, when)).toBe(
      "This number was deleted on <2026-11-02T08:30>.",
    );
  });
});
