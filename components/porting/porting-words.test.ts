import { describe, expect, it } from "vitest";
import type { PortabilityResult, PortOrderEvent } from "@/components/hooks/porting-types";
import {
  customerActions,
  deskActions,
  earliestFocDate,
  eventHeadline,
  exceptionItems,
  fieldsToFix,
  listWords,
  missingDetails,
  notPortableWords,
  parseNumberList,
  stillNeeded,
} from "@/components/porting/porting-words";

const result = (
  number: string,
  portable: boolean,
  earliest: string | null,
  reason: PortabilityResult["not_portable_reason"] = null,
) =>
  ({
    number,
    portable,
    not_portable_reason: reason,
    losing_carrier: portable ? "Simulated Telecom" : null,
    country: "US",
    number_type: "local",
    earliest_foc_date: earliest,
  }) satisfies PortabilityResult;

describe("a pasted list of numbers", () => {
  it.each([
    ["+12125550100\n+12125550101", ["+12125550100", "+12125550101"]],
    ["+1 (212) 555-0100, +1.212.555.0101; +12125550100", ["+12125550100", "+12125550101"]],
    ["\n\n  \n", []],
  ])("%j → %j", (text, expected) => {
    expect(parseNumberList(text)).toEqual(expected);
  });
});

describe("why a number cannot be ported", () => {
  it.each([
    ["already_here", "This number is already in this service."],
    ["port_in_progress", "This number is already in an open port order."],
    ["carrier_refused", "The losing carrier cannot release this number."],
    ["not_served", "We do not offer numbers of this country and type, so it cannot come here."],
    [null, "It cannot be ported."],
  ] as const)("%s", (reason, words) => {
    expect(notPortableWords(reason)).toBe(words);
  });
});

describe("the earliest FOC date a set of numbers allows", () => {
  it("is the latest of the portable numbers' earliest dates; not-portable ones do not count", () => {
    expect(
      earliestFocDate([
        result("+12125550100", true, "2026-12-01"),
        result("+12125550101", true, "2026-12-03"),
        result("+12125550199", false, "2026-12-09", "carrier_refused"),
      ]),
    ).toBe("2026-12-03");
    expect(earliestFocDate([result("+12125550199", false, null, "carrier_refused")])).toBeNull();
  });
});

describe("what the details step still needs", () => {
  const full = {
    end_user_id: "eu_1",
    address_id: "adr_1",
    account_number: "ACC-1",
    pin: "1234",
    authorized_person: "Ada Lovelace",
    requested_foc_date: "2026-12-03",
    bill_document_id: "",
  };
  it("names each empty field, in the form's order; the bill is optional", () => {
    expect(missingDetails({ ...full, end_user_id: "", pin: " ", requested_foc_date: "" }, false)).toEqual([
      "the end user",
      "the account PIN",
      "the requested FOC date",
    ]);
    expect(missingDetails(full, false)).toEqual([]);
  });
  it("takes a PIN the draft keeps for one typed", () => {
    expect(missingDetails({ ...full, pin: "" }, true)).toEqual([]);
  });
  it("says it as one sentence", () => {
    expect(stillNeeded(["the end user", "the account PIN", "the requested FOC date"])).toBe(
      "Still needed: the end user, the account PIN and the requested FOC date.",
    );
    expect(stillNeeded(["the end user"])).toBe("Still needed: the end user.");
    expect(stillNeeded([])).toBeNull();
    expect(listWords(["a", "b"])).toBe("a and b");
  });
});

