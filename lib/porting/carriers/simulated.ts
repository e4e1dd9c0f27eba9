import type {
  ActivationAnswer,
  CancelAnswer,
  CarrierOrder,
  FocChangeAnswer,
  LosingCarrier,
  NotPortableReason,
  PortabilityAnswer,
  SubmitAnswer,
} from "@/lib/porting/carriers/carrier";
import { portExceptionFields, type PortExceptionCode, type PortExceptionDetail } from "@/lib/schemas/porting";

// The simulated losing carrier (PORTING_CARRIER=simulated, the default; docs/API.md "Port-in").
// Pure and deterministic: what happens to a number depends on its last two digits only, so a
// test, a demo or an API client can pick the outcome by picking the number.
//
//   00–79  ported: the FOC is confirmed one business day after submission (for the requested
//          FOC date) and the number comes over at the FOC
//   80–89  exception account_number_mismatch (field losing_carrier.account_number)
//   90–94  exception pin_mismatch (field losing_carrier.pin)
//   95–97  confirmed like 00–79, but the number fails at cut-over (a partial port)
//   98–99  not portable (the carrier refuses to release it)
//
// An exception is raised on the first submission only: a resubmission is taken to carry the
// corrected field, and is confirmed. A change of FOC date and a cancellation are confirmed at
// once. The losing carrier of a number is one of four names, picked by its first six digits
// (calling code and the start of the national number), so numbers of one block share a carrier
// and an order mixing blocks may be split by carrier.

/** Business days the simulated carrier takes to answer a submission. */
const SIMULATED_ANSWER_DAYS = 1;

export const simulatedCarrierNames = [
  "Northwind Telecom",
  "Bluebell Mobile",
  "Keystone Networks",
  "Harbour Telecom",
] as const;

/** What the last two digits of a number make the simulator do with it. */
export type SimulatedOutcome =
  "ported" | "account_number_mismatch" | "pin_mismatch" | "activation_fails" | "not_portable";

export function simulatedOutcome(numberE164: string): SimulatedOutcome {
  const lastTwo = Number(numberE164.slice(-2));
  if (lastTwo >= 98) return "not_portable";
  if (lastTwo >= 95) return "activation_fails";
  if (lastTwo >= 90) return "pin_mismatch";
  if (lastTwo >= 80) return "account_number_mismatch";
  return "ported";
}

/** The simulated losing carrier of a number: by its first six digits. */
export function simulatedLosingCarrier(numberE164: string): string {
  const prefix = Number(numberE164.replace(/\D/g, "").slice(0, 6));
  return simulatedCarrierNames[prefix % simulatedCarrierNames.length];
}

const NOT_PORTABLE: NotPortableReason = "carrier_refused";

const exceptionWords: Record<
  Extract<PortExceptionCode, "account_number_mismatch" | "pin_mismatch">,
  string
> = {
  account_number_mismatch: "The account number does not match the losing carrier's records",
  pin_mismatch: "The account PIN does not match the losing carrier's records",
};

export function checkSimulatedPortability(numbers: readonly string[]): PortabilityAnswer[] {
  return numbers.map((numberE164) =>
    simulatedOutcome(numberE164) === "not_portable"
      ? {
          numberE164,
          portable: false,
          reason: NOT_PORTABLE,
          losingCarrier: simulatedLosingCarrier(numberE164),
        }
      : { numberE164, portable: true, losingCarrier: simulatedLosingCarrier(numberE164) },
  );
}

export function submitSimulatedOrder(order: CarrierOrder): SubmitAnswer {
  const after = SIMULATED_ANSWER_DAYS;
  const refused = order.numbers.filter((number) => simulatedOutcome(number) === "not_portable");
  if (refused.length > 0)
    return {
      after,
      kind: "not_portable",
      numbers: refused.map((numberE164) => ({ numberE164, reason: NOT_PORTABLE })),
    };
  if (order.attempt === 1) {
    const details: PortExceptionDetail[] = (["account_number_mismatch", "pin_mismatch"] as const).flatMap(
      (code) => {
        const numbers = order.numbers.filter((number) => simulatedOutcome(number) === code);
        return numbers.length === 0
          ? []
          : [
              {
                code,
                field: portExceptionFields[code],
                message: `${exceptionWords[code]} (${numbers.join(", ")}).`,
              },
            ];
      },
    );
    if (details.length > 0) return { after, kind: "exception", details };
  }
  return { after, kind: "foc_confirmed", focDate: order.requestedFocDate };
}

export function activateSimulatedOrder(order: CarrierOrder): ActivationAnswer {
  return {
    kind: "activated",
    numbers: order.numbers.map((numberE164) =>
      simulatedOutcome(numberE164) === "activation_fails"
        ? { numberE164, ported: false, reason: "The losing carrier did not release the number at cut-over." }
        : { numberE164, ported: true },
    ),
  };
}

export const simulatedCarrier: LosingCarrier = {
  name: "simulated",
  checkPortability: async (numbers) => checkSimulatedPortability(numbers),
  submitOrder: async (order) => submitSimulatedOrder(order),
  requestFocChange: async (_order, focDate): Promise<FocChangeAnswer> => ({
    after: 0,
    kind: "foc_confirmed",
    focDate,
  }),
  cancelOrder: async (): Promise<CancelAnswer> => ({ after: 0, kind: "cancel_confirmed" }),
  activateOrder: async (order) => activateSimulatedOrder(order),
};
