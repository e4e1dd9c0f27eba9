import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import {
  invoiceActions,
  statesReachableFrom,
  statusesAllowing,
  transitionInvoice,
  type InvoiceAction,
  type InvoiceStatus,
} from "@/lib/billing/invoice-states";
import { invoiceStatuses } from "@/lib/schemas/invoices";

// The whole table: every (status, action) pair is either one of the allowed moves or a 400
// invalid_transition naming the states the invoice may still reach.

const allowed: [InvoiceStatus, InvoiceAction, InvoiceStatus][] = [
  ["draft", "finalize", "open"],
  ["draft", "finalize_settled", "paid"],
  ["open", "pay", "paid"],
  ["open", "void", "void"],
  ["open", "mark_uncollectible", "uncollectible"],
  ["uncollectible", "pay", "paid"],
  ["uncollectible", "void", "void"],
];
const refused = invoiceStatuses.flatMap((status) =>
  invoiceActions
    .filter((action) => !allowed.some(([from, by]) => from === status && by === action))
    .map((action) => [status, action] as [InvoiceStatus, InvoiceAction]),
);

describe("the invoice state table", () => {
  it.each(allowed)("%s --%s--> %s", (from, action, to) => {
    expect(transitionInvoice(from, action)).toBe(to);
  });

  it("refuses the other 18 moves", () => expect(refused).toHaveLength(18));

  it.each(refused)("refuses %s --%s--> with invalid_transition naming the allowed states", (from, action) => {
    const error = (() => {
      try {
        transitionInvoice(from, action);
      } catch (thrown) {
        return thrown;
      }
    })() as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe("invalid_transition");
    expect(error.details).toContain(`allowed=${statesReachableFrom(from).join("|")}`);
  });

  it("names what each state may become", () => {
    expect(statesReachableFrom("open")).toEqual(["paid", "void", "uncollectible"]);
    expect(statesReachableFrom("uncollectible")).toEqual(["paid", "void"]);
    expect(statesReachableFrom("paid")).toEqual([]);
    expect(() => transitionInvoice("paid", "void")).toThrow(
      "An invoice that is paid cannot be voided; it is final.",
    );
    expect(() => transitionInvoice("void", "mark_uncollectible")).toThrow(
      "An invoice that is void cannot be marked uncollectible; it is final.",
    );
    expect(() => transitionInvoice("uncollectible", "mark_uncollectible")).toThrow(
      "An invoice that is uncollectible cannot be marked uncollectible; it may become paid or void.",
    );
  });

  it("gives the from-statuses of each action for a conditional UPDATE", () => {
    expect(statusesAllowing("void")).toEqual(["open", "uncollectible"]);
    expect(statusesAllowing("pay")).toEqual(["open", "uncollectible"]);
    expect(statusesAllowing("mark_uncollectible")).toEqual(["open"]);
    expect(statusesAllowing("finalize")).toEqual(["draft"]);
  });
});
