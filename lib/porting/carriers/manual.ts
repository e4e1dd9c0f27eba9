import type { LosingCarrier } from "@/lib/porting/carriers/carrier";

// PORTING_CARRIER=manual: a carrier that never answers by itself. Every order waits for the
// port desk (POST /port_orders/{id}/carrier_actions) to confirm the FOC, raise an exception,
// complete or confirm a cancellation by hand, as it would with a carrier reached by phone or email.
// A portability check says every number is portable from an unknown carrier: the desk finds out.

export const manualCarrier: LosingCarrier = {
  name: "manual",
  checkPortability: async (numbers) =>
    numbers.map((numberE164) => ({ numberE164, portable: true, losingCarrier: "Unknown carrier" })),
  submitOrder: async () => ({ after: 0, kind: "no_answer" }),
  requestFocChange: async () => ({ after: 0, kind: "no_answer" }),
  cancelOrder: async () => ({ after: 0, kind: "no_answer" }),
  activateOrder: async () => ({ kind: "no_answer" }),
};
