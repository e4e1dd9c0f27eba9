import { beforeAll, describe, expect, it } from "vitest";
import { getPrisma } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { driveCarrier } from "@/lib/porting/driver";
import { movePortOrder } from "@/lib/porting/move";
import { chargesOf, customer, portNumbersOf, submittedOrder, timelineOf } from "@/lib/porting/test-ports";

// The carrier driver on an injected clock (docs/API.md "Port-in"), with the simulated carrier:
// each order's timeline against the exact sequence it must have, the numbers' end states, and
// the money. Monday 2027-02-01 09:00 UTC is the submission; the simulator answers one business
// day later, and the FOC is the requested date's cut-over (10:00 UTC).

const MONDAY = new Date("2027-02-01T09:00:00Z");
const TUESDAY = new Date("2027-02-02T09:00:00Z");
const FOC = new Date("2027-02-03T10:00:00Z");
const at = (iso: string) => new Date(iso);
const submitted = (when = MONDAY) => ["status_changed", "draft", "submitted", "member", when.toISOString()];
const bySystem = (from: string, to: string, when: Date, kind = "status_changed") => [
  kind,
  from,
  to,
  "system",
  when.toISOString(),
];
const nothing = { confirmed: 0, exceptions: 0, activating: 0, completed: 0, cancelled: 0 };

let block = 0;
/** Numbers of a fresh block, ending in the two digits given (the simulator's outcome). */
function numbers(...endings: string[]): string[] {
  block += 1;
  return endings.map((end) => `+44207946${String(block).padStart(2, "0")}${end}`);
}

const statusOf = async (orderId: string) =>
  (await (await getPrisma()).portOrder.findUniqueOrThrow({ where: { id: orderId } })).status;

beforeAll(async () => {
  // The GB local product a ported number is charged under (the destination's cheapest), at fees
  // easy to follow: 2.80 a month is 0.10 a day in February 2027 (28 days), and 0.50 to set up.
  const prisma = await getPrisma();
  const product = await prisma.product.findFirstOrThrow({
    where: { countryId: "GB", numberTypeId: "local" },
    orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
  });
  await prisma.product.update({ where: { id: product.id }, data: { monthlyFee: "0.28", setupFee: "0.05" } });
});

