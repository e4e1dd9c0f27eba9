import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { setRequestClock } from "@/lib/api/request-clock";
import { getPrisma } from "@/lib/db/client";
import { manualCarrier } from "@/lib/porting/carriers/manual";
import { driveCarrier } from "@/lib/porting/driver";
import { chargesOf, portNumbersOf, submittedOrder, timelineOf } from "@/lib/porting/test-ports";

// POST /port_orders/{port_order_id}/carrier_actions (docs/API.md "Port-in"): support does by hand
// what the losing carrier would, each move in the timeline with support as its actor; a customer
// is refused 401 role_forbidden, and every bad request is answered with nothing changed.

const MONDAY = new Date("2027-02-01T09:00:00Z");
const NOW = new Date("2027-02-02T09:00:00Z");
const FOC_AT = "2027-02-04T10:00:00.000Z";
let clock = NOW;

beforeAll(async () => {
  setRequestClock(() => clock);
  // The GB local product ported numbers are charged under, at 0.01 a day in February 2027.
  const prisma = await getPrisma();
  const product = await prisma.product.findFirstOrThrow({
    where: { countryId: "GB", numberTypeId: "local" },
    orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
  });
  await prisma.product.update({ where: { id: product.id }, data: { monthlyFee: "0.28", setupFee: "0.05" } });
});
afterAll(() => setRequestClock(undefined));

let block = 0;
function numbers(...endings: string[]): string[] {
  block += 1;
  return endings.map((end) => `+44207947${String(block).padStart(2, "0")}${end}`);
}

const desk = (orderId: string, body: unknown, token: "support" | "acmeAll" = "support") =>
  api<{ data: { status: string; foc_at: string | null; exception: unknown; version: number } }>(
    "POST",
    `/port_orders/${orderId}/carrier_actions`,
    { token, body },
  );

const bySupport = (from: string, to: string, at: Date, kind = "status_changed") => [
  kind,
  from,
  to,
  "support",
  at.toISOString(),
];
const submitted = ["status_changed", "draft", "submitted", "member", MONDAY.toISOString()];

