import { describe, expect, it } from "vitest";
import { readFunctions } from "@/lib/db/migrate";
import {
  numberStateFacts,
  numberStates,
  statesReachedBy,
  statesLeavingBy,
  type NumberState,
} from "@/lib/schemas/number-states";

// The sale writes a number's status in SQL (prisma/functions): the statuses it gives a
// configuration, and the inventory status it moves a number from and to, must be those of a
// number's state table (lib/schemas/number-states.ts) for a sale and a back-order fill, which
// both go through sell_to_item.

const functions = readFunctions();

/** The string literals of every `CASE … END::number_status` of the function files. */
function configurationStatuses(): Set<string> {
  const written = new Set<string>();
  for (const file of functions)
    for (const match of file.sql.matchAll(/CASE\b((?:(?!CASE\b)[\s\S])*?)\bEND::number_status/g))
      for (const literal of match[1].matchAll(/'(\w+)'/g)) written.add(literal[1]);
  return written;
}

/** The inventory statuses a function file sets (`SET status = '…'`) and requires (`status = '…'`). */
function inventoryStatuses(name: string): { set: Set<string>; required: Set<string> } {
  const sql = functions.find((file) => file.name === name)?.sql ?? "";
  const set = new Set([...sql.matchAll(/\bSET status = '(\w+)'/g)].map((match) => match[1]));
  const required = new Set(
    [...sql.matchAll(/(?<!SET )(?<![.\w])(?:n\.)?status = '(\w+)'/g)].map((match) => match[1]),
  );
  return { set, required };
}

describe("the statuses the sale's SQL writes", () => {
  it("gives configurations exactly the states a sale and a back-order fill reach", () => {
    const written = [...configurationStatuses()].sort();
    expect(written).toEqual(["active", "pending_documents"]);
    for (const status of written) expect(numberStates).toContain(status);
    expect(written).toEqual([...statesReachedBy("sale")].sort());
    expect(written).toEqual([...statesReachedBy("backorder_fill")].sort());
  });

  it("sells only numbers in the state a sale leaves, and leaves them in its states' inventory status", () => {
    const { set, required } = inventoryStatuses("sell_to_item");
    const from = statesLeavingBy("sale");
    expect(from).toEqual(statesLeavingBy("backorder_fill"));
    expect([...required]).toEqual(from.map((state) => numberStateFacts[state].inventoryStatus));
    const reached = statesReachedBy("sale") as NumberState[];
    expect([...set]).toEqual([...new Set(reached.map((state) => numberStateFacts[state].inventoryStatus))]);
  });
});