describe("the carrier driver", () => {
  it("ports numbers ending 00–79: confirmed a business day after submission, ported at the FOC, charged once", async () => {
    const ported = numbers("00", "01");
    const order = await submittedOrder({ numbers: ported, at: MONDAY });

    // Before the answer is due, nothing moves.
    expect(await driveCarrier(at("2027-02-02T08:59:59Z"))).toMatchObject(nothing);
    expect(await driveCarrier(TUESDAY)).toMatchObject({ ...nothing, confirmed: 1 });
    const confirmed = await (await getPrisma()).portOrder.findUniqueOrThrow({ where: { id: order } });
    expect(confirmed).toMatchObject({ status: "foc_confirmed", focAt: FOC });
    expect(await driveCarrier(at("2027-02-03T09:59:59Z"))).toMatchObject(nothing);
    expect(await driveCarrier(FOC)).toMatchObject({ ...nothing, activating: 1, completed: 1 });
    // Again at the same moment and later: nothing moves, nothing is charged twice.
    expect(await driveCarrier(FOC)).toMatchObject(nothing);
    expect(await driveCarrier(at("2027-02-04T10:00:00Z"))).toMatchObject(nothing);

    expect(await timelineOf(order)).toEqual([
      submitted(),
      bySystem("submitted", "foc_confirmed", TUESDAY),
      bySystem("foc_confirmed", "activating", FOC),
      bySystem("activating", "ported", FOC),
    ]);
    expect(await portNumbersOf(order)).toEqual(
      ported.map((number) => ({ number, status: "ported", failureReason: null, configuration: "active" })),
    );
    // The rest of February from the 3rd: 26 days of 0.01; the setup fee 0.05; once each.
    expect(await chargesOf(ported)).toEqual(
      ported.flatMap((number) => [
        [number, "setup_fee", -5, "setup:<number_id>"],
        [number, "prorated_fee", -26, "prorated:<number_id>:2027-02"],
      ]),
    );
    const prisma = await getPrisma();
    const activated = (
      await prisma.event.findMany({ where: { type: "number.activated" }, orderBy: { seq: "asc" } })
    )
      .map((event) => event.data as { number: string; status: string })
      .filter((data) => ported.includes(data.number));
    expect(activated.map((data) => [data.number, data.status])).toEqual(
      ported.map((number) => [number, "active"]),
    );
    expect(await statusOf(order)).toBe("ported");
  });

  it("raises an exception for 80–89 on the first submission; the fixed resubmission ports", async () => {
    const ported = numbers("80", "02");
    const order = await submittedOrder({ numbers: ported, at: MONDAY, requestedFocDate: "2027-02-05" });
    expect(await driveCarrier(TUESDAY)).toMatchObject({ ...nothing, exceptions: 1 });
    const raised = await (await getPrisma()).portOrder.findUniqueOrThrow({ where: { id: order } });
    expect(raised.exceptionDetails).toEqual([
      {
        code: "account_number_mismatch",
        field: "losing_carrier.account_number",
        message: `The account number does not match the losing carrier's records (${ported[0]}).`,
      },
    ]);

    const fixedAt = at("2027-02-02T12:00:00Z");
    await inRetryingTransaction((tx) =>
      movePortOrder(tx, {
        orderId: order,
        organizationId: "org_acme",
        action: "resubmit",
        actor: customer,
        now: fixedAt,
      }),
    );
    expect(await driveCarrier(at("2027-02-03T11:59:59Z"))).toMatchObject(nothing);
    expect(await driveCarrier(at("2027-02-03T12:00:00Z"))).toMatchObject({ ...nothing, confirmed: 1 });
    const foc = at("2027-02-05T10:00:00Z");
    expect(await driveCarrier(foc)).toMatchObject({ ...nothing, activating: 1, completed: 1 });

    expect(await timelineOf(order)).toEqual([
      submitted(),
      bySystem("submitted", "exception", TUESDAY, "exception"),
      ["status_changed", "exception", "submitted", "member", fixedAt.toISOString()],
      bySystem("submitted", "foc_confirmed", at("2027-02-03T12:00:00Z")),
      bySystem("foc_confirmed", "activating", foc),
      bySystem("activating", "ported", foc),
    ]);
    expect((await portNumbersOf(order)).map((row) => row.configuration)).toEqual(["active", "active"]);
  });

  it("puts an order with a number the carrier will not port (98–99) in exception, naming it", async () => {
    const [good, refused] = numbers("20", "98");
    const order = await submittedOrder({ numbers: [good, refused], at: MONDAY });
    expect(await driveCarrier(TUESDAY)).toMatchObject({ ...nothing, exceptions: 1 });
    const raised = await (await getPrisma()).portOrder.findUniqueOrThrow({ where: { id: order } });
    expect(raised).toMatchObject({ status: "exception", focAt: null });
    expect(raised.exceptionDetails).toEqual([
      {
        code: "other",
        field: "numbers",
        message: `The losing carrier will not port ${refused}: remove them from the order.`,
      },
    ]);
    expect(await timelineOf(order)).toEqual([
      submitted(),
      bySystem("submitted", "exception", TUESDAY, "exception"),
    ]);
    // Left for the customer: it is not moved again.
    expect(await driveCarrier(at("2027-02-03T09:00:00Z"))).toMatchObject(nothing);
  });

  it("ports in part: a number ending 95 fails at cut-over, is withdrawn and charged nothing", async () => {
    const [good, failing] = numbers("03", "95");
    const order = await submittedOrder({ numbers: [good, failing], at: MONDAY });
    await driveCarrier(TUESDAY);
    expect(await driveCarrier(FOC)).toMatchObject({ ...nothing, activating: 1, completed: 1 });

    expect(await timelineOf(order)).toEqual([
      submitted(),
      bySystem("submitted", "foc_confirmed", TUESDAY),
      bySystem("foc_confirmed", "activating", FOC),
      bySystem("activating", "partially_ported", FOC),
    ]);
    expect(await portNumbersOf(order)).toEqual([
      { number: good, status: "ported", failureReason: null, configuration: "active" },
      {
        number: failing,
        status: "failed",
        failureReason: "The losing carrier did not release the number at cut-over.",
        configuration: null,
      },
    ]);
    const prisma = await getPrisma();
    expect(await prisma.numberConfiguration.count({ where: { number: failing } })).toBe(0);
    expect(await chargesOf([failing])).toEqual([]);
    expect((await chargesOf([good])).length).toBe(2);
    // The audit log keeps what the withdrawn number was.
    const withdrawals = (
      await prisma.auditEvent.findMany({
        where: { action: "number.port_withdrawn", organizationId: "org_acme" },
      })
    ).filter((entry) => JSON.stringify(entry.changes).includes(order));
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]).toMatchObject({ actorType: "system", at: FOC });
    expect(withdrawals[0].changes).toEqual([
      { field: "status", from: "porting", to: null },
      { field: "port_order_id", from: order, to: null },
      {
        field: "failure_reason",
        from: null,
        to: "The losing carrier did not release the number at cut-over.",
      },
    ]);
  });

  it("confirms the cancellation of a submitted order: every number withdrawn", async () => {
    const withdrawn = numbers("04", "05");
    const order = await submittedOrder({ numbers: withdrawn, at: MONDAY });
    const asked = at("2027-02-01T11:00:00Z");
    await inRetryingTransaction((tx) =>
      movePortOrder(tx, {
        orderId: order,
        organizationId: "org_acme",
        action: "request_cancel",
        actor: customer,
        now: asked,
      }),
    );
    expect(await driveCarrier(asked)).toMatchObject({ ...nothing, cancelled: 1 });
    expect(await driveCarrier(TUESDAY)).toMatchObject(nothing);
    expect(await timelineOf(order)).toEqual([
      submitted(),
      ["status_changed", "submitted", "cancel_pending", "member", asked.toISOString()],
      bySystem("cancel_pending", "cancelled", asked),
    ]);
    expect(await portNumbersOf(order)).toEqual(
      withdrawn.map((number) => ({ number, status: "cancelled", failureReason: null, configuration: null })),
    );
    expect(
      await (await getPrisma()).numberConfiguration.count({ where: { number: { in: withdrawn } } }),
    ).toBe(0);
    expect(await chargesOf(withdrawn)).toEqual([]);
  });

  it("confirms the cancellation of an order with a confirmed FOC, before the FOC", async () => {
    const withdrawn = numbers("06");
    const order = await submittedOrder({ numbers: withdrawn, at: MONDAY, requestedFocDate: "2027-02-05" });
    await driveCarrier(TUESDAY);
    const asked = at("2027-02-02T10:00:00Z");
    await inRetryingTransaction((tx) =>
      movePortOrder(tx, {
        orderId: order,
        organizationId: "org_acme",
        action: "request_cancel",
        actor: customer,
        now: asked,
      }),
    );
    expect(await driveCarrier(at("2027-02-02T10:01:00Z"))).toMatchObject({ ...nothing, cancelled: 1 });
    // The FOC passes: the cancelled order is not activated.
    expect(await driveCarrier(at("2027-02-05T10:00:00Z"))).toMatchObject(nothing);
    expect(await timelineOf(order)).toEqual([
      submitted(),
      bySystem("submitted", "foc_confirmed", TUESDAY),
      ["status_changed", "foc_confirmed", "cancel_pending", "member", asked.toISOString()],
      bySystem("cancel_pending", "cancelled", at("2027-02-02T10:01:00Z")),
    ]);
    expect(await portNumbersOf(order)).toEqual([
      { number: withdrawn[0], status: "cancelled", failureReason: null, configuration: null },
    ]);
  });

  it("activates a number that needs documents no approved bundle covers as pending_documents (IE local)", async () => {
    const waiting = ["+35312345610"];
    const order = await submittedOrder({ numbers: waiting, at: MONDAY, country: "IE", numberType: "local" });
    await driveCarrier(TUESDAY);
    expect(await driveCarrier(FOC)).toMatchObject({ ...nothing, activating: 1, completed: 1 });
    const prisma = await getPrisma();
    const configuration = await prisma.numberConfiguration.findFirstOrThrow({
      where: { number: waiting[0] },
    });
    expect(configuration).toMatchObject({
      status: "pending_documents",
      portOrderId: order,
      inventoryNumberId: null,
    });
    expect(configuration.documentsDue?.getTime()).toBe(
      FOC.getTime() + getEnv().DOCUMENTS_DUE_DAYS * 86_400_000,
    );
    // Billed as the sale bills a number pending documents, from its start, at the destination's
    // cheapest product (IE Local Basic: 1.50 a month, no setup fee).
    const entries = await prisma.ledgerEntry.findMany({ where: { numberE164: waiting[0] } });
    expect(entries.map((entry) => [entry.kind, entry.currency, entry.idempotencyKey])).toEqual([
      ["prorated_fee", "EUR", `prorated:${configuration.id}:2027-02`],
    ]);
  });

  it("makes each move once when sweeps run at once, and a re-run charges nothing again", async () => {
    const ported = numbers("07", "08", "09");
    const order = await submittedOrder({ numbers: ported, at: MONDAY });
    const first = await Promise.all([driveCarrier(TUESDAY), driveCarrier(TUESDAY), driveCarrier(TUESDAY)]);
    expect(first.reduce((sum, sweep) => sum + sweep.confirmed, 0)).toBe(1);
    const second = await Promise.all([driveCarrier(FOC), driveCarrier(FOC), driveCarrier(FOC)]);
    expect(second.reduce((sum, sweep) => sum + sweep.activating, 0)).toBe(1);
    expect(second.reduce((sum, sweep) => sum + sweep.completed, 0)).toBe(1);
    expect((await timelineOf(order)).length).toBe(4);
    expect(await chargesOf(ported)).toHaveLength(6);
  });
});