describe("the port desk", () => {
  it("confirms the FOC, completes at it naming a failed number, and the numbers come over as the driver's would", async () => {
    const [good, failing] = numbers("10", "11");
    const order = await submittedOrder({ numbers: [good, failing], at: MONDAY });
    clock = NOW;
    const confirmed = await desk(order, { action: "foc_confirm", foc_at: FOC_AT });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toMatchObject({ status: "foc_confirmed", foc_at: FOC_AT });
    // Completing is for an order being activated: refused before the FOC, nothing written.
    const early = await desk(order, { action: "complete" });
    expect(early.status).toBe(400);
    expect(early.body).toEqual(
      errorBody(
        "Bad Request",
        "invalid_transition",
        "A port order that is foc_confirmed cannot be completed; only one that is activating can.",
        "status=foc_confirmed, action=complete, allowed=activating",
      ),
    );

    // The worker starts the activation at the FOC; the desk completes it.
    const prisma = await getPrisma();
    clock = new Date(FOC_AT);
    expect(await driveCarrier(clock, manualCarrier)).toMatchObject({ activating: 1, completed: 0 });
    const completed = await desk(order, {
      action: "complete",
      details: [{ code: "other", field: failing, message: "The losing carrier kept the number." }],
    });
    expect(completed.status).toBe(200);
    expect(completed.body.data.status).toBe("partially_ported");

    expect(await timelineOf(order)).toEqual([
      submitted,
      bySupport("submitted", "foc_confirmed", NOW),
      ["status_changed", "foc_confirmed", "activating", "system", FOC_AT],
      bySupport("activating", "partially_ported", new Date(FOC_AT)),
    ]);
    expect(await portNumbersOf(order)).toEqual([
      { number: good, status: "ported", failureReason: null, configuration: "active" },
      {
        number: failing,
        status: "failed",
        failureReason: "The losing carrier kept the number.",
        configuration: null,
      },
    ]);
    // From the 4th to the end of February: 25 days of 0.01, and the setup fee.
    expect(await chargesOf([good])).toEqual([
      [good, "setup_fee", -5, "setup:<number_id>"],
      [good, "prorated_fee", -25, "prorated:<number_id>:2027-02"],
    ]);
    expect(await chargesOf([failing])).toEqual([]);
    const audit = await prisma.auditEvent.findFirstOrThrow({
      where: { action: "port_order.partially_ported", resourceId: order },
    });
    expect(audit).toMatchObject({ actorType: "support", actorId: "usr_numbers_support" });
  });

  it("raises an exception, moves a confirmed FOC and confirms a cancellation", async () => {
    const excepted = await submittedOrder({ numbers: numbers("12"), at: MONDAY });
    clock = NOW;
    const details = [
      {
        code: "authorized_person_mismatch",
        field: "losing_carrier.authorized_person",
        message: "Not on the account.",
      },
    ];
    const raised = await desk(excepted, { action: "exception", details });
    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({ status: "exception", exception: details });

    const moved = await submittedOrder({ numbers: numbers("13"), at: MONDAY });
    await desk(moved, { action: "foc_confirm", foc_at: FOC_AT });
    const later = "2027-02-05T10:00:00.000Z";
    const changed = await desk(moved, { action: "foc_change", foc_at: later });
    expect(changed.body.data).toMatchObject({ status: "foc_confirmed", foc_at: later });

    const withdrawn = numbers("14");
    const cancelled = await submittedOrder({
      numbers: withdrawn,
      at: MONDAY,
      requestedFocDate: "2027-02-10",
    });
    const asked = await api("POST", `/port_orders/${cancelled}/actions/cancel`, { token: "acmeAll" });
    expect(asked.status).toBe(200);
    const confirmedCancel = await desk(cancelled, { action: "confirm_cancel" });
    expect(confirmedCancel.body.data.status).toBe("cancelled");

    expect(await timelineOf(excepted)).toEqual([
      submitted,
      bySupport("submitted", "exception", NOW, "exception"),
    ]);
    expect(await timelineOf(moved)).toEqual([
      submitted,
      bySupport("submitted", "foc_confirmed", NOW),
      bySupport("foc_confirmed", "foc_confirmed", NOW, "foc_changed"),
    ]);
    expect(await timelineOf(cancelled)).toEqual([
      submitted,
      ["status_changed", "submitted", "cancel_pending", "token", NOW.toISOString()],
      bySupport("cancel_pending", "cancelled", NOW),
    ]);
    expect(await portNumbersOf(cancelled)).toEqual([
      { number: withdrawn[0], status: "cancelled", failureReason: null, configuration: null },
    ]);
  });

  describe("refuses, changing nothing", () => {
    let order = "";
    beforeAll(async () => {
      order = await submittedOrder({ numbers: numbers("15"), at: MONDAY });
    });

    it.each([
      [
        "a customer, whatever its role (401 role_forbidden)",
        { action: "foc_confirm", foc_at: FOC_AT },
        "acmeAll",
        401,
        "role_forbidden",
      ],
      ["an unknown action", { action: "port" }, "support", 400, "invalid_parameter"],
      ["foc_confirm without foc_at", { action: "foc_confirm" }, "support", 400, "invalid_parameter"],
      [
        "foc_at that is not a time",
        { action: "foc_confirm", foc_at: "soon" },
        "support",
        400,
        "invalid_parameter",
      ],
      [
        "a cut-over already past",
        { action: "foc_confirm", foc_at: "2027-02-02T08:59:59Z" },
        "support",
        400,
        "invalid_parameter",
      ],
      ["exception without details", { action: "exception" }, "support", 400, "invalid_parameter"],
      [
        "an exception code not in the list",
        { action: "exception", details: [{ code: "bad", field: "x", message: "y" }] },
        "support",
        400,
        "invalid_parameter",
      ],
      [
        "details where the action takes none",
        { action: "confirm_cancel", details: [] },
        "support",
        400,
        "invalid_parameter",
      ],
      [
        "a field not in the schema",
        { action: "confirm_cancel", note: "x" },
        "support",
        400,
        "invalid_parameter",
      ],
      ["a move the state does not allow", { action: "confirm_cancel" }, "support", 400, "invalid_transition"],
    ] as const)("%s", async (_, body, token, status, code) => {
      clock = NOW;
      const prisma = await getPrisma();
      const before = await prisma.portOrder.findUniqueOrThrow({ where: { id: order } });
      const response = await desk(order, body, token);
      expect(response.status).toBe(status);
      expect(response.body).toMatchObject({ error: { code } });
      expect(await prisma.portOrder.findUniqueOrThrow({ where: { id: order } })).toEqual(before);
      expect(await timelineOf(order)).toEqual([submitted]);
    });

    it("a body not sent as JSON: 415 unsupported_media_type, as on every JSON route", async () => {
      const response = await api("POST", `/port_orders/${order}/carrier_actions`, {
        token: "support",
        body: JSON.stringify({ action: "confirm_cancel" }),
        headers: { "content-type": "text/plain" },
      });
      expect(response.status).toBe(415);
      expect(response.body).toMatchObject({
        error: { code: "unsupported_media_type", details: "header.content-type=text/plain" },
      });
      expect(await timelineOf(order)).toEqual([submitted]);
    });

    it("answers 404 for an order that does not exist", async () => {
      const response = await desk("po_00000000000000000000000000000000", { action: "confirm_cancel" });
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ error: { code: "not_found" } });
    });

    it("a complete naming a number not in the order: 400, nothing activated", async () => {
      clock = NOW;
      const activating = await submittedOrder({ numbers: numbers("16"), at: MONDAY });
      await desk(activating, { action: "foc_confirm", foc_at: FOC_AT });
      await driveCarrier(new Date(FOC_AT), manualCarrier);
      const response = await desk(activating, {
        action: "complete",
        details: [{ code: "other", field: "+442079999999", message: "gone" }],
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        error: { code: "invalid_parameter", details: "details.0.field=+442079999999" },
      });
      expect((await portNumbersOf(activating)).map((row) => row.configuration)).toEqual(["porting"]);
    });
  });
});
