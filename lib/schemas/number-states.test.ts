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
  ["elsewhere", "port_in", "porting"],
  ["porting", "port_activation", "active"],
  ["porting", "port_activation", "pending_documents"],
  ["porting", "port_withdrawn", "elsewhere"],
  ["aging", "return_to_carrier", "elsewhere"],
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
  it("has the states of the database's number_status plus available and elsewhere", () => {
    expect(numberStates).toEqual([
      "available",
      "active",
      "pending_documents",
      "aging",
      "porting",
      "elsewhere",
    ]);
    expect(numberStates.slice(1, -1)).toEqual([...numberStatuses]);
  });

  it("lists exactly the moves of docs/CONTRACT.md §16–§17", () => {
    expect(numberTransitions.map(({ from, cause, to }) => [from, cause, to])).toEqual(allowed);
  });

  it.each(allowed)("allows %s --%s--> %s", (from, cause, to) => {
    expect(isNumberTransition(from, to, cause)).toBe(true);
    expect(assertNumberTransition(from, to, cause)).toBe(to);
  });

  it("refuses the 414 other moves, naming them", () => {
    expect(refused).toHaveLength(6 * 12 * 6 - 18);
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
      port_in: "organization",
      port_activation: "system",
      port_withdrawn: "system",
      return_to_carrier: "system",
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
      port_in: ["elsewhere"],
      port_activation: ["porting"],
      port_withdrawn: ["porting"],
      return_to_carrier: ["aging"],
    });
    expect(heldStatesLeavingBy("sale")).toEqual([]);
    expect(heldStatesLeavingBy("port_in")).toEqual([]);
    expect(heldStatesLeavingBy("port_withdrawn")).toEqual(["porting"]);
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
      port_in: ["porting"],
      port_activation: ["active", "pending_documents"],
      port_withdrawn: ["elsewhere"],
      return_to_carrier: ["elsewhere"],
    });
  });

  it("says per state what others need", () => {
    expect(statesWhere("routesCalls")).toEqual(["active"]);
    expect(statesWhere("billable")).toEqual(["active", "pending_documents"]);
    expect(statesWhere("releasable")).toEqual(["active", "pending_documents"]);
    expect(statesWhere("restorable")).toEqual(["aging"]);
    expect(statesWhere("forSale")).toEqual(["available"]);
    expect(statesWhere("owned")).toEqual(["active", "pending_documents", "aging", "porting"]);
    expect(statesWhere("listedByDefault")).toEqual(["active", "pending_documents", "porting"]);
    expect(statesWhere("portInProgress")).toEqual(["porting"]);
    expect(numberStates.map((state) => numberStateFacts[state].inventoryStatus)).toEqual([
      "available",
      "sold",
      "sold",
      "sold",
      null,
      null,
    ]);
  });

  // The walk: the facts and the moves must tell the same story.
  it("releases exactly the releasable states and restores exactly the restorable ones", () => {
    expect(statesLeavingBy("release")).toEqual(statesWhere("releasable"));
    expect(statesLeavingBy("restore")).toEqual(statesWhere("restorable"));
  });

  it("sends a number ported in only back to its carrier, and one bought here only back to inventory", () => {
    expect(statesReachedBy("port_in")).toEqual(statesWhere("portInProgress"));
    expect(statesLeavingBy("port_activation")).toEqual(statesWhere("portInProgress"));
    expect(numberTransitions.filter((move) => move.to === "elsewhere").map((move) => move.cause)).toEqual([
      "port_withdrawn",
      "return_to_carrier",
    ]);
    expect(numberTransitions.filter((move) => move.from === "elsewhere").map((move) => move.cause)).toEqual([
      "port_in",
    ]);
  });

  it("keeps the inventory column, for sale and owned in step", () => {
    for (const state of numberStates) {
      const facts = numberStateFacts[state];
      // For sale and held never together; elsewhere is neither.
      if (facts.forSale) expect(facts.owned).toBe(false);
      expect(facts.forSale || facts.owned).toBe(state !== "elsewhere");
      // A number with an inventory row is for sale (available) or held (sold); one being ported in
      // or at another carrier has none.
      expect(facts.inventoryStatus).toBe(
        facts.forSale ? "available" : facts.owned && !facts.portInProgress ? "sold" : null,
      );
      // A number being ported in is not ours to release or restore.
      if (facts.portInProgress) expect(facts.releasable || facts.restorable).toBe(false);
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

  it("moves a held number only between held states, except into and out of inventory or another carrier", () => {
    const crossing = [
      "sale",
      "backorder_fill",
      "return_to_inventory",
      "port_in",
      "port_withdrawn",
      "return_to_carrier",
    ];
    for (const move of numberTransitions) {
      const crosses = numberStateFacts[move.from].owned !== numberStateFacts[move.to].owned;
      expect(crosses).toBe(crossing.includes(move.cause));
      expect(move.from).not.toBe(move.to);
    }
  });
});