describe("an exception", () => {
  const details = [
    { code: "pin_mismatch", field: "losing_carrier.pin", message: "The PIN does not match." },
    { code: "pin_mismatch", field: "losing_carrier.pin", message: "Again." },
    { code: "other", field: "", message: "Call us." },
    { code: "address_mismatch", field: "address_id", message: "Not the address on the account." },
  ];
  it("asks to fix each named field once, in order; an item naming none asks for no field", () => {
    expect(fieldsToFix(details)).toEqual(["losing_carrier.pin", "address_id"]);
    expect(fieldsToFix(null)).toEqual([]);
  });
  it("is read from a timeline entry's details, as a list or under `details`", () => {
    expect(exceptionItems(details)).toHaveLength(4);
    expect(exceptionItems({ details: details.slice(0, 1) })).toEqual(details.slice(0, 1));
    expect(exceptionItems({ from: "2026-12-01", to: "2026-12-03" })).toEqual([]);
    expect(exceptionItems([{ nonsense: true }])).toEqual([]);
  });
});

describe("the timeline's headlines", () => {
  const event = (changes: Partial<PortOrderEvent>): PortOrderEvent => ({
    event_id: "poe_1",
    kind: "status_changed",
    from_status: "submitted",
    to_status: "foc_confirmed",
    actor: { kind: "system", id: null, name: "Harbour Telecom" },
    body: null,
    details: null,
    created_at: "2026-12-01T10:00:00Z",
    ...changes,
  });
  const ada = { kind: "member", id: "usr_1", name: "Ada Lovelace" } as const;
  const gone = { kind: "member", id: "usr_9", name: null } as const;
  const support = { kind: "support", id: "usr_2", name: "Support" } as const;
  it.each<[Partial<PortOrderEvent>, string]>([
    [{}, "Submitted → FOC confirmed (Harbour Telecom)"],
    [{ from_status: null, to_status: "draft", actor: ada }, "New → Draft (Ada Lovelace)"],
    [{ from_status: null, to_status: "draft", actor: gone }, "New → Draft (a member)"],
    [{ kind: "comment", actor: support }, "Comment from Support"],
    [{ kind: "comment", actor: ada }, "Comment from Ada Lovelace"],
    [{ kind: "comment", actor: gone }, "Comment from a member"],
    [{ kind: "comment", actor: { kind: "token", id: "tok_1", name: "CI deploy" } }, "Comment from CI deploy"],
    [{ kind: "comment", actor: { kind: "token", id: "tok_1", name: null } }, "Comment from an API token"],
    [{ kind: "foc_changed", actor: support }, "FOC date changed (Support)"],
    [{ kind: "exception" }, "Exception raised (Harbour Telecom)"],
    [
      { kind: "exception", actor: { kind: "system", id: null, name: null } },
      "Exception raised (the losing carrier)",
    ],
    [{ kind: "carrier_note", actor: support }, "Note from Support"],
    [
      { kind: "loa_signed", actor: { kind: "system", id: null, name: "Ada Lovelace" } },
      "LOA signed by Ada Lovelace",
    ],
    [
      { kind: "loa_signed", actor: { kind: "system", id: null, name: null } },
      "LOA signed by the authorized person",
    ],
  ])("%j → %s", (changes, words) => {
    expect(eventHeadline(event(changes))).toBe(words);
  });
});

describe("the actions offered", () => {
  it("follow the order's allowed_actions; a draft is deleted, not cancelled", () => {
    expect(customerActions({ status: "draft", allowed_actions: ["edit", "submit"] })).toEqual({
      edit: true,
      submit: true,
      resubmit: false,
      cancel: false,
      focChange: false,
      remove: true,
    });
    expect(
      customerActions({ status: "foc_confirmed", allowed_actions: ["request_foc_change", "request_cancel"] }),
    ).toEqual({ edit: false, submit: false, resubmit: false, cancel: true, focChange: true, remove: false });
  });
  it.each([
    ["submitted", ["foc_confirm", "exception"]],
    ["foc_confirmed", ["foc_change", "complete"]],
    ["activating", ["complete"]],
    ["cancel_pending", ["confirm_cancel"]],
    ["exception", []],
    ["ported", []],
  ] as const)("the desk offers %s: %j", (status, actions) => {
    expect(deskActions(status)).toEqual(actions);
  });
});
