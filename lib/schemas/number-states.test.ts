import { describe, expect, it } from "vitest";
import { numberStatuses } from "@/lib/schemas/limits";
import {
  assertNumberTransition,
  heldStatesLeavingBy,
  isNumberTransition,
  numberCauses,
  numberStateFacts,
  numberStates,
  numberTransitions,
  statesLeavingBy,
  statesReachedBy,
  statesWhere,
  type NumberCause,
  type NumberState,
} from "@/lib/schemas/number-states";

// The table written out again, as docs/CONTRACT.md §16–§17 tell it: a move added to or taken
// from number-states.ts without this list changing fails here.
const allowed: [NumberState, NumberCause, NumberState][] = [
  ["available", "sale", "active"],
  ["available", "sale", "pending_documents"],
  ["available", "backorder_fill", "active"],
  ["available", "backorder_fill", "pending_documents"],
  ["pending_documents", "activation", "active"],
  ["active", "release", "aging"],
  ["pending_documents", "release", "aging"],
  ["pending_documents", "documents_overdue", "aging"],
  ["active", "non_payment", "aging"],
  ["pending_documents", "non_payment", "aging"],
  ["aging", "restore", "active"],
  ["aging", "restore", "pending_documents"],
  ["aging", "return_to_inventory", "available"],
];

const everyTriple = numberStates.flatMap((from) =>
  numberCauses.flatMap((cause) =>
    numberStates.map((to) => [from, cause, to] as [NumberState, NumberCause, NumberState]),
  ),
);
const refused = everyTriple.filter(
  ([from, cause, to]) => !allowed.some(([f, c, t]) => f === from && c === cause && t === to),
);

describe("a number's state table", () => {
  it("has the states of the database's number_status plus available", () => {
    expect(numberStates).toEqual(["available", "active", "pending_documents", "aging"]);
    expect(numberStates.slice(1)).toEqual([...numberStatuses]);
  });

  it("lists exactly the moves of docs/CONTRACT.md §16–§17", () => {
    expect(numberTransitions.map(({ from, cause, to }) => [from, cause, to])).toEqual(allowed);
  });

  it.each(allowed)("allows %s --%s--> %s", (from, cause, to) => {
    expect(isNumberTransition(from, to, cause)).toBe(true);
    expect(assertNumberTransition(from, to, cause)).toBe(to);
  });

  it("refuses the 115 other moves, naming them", () => {
    expect(refused).toHaveLength(4 * 8 * 4 - 13);
    for (const [from, cause, to] of refused) {
      expect(isNumberTransition(from, to, cause)).toBe(false);
      expect(() => assertNumberTransition(from, to, cause)).toThrow(
        `A number's state table has no move ${from} → ${to} by ${cause} (lib/schemas/number-states.ts).`,
      );
    }
  });

  it("names one actor per cause", () => {
    const actors = Object.fromEntries(numberTransitions.map((move) => [move.cause, move.actor]));
    expect(actors).toEqual({
      sale: "organization",
      backorder_fill: "system",
      activation: "support",
      release: "organization",
      documents_overdue: "system",
      non_payment: "system",
      restore: "organization",
      return_to_inventory: "system",
    });
    for (const move of numberTransitions) expect(move.actor).toBe(actors[move.cause]);
  });

  it("lists the states each cause leaves from and arrives in", () => {
    const leaving = Object.fromEntries(numberCauses.map((cause) => [cause, statesLeavingBy(cause)]));
    expect(leaving).toEqual({
      sale: ["available"],
      backorder_fill: ["available"],
      activation: ["pending_documents"],
      release: ["active", "pending_documents"],
      documents_overdue: ["pending_documents"],
      non_payment: ["active", "pending_documents"],
      restore: ["aging"],
      return_to_inventory: ["aging"],
    });
    expect(heldStatesLeavingBy("sale")).toEqual([]);
    expect(heldStatesLeavingBy("release")).toEqual(["active", "pending_documents"]);
    const reached = Object.fromEntries(numberCauses.map((cause) => [cause, statesReachedBy(cause)]));
    expect(reached).toEqual({
      sale: ["active", "pending_documents"],
      backorder_fill: ["active", "pending_documents"],
      activation: ["active"],
      release: ["aging"],
      documents_overdue: ["aging"],
      non_payment: ["aging"],
      restore: ["active", "pending_documents"],
      return_to_inventory: ["available"],
    });
  });

  it("says per state what others need", () => {
    expect(statesWhere("routesCalls")).toEqual(["active"]);
    expect(statesWhere("billable")).toEqual(["active", "pending_documents"]);
    expect(statesWhere("releasable")).toEqual(["active", "pending_documents"]);
    expect(statesWhere("restorable")).toEqual(["aging"]);
    expect(statesWhere("forSale")).toEqual(["available"]);
    expect(statesWhere("owned")).toEqual(["active", "pending_documents", "aging"]);
    expect(statesWhere("listedByDefault")).toEqual(["active", "pending_documents"]);
    expect(numberStates.map((state) => numberStateFacts[state].inventoryStatus)).toEqual([
      "available",
      "sold",
      "sold",
      "sold",
    ]);
  });

  // The walk: the facts and the moves must tell the same story.
  it("releases exactly the releasable states and restores exactly the restorable ones", () => {
    expect(statesLeavingBy("release")).toEqual(statesWhere("releasable"));
    expect(statesLeavingBy("restore")).toEqual(statesWhere("restorable"));
  });

  it("keeps the inventory column, for sale and owned in step", () => {
    for (const state of numberStates) {
      const facts = numberStateFacts[state];
      expect(facts.forSale).toBe(!facts.owned);
      expect(facts.inventoryStatus).toBe(facts.forSale ? "available" : "sold");
      // What routes calls is billed, and what is billed is held.
      if (facts.routesCalls) expect(facts.billable).toBe(true);
      if (facts.billable) expect(facts.owned).toBe(true);
      if (facts.listedByDefault) expect(facts.owned).toBe(true);
    }
  });

  it("reaches every state from sale and comes back to sale from every state", () => {
    const reachable = (start: NumberState, step: (state: NumberState) => NumberState[]): Set<NumberState> => {
      const seen = new Set<NumberState>([start]);
      const queue = [start];
      for (let state = queue.shift(); state !== undefined; state = queue.shift())
        for (const next of step(state))
          if (!seen.has(next)) {
            seen.add(next);
            queue.push(next);
          }
      return seen;
    };
    const forward = (state: NumberState) =>
      numberTransitions.filter((m) => m.from === state).map((m) => m.to);
    const backward = (state: NumberState) =>
      numberTransitions.filter((m) => m.to === state).map((m) => m.from);
    expect([...reachable("available", forward)].sort()).toEqual([...numberStates].sort());
    expect([...reachable("available", backward)].sort()).toEqual([...numberStates].sort());
  });

  it("moves a held number only between held states, except into and out of inventory", () => {
    for (const move of numberTransitions) {
      const crosses = numberStateFacts[move.from].owned !== numberStateFacts[move.to].owned;
      expect(crosses).toBe(["sale", "backorder_fill", "return_to_inventory"].includes(move.cause));
      expect(move.from).not.toBe(move.to);
    }
  });
});
