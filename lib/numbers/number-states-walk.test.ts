import { describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { placeOrder, type Buyer } from "@/lib/orders/place-order";
import { returnReleasedNumbers } from "@/lib/orders/return-released";
import { releaseForNonPayment } from "@/lib/dunning/dunning";
import { sweepDocumentDeadlines } from "@/lib/compliance/document-deadlines";
import { releaseNumber, restoreNumber } from "@/lib/numbers/lifecycle";
import { etagFor } from "@/lib/numbers/preconditions";
import type { Writer } from "@/lib/numbers/change-configuration";
import {
  isNumberTransition,
  numberStates,
  statesLeavingBy,
  type HeldState,
  type NumberCause,
  type NumberState,
} from "@/lib/schemas/number-states";

// The table walked against the writers themselves, on the test database: each operation is
// run on a number in every state it might meet, and what it did must be a move of
// lib/schemas/number-states.ts by its cause, and it must move exactly the states the table
// lets that cause leave. The clock is injected: no sweep waits for anything.

const DAY_MS = 24 * 60 * 60 * 1000;
const acme: Buyer = { organizationId: "org_acme", userId: "usr_acme_customer", tokenId: null };
const owner: Writer = {
  kind: "session",
  organizationId: "org_acme",
  role: "owner",
  userId: "usr_acme_customer",
  tokenId: null,
};
const T0 = new Date();

/**
 * The state of the number `e164` as configuration `id` knows it: its status, or available
 * once the configuration is gone and the inventory has it for sale. A back-order filled from
 * the return (another configuration) must itself be a move of the table, from available.
 */
async function stateOf(e164: string, id?: string): Promise<NumberState | "sold without a configuration"> {
  const prisma = await getPrisma();
  const number = await prisma.inventoryNumber.findUniqueOrThrow({
    where: { numberE164: e164 },
    include: { configuration: true },
  });
  const configuration = number.configuration;
  if (configuration && (id === undefined || configuration.id === id)) return configuration.status;
  if (configuration) {
    expect(isNumberTransition("available", configuration.status, "backorder_fill")).toBe(true);
    return "available";
  }
  return number.status === "available" ? "available" : "sold without a configuration";
}

/** Buys one number that needs documents no bundle covers, at T0: the sale's own move. */
async function buy(): Promise<{ id: string; e164: string; from: NumberState; to: NumberState }> {
  const prisma = await getPrisma();
  const [wanted] = await prisma.inventoryNumber.findMany({
    where: { countryId: "FR", status: "available", NOT: { requiredDocumentIds: { isEmpty: true } } },
    orderBy: { numberE164: "asc" },
    take: 1,
  });
  const e164 = wanted?.numberE164 ?? "";
  const from = await stateOf(e164);
  await placeOrder(acme, { contact_name: "State walk", items: [{ number_e164: e164 }] }, null, T0);
  const configuration = await prisma.numberConfiguration.findFirstOrThrow({ where: { number: e164 } });
  return { id: configuration.id, e164, from: from as NumberState, to: configuration.status };
}

/**
 * A number put in `state` with every deadline tempting: documents due yesterday, restorable
 * until tomorrow (the window closes before the return sweep's clock).
 */
async function numberIn(state: HeldState): Promise<{ id: string; e164: string }> {
  const { id, e164 } = await buy();
  const prisma = await getPrisma();
  await prisma.numberConfiguration.update({
    where: { id },
    data: {
      status: state,
      documentsDue: new Date(T0.getTime() - DAY_MS),
      restorableUntil: new Date(T0.getTime() + DAY_MS),
    },
  });
  return { id, e164 };
}

// The port causes (port_in, port_activation, port_withdrawn, return_to_carrier) are the port
// order's writers', walked with them; here a number being ported in meets every other operation.
const operations: Record<
  Exclude<
    NumberCause,
    | "sale"
    | "backorder_fill"
    | "activation"
    | "port_in"
    | "port_activation"
    | "port_withdrawn"
    | "return_to_carrier"
  >,
  (id: string) => Promise<unknown>
> = {
  release: async (id) => {
    const prisma = await getPrisma();
    const row = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id } });
    return releaseNumber(owner, id, etagFor(row), { force: true, now: T0 });
  },
  documents_overdue: () => sweepDocumentDeadlines(T0),
  // What the dunning sweep does 30 days after a suspension (lib/dunning/dunning.ts).
  non_payment: () => releaseForNonPayment("org_acme", "EUR", T0),
  restore: (id) => restoreNumber(owner, id, T0),
  return_to_inventory: () => returnReleasedNumbers(new Date(T0.getTime() + 2 * DAY_MS)),
};

const held: HeldState[] = ["active", "pending_documents", "aging", "porting"];
const cases = (Object.keys(operations) as (keyof typeof operations)[]).flatMap((cause) =>
  held.map((from) => [cause, from] as const),
);

describe("the writers walk only the table's moves", () => {
  it("a sale takes an available number to a state the table allows", async () => {
    const { from, to } = await buy();
    expect(from).toBe("available");
    expect(to).toBe("pending_documents");
    expect(isNumberTransition(from, to, "sale")).toBe(true);
  });

  it.each(cases)("%s of a number %s", async (cause, from) => {
    const { id, e164 } = await numberIn(from);
    // A person's release or restore of a number being ported in is refused, not ignored.
    const refusedWhilePorting = from === "porting" && (cause === "release" || cause === "restore");
    const done = operations[cause](id);
    if (refusedWhilePorting)
      await expect(done).rejects.toMatchObject({ code: "port_in_progress", status: 409 });
    else await done;
    const after = await stateOf(e164, id);
    expect(numberStates).toContain(after);
    const to = after as NumberState;
    if (to !== from) expect(isNumberTransition(from, to, cause), `${from} → ${to} by ${cause}`).toBe(true);
    expect(to !== from, `${cause} moves a number ${from}`).toBe(statesLeavingBy(cause).includes(from));
  });
});
