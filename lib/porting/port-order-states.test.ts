import { readFileSync } from "node:fs";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/errors";
import {
  actorsOf,
  allowedActions,
  assertPortOrderTransition,
  isFinal,
  nextPortOrderStatus,
  portOrderActions,
  statesLeavingBy,
  transitionPortOrder,
  type PortOrderAction,
  type PortOrderActor,
} from "@/lib/porting/port-order-states";
import {
  portActorKinds,
  portNumberStatuses,
  portOrderEventKinds,
  portOrderStatuses,
  type PortOrderStatus,
} from "@/lib/schemas/porting";

// The table written out again, as docs/CONTRACT.md §20 tells it: a move added to or taken from
// port-order-states.ts without this list changing fails here.
const allowed: [PortOrderStatus, PortOrderAction, PortOrderStatus][] = [
  ["draft", "edit", "draft"],
  ["exception", "edit", "exception"],
  ["draft", "submit", "submitted"],
  ["submitted", "confirm_foc", "foc_confirmed"],
  ["submitted", "raise_exception", "exception"],
  ["exception", "resubmit", "submitted"],
  ["submitted", "request_foc_change", "submitted"],
  ["foc_confirmed", "request_foc_change", "foc_confirmed"],
  ["foc_confirmed", "change_foc", "foc_confirmed"],
  ["foc_confirmed", "start_activation", "activating"],
  ["activating", "complete", "ported"],
  ["activating", "complete_partially", "partially_ported"],
  ["submitted", "request_cancel", "cancel_pending"],
  ["exception", "request_cancel", "cancel_pending"],
  ["foc_confirmed", "request_cancel", "cancel_pending"],
  ["cancel_pending", "confirm_cancel", "cancelled"],
];

const everyPair = portOrderStatuses.flatMap((status) =>
  portOrderActions.map((action) => [status, action] as [PortOrderStatus, PortOrderAction]),
);
const refused = everyPair.filter(
  ([status, action]) => !allowed.some(([f, a]) => f === status && a === action),
);

function thrownBy(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("did not throw");
}

