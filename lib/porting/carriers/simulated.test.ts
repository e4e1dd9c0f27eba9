import { describe, expect, it } from "vitest";
import type { CarrierOrder } from "@/lib/porting/carriers/carrier";
import { manualCarrier } from "@/lib/porting/carriers/manual";
import {
  activateSimulatedOrder,
  checkSimulatedPortability,
  simulatedCarrier,
  simulatedCarrierNames,
  simulatedLosingCarrier,
  simulatedOutcome,
  submitSimulatedOrder,
} from "@/lib/porting/carriers/simulated";

// The simulated losing carrier's table of outcomes (docs/API.md "Port-in"): by the last two
// digits of each number, every boundary written out.

const order = (numbers: string[], attempt = 1): CarrierOrder => ({
  portOrderId: "po_test",
  country: "GB",
  losingCarrier: "Northwind Telecom",
  numberType: "local",
  accountNumber: "ACC-1",
  pin: "1234",
  authorizedPerson: "Ada Lovelace",
  requestedFocDate: "2027-02-03",
  numbers,
  attempt,
});

describe("the simulated carrier's outcome by a number's last two digits", () => {
  it.each([
    ["+442079460000", "ported"],
    ["+442079460042", "ported"],
    ["+442079460079", "ported"],
    ["+442079460080", "account_number_mismatch"],
    ["+442079460089", "account_number_mismatch"],
    ["+442079460090", "pin_mismatch"],
    ["+442079460094", "pin_mismatch"],
    ["+442079460095", "activation_fails"],
    ["+442079460097", "activation_fails"],
    ["+442079460098", "not_portable"],
    ["+442079460099", "not_portable"],
    ["+12125550180", "account_number_mismatch"],
  ])("%s → %s", (number, outcome) => {
    expect(simulatedOutcome(number)).toBe(outcome);
  });

  it("covers the hundred endings in the documented proportions", () => {
    const counts: Record<string, number> = {};
    for (let end = 0; end < 100; end++) {
      const outcome = simulatedOutcome(`+4420794601${String(end).padStart(2, "0")}`);
      counts[outcome] = (counts[outcome] ?? 0) + 1;
    }
    expect(counts).toEqual({
      ported: 80,
      account_number_mismatch: 10,
      pin_mismatch: 5,
      activation_fails: 3,
      not_portable: 2,
    });
  });
});

describe("the simulated losing carrier's name", () => {
  it("is picked by the first six digits, so one block shares a carrier", () => {
    expect(simulatedLosingCarrier("+442079460000")).toBe(simulatedCarrierNames[442079 % 4]);
    expect(simulatedLosingCarrier("+442079460000")).toBe("Harbour Telecom");
    expect(simulatedLosingCarrier("+442079469999")).toBe("Harbour Telecom");
    expect(simulatedLosingCarrier("+442080460000")).toBe("Northwind Telecom");
    expect(simulatedLosingCarrier("+12125550100")).toBe(simulatedCarrierNames[121255 % 4]);
    expect(simulatedLosingCarrier("+12125550100")).toBe("Harbour Telecom");
  });
});

describe("checkPortability", () => {
  it("answers portable with the carrier, or not portable with a reason, in the order asked", async () => {
    expect(await simulatedCarrier.checkPortability(["+442079460098", "+442079460001"])).toEqual([
      {
        numberE164: "+442079460098",
        portable: false,
        reason: "carrier_refused",
        losingCarrier: "Harbour Telecom",
      },
      { numberE164: "+442079460001", portable: true, losingCarrier: "Harbour Telecom" },
    ]);
    expect(checkSimulatedPortability([])).toEqual([]);
  });
});

describe("submitOrder", () => {
  it("confirms the requested FOC date one business day after submission", () => {
    expect(submitSimulatedOrder(order(["+442079460001", "+442079460095"]))).toEqual({
      after: 1,
      kind: "foc_confirmed",
      focDate: "2027-02-03",
    });
  });

  it("raises each exception once, naming the field to fix and the numbers", () => {
    expect(
      submitSimulatedOrder(order(["+442079460001", "+442079460080", "+442079460091", "+442079460085"])),
    ).toEqual({
      after: 1,
      kind: "exception",
      details: [
        {
          code: "account_number_mismatch",
          field: "losing_carrier.account_number",
          message:
            "The account number does not match the losing carrier's records (+442079460080, +442079460085).",
        },
        {
          code: "pin_mismatch",
          field: "losing_carrier.pin",
          message: "The account PIN does not match the losing carrier's records (+442079460091).",
        },
      ],
    });
    expect(submitSimulatedOrder(order(["+442079460090"]))).toMatchObject({
      kind: "exception",
      details: [{ code: "pin_mismatch", field: "losing_carrier.pin" }],
    });
  });

  it("confirms a resubmission: it is taken to carry the corrected field", () => {
    expect(submitSimulatedOrder(order(["+442079460080", "+442079460090"], 2))).toEqual({
      after: 1,
      kind: "foc_confirmed",
      focDate: "2027-02-03",
    });
  });

  it("answers not portable before any exception, listing only the refused numbers", () => {
    for (const attempt of [1, 2])
      expect(
        submitSimulatedOrder(order(["+442079460080", "+442079460099", "+442079460001"], attempt)),
      ).toEqual({
        after: 1,
        kind: "not_portable",
        numbers: [{ numberE164: "+442079460099", reason: "carrier_refused" }],
      });
  });
});

describe("activateOrder, FOC changes and cancellation", () => {
  it("ports every number at the FOC but those ending 95–97", async () => {
    expect(activateSimulatedOrder(order(["+442079460001", "+442079460096", "+442079460094"]))).toEqual({
      kind: "activated",
      numbers: [
        { numberE164: "+442079460001", ported: true },
        {
          numberE164: "+442079460096",
          ported: false,
          reason: "The losing carrier did not release the number at cut-over.",
        },
        { numberE164: "+442079460094", ported: true },
      ],
    });
    expect(await simulatedCarrier.activateOrder(order(["+442079460001"]))).toEqual({
      kind: "activated",
      numbers: [{ numberE164: "+442079460001", ported: true }],
    });
  });

  it("confirms a new FOC date and a cancellation at once", async () => {
    expect(await simulatedCarrier.requestFocChange(order(["+442079460001"]), "2027-02-10")).toEqual({
      after: 0,
      kind: "foc_confirmed",
      focDate: "2027-02-10",
    });
    expect(await simulatedCarrier.cancelOrder(order(["+442079460001"]))).toEqual({
      after: 0,
      kind: "cancel_confirmed",
    });
  });
});

describe("the manual carrier", () => {
  it("answers nothing by itself: the port desk does", async () => {
    const sent = order(["+442079460080"]);
    expect(await manualCarrier.submitOrder(sent)).toEqual({ after: 0, kind: "no_answer" });
    expect(await manualCarrier.requestFocChange(sent, "2027-02-10")).toEqual({ after: 0, kind: "no_answer" });
    expect(await manualCarrier.cancelOrder(sent)).toEqual({ after: 0, kind: "no_answer" });
    expect(await manualCarrier.activateOrder(sent)).toEqual({ kind: "no_answer" });
    expect(await manualCarrier.checkPortability(["+442079460099"])).toEqual([
      { numberE164: "+442079460099", portable: true, losingCarrier: "Unknown carrier" },
    ]);
  });
});
