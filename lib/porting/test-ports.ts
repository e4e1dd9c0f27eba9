import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { newConfigurationId } from "@/lib/ids";
import { movePortOrder, type PortMover } from "@/lib/porting/move";
import { makePortOrder } from "@/lib/porting/test-orders";
import { assertNumberTransition } from "@/lib/schemas/number-states";

// Test fixtures for the carrier driver and the port desk: an order submitted at a given time,
// as the submit action leaves it (the order moved through movePortOrder, its numbers pending,
// each with a configuration `porting`), and the timeline and money read back.

export const customer: PortMover = { as: "customer", kind: "member", id: "usr_acme_owner" };

export async function submittedOrder(options: {
  numbers: string[];
  at: Date;
  requestedFocDate?: string;
  country?: string;
  numberType?: string;
  organizationId?: string;
}) {
  const organizationId = options.organizationId ?? "org_acme";
  const prisma = await getPrisma();
  const draft = await makePortOrder(organizationId, { numbers: options.numbers });
  await prisma.portOrder.update({
    where: { id: draft.id },
    data: {
      country: options.country ?? "GB",
      numberType: options.numberType ?? "local",
      requestedFocDate: new Date(`${options.requestedFocDate ?? "2027-02-03"}T00:00:00Z`),
    },
  });
  await inRetryingTransaction(async (tx) => {
    await movePortOrder(tx, {
      orderId: draft.id,
      organizationId,
      action: "submit",
      actor: customer,
      now: options.at,
    });
    for (const numberE164 of options.numbers) {
      const configuration = await tx.numberConfiguration.create({
        data: {
          id: newConfigurationId(),
          organizationId,
          kind: "number",
          number: numberE164,
          name: numberE164,
          status: assertNumberTransition("elsewhere", "porting", "port_in"),
          portOrderId: draft.id,
          createdAt: options.at,
        },
      });
      await tx.portOrderNumber.updateMany({
        where: { portOrderId: draft.id, numberE164 },
        data: { status: "pending", numberConfigurationId: configuration.id },
      });
    }
  });
  return draft.id;
}

/** The order's timeline as [kind, from, to, actor kind, at]. */
export async function timelineOf(orderId: string) {
  const prisma = await getPrisma();
  const entries = await prisma.portOrderEvent.findMany({
    where: { portOrderId: orderId },
    orderBy: [{ createdAt: "asc" }, { seq: "asc" }],
  });
  return entries.map((entry) => [
    entry.kind,
    entry.fromStatus,
    entry.toStatus,
    entry.actorKind,
    entry.createdAt.toISOString(),
  ]);
}

export async function portNumbersOf(orderId: string) {
  const prisma = await getPrisma();
  const rows = await prisma.portOrderNumber.findMany({
    where: { portOrderId: orderId },
    orderBy: { numberE164: "asc" },
    include: { numberConfiguration: { select: { status: true, documentsDue: true } } },
  });
  return rows.map((row) => ({
    number: row.numberE164,
    status: row.status,
    failureReason: row.failureReason,
    configuration: row.numberConfiguration?.status ?? null,
  }));
}

/** The ledger entries of numbers, as [number, kind, amount minor, key prefix]. */
export async function chargesOf(numbers: string[]) {
  const prisma = await getPrisma();
  const entries = await prisma.ledgerEntry.findMany({
    where: { numberE164: { in: numbers } },
    orderBy: [{ numberE164: "asc" }, { kind: "asc" }],
  });
  return entries.map((entry) => [
    entry.numberE164,
    entry.kind,
    Number(entry.amountMinor),
    entry.idempotencyKey.replace(/:num_\w+/, ":<number_id>"),
  ]);
}