describe("a port order's state table", () => {
  it("speaks the database's port enums, in their order", () => {
    const schema = readFileSync(path.join(process.cwd(), "prisma/schema.prisma"), "utf8");
    const values = (name: string) =>
      (new RegExp(`enum ${name} \\{([^}]*)\\}`).exec(schema)?.[1] ?? "")
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => /^\w+$/.test(line));
    expect(values("PortOrderStatus")).toEqual([...portOrderStatuses]);
    expect(values("PortNumberStatus")).toEqual([...portNumberStatuses]);
    expect(values("PortOrderEventKind")).toEqual([...portOrderEventKinds]);
    expect(values("PortActorKind")).toEqual([...portActorKinds]);
  });

  it.each(allowed)("%s --%s--> %s", (from, action, to) => {
    expect(nextPortOrderStatus(from, action)).toBe(to);
    expect(transitionPortOrder(from, action)).toBe(to);
  });

  it("refuses every other pair of state and action (108 − 16)", () => {
    expect(refused).toHaveLength(portOrderStatuses.length * portOrderActions.length - allowed.length);
    expect(refused).toHaveLength(92);
    for (const [status, action] of refused) expect(nextPortOrderStatus(status, action)).toBeUndefined();
  });

  it.each(refused)(
    "refuses %s --%s--> with 400 invalid_transition naming the states allowed",
    (status, action) => {
      const error = thrownBy(() => transitionPortOrder(status, action));
      const from = allowed.filter(([, a]) => a === action).map(([f]) => f);
      expect(error.code).toBe("invalid_transition");
      expect(error.status).toBe(400);
      expect(error.details).toBe(`status=${status}, action=${action}, allowed=${from.join("|")}`);
      expect(error.message).toContain(`A port order that is ${status} cannot be `);
      expect(error.message).toContain(`only one that is ${from.join(" or ")} can.`);
    },
  );

  it("says a draft is deleted, not cancelled", () => {
    expect(thrownBy(() => transitionPortOrder("draft", "request_cancel")).message).toBe(
      "A port order that is draft cannot be cancelled; only one that is submitted or exception or foc_confirmed can. A draft is deleted instead.",
    );
  });

  it("lists the states each action leaves from, and the actions each state allows", () => {
    expect(Object.fromEntries(portOrderActions.map((action) => [action, statesLeavingBy(action)]))).toEqual({
      edit: ["draft", "exception"],
      submit: ["draft"],
      confirm_foc: ["submitted"],
      raise_exception: ["submitted"],
      resubmit: ["exception"],
      request_foc_change: ["submitted", "foc_confirmed"],
      change_foc: ["foc_confirmed"],
      start_activation: ["foc_confirmed"],
      complete: ["activating"],
      complete_partially: ["activating"],
      request_cancel: ["submitted", "exception", "foc_confirmed"],
      confirm_cancel: ["cancel_pending"],
    });
    expect(Object.fromEntries(portOrderStatuses.map((status) => [status, allowedActions(status)]))).toEqual({
      draft: ["edit", "submit"],
      submitted: ["confirm_foc", "raise_exception", "request_foc_change", "request_cancel"],
      exception: ["edit", "resubmit", "request_cancel"],
      foc_confirmed: ["request_foc_change", "change_foc", "start_activation", "request_cancel"],
      activating: ["complete", "complete_partially"],
      ported: [],
      partially_ported: [],
      cancel_pending: ["confirm_cancel"],
      cancelled: [],
    });
    expect(portOrderStatuses.filter(isFinal)).toEqual(["ported", "partially_ported", "cancelled"]);
  });

  it("names who takes each action: the customer, or the carrier and the desk doing its part by hand", () => {
    expect(Object.fromEntries(portOrderActions.map((action) => [action, actorsOf(action)]))).toEqual({
      edit: ["customer"],
      submit: ["customer"],
      confirm_foc: ["carrier", "desk"],
      raise_exception: ["carrier", "desk"],
      resubmit: ["customer"],
      request_foc_change: ["customer"],
      change_foc: ["carrier", "desk"],
      start_activation: ["carrier", "desk"],
      complete: ["carrier", "desk"],
      complete_partially: ["carrier", "desk"],
      request_cancel: ["customer"],
      confirm_cancel: ["carrier", "desk"],
    });
    expect(allowedActions("foc_confirmed", "customer")).toEqual(["request_foc_change", "request_cancel"]);
    expect(allowedActions("foc_confirmed", "desk")).toEqual(["change_foc", "start_activation"]);
    expect(assertPortOrderTransition("draft", "submit", "customer")).toBe("submitted");
    expect(() => assertPortOrderTransition("submitted", "confirm_foc", "customer")).toThrow(
      "A port order's confirm_foc is not taken by customer (lib/porting/port-order-states.ts).",
    );
    expect(thrownBy(() => assertPortOrderTransition("ported", "complete", "carrier")).code).toBe(
      "invalid_transition",
    );
  });

  it("reaches every state from draft, and every state but a final one leads to a final one", () => {
    const reachable = new Set<PortOrderStatus>(["draft"]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [from, , to] of allowed)
        if (reachable.has(from) && !reachable.has(to)) {
          reachable.add(to);
          grew = true;
        }
    }
    expect([...reachable].sort()).toEqual([...portOrderStatuses].sort());
    for (const status of portOrderStatuses) {
      const seen = new Set([status]);
      const queue = [status];
      for (let at = queue.shift(); at !== undefined; at = queue.shift())
        for (const [from, , to] of allowed)
          if (from === at && !seen.has(to)) {
            seen.add(to);
            queue.push(to);
          }
      expect([...seen].some(isFinal)).toBe(true);
    }
  });

  // A random walk: whatever actions anyone tries, in any order, the order stays in the table,
  // a refused action changes nothing, and a final state is never left.
  it("never leaves the table under random actions by random actors", () => {
    const actors: PortOrderActor[] = ["customer", "desk", "carrier"];
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...portOrderActions), fc.constantFrom(...actors)), {
          maxLength: 40,
        }),
        (steps) => {
          let status: PortOrderStatus = "draft";
          const visited: PortOrderStatus[] = [status];
          for (const [action, actor] of steps) {
            const expected = actorsOf(action).includes(actor)
              ? allowed.find(([f, a]) => f === status && a === action)?.[2]
              : undefined;
            let next: PortOrderStatus = status;
            try {
              next = assertPortOrderTransition(status, action, actor);
            } catch (error) {
              if (!actorsOf(action).includes(actor)) expect(error).not.toBeInstanceOf(ApiError);
              else expect((error as ApiError).code).toBe("invalid_transition");
            }
            expect(next).toBe(expected ?? status);
            if (isFinal(status)) expect(next).toBe(status);
            expect(portOrderStatuses).toContain(next);
            status = next;
            visited.push(status);
          }
          // Once final, always final.
          const firstFinal = visited.findIndex(isFinal);
          if (firstFinal >= 0) expect(new Set(visited.slice(firstFinal)).size).toBe(1);
        },
      ),
      { numRuns: 500 },
    );
  });
});
