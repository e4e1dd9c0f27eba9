import "server-only";
import { ApiError, notFound } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { verifyPassword } from "@/lib/auth/passwords";
import { requireRole } from "@/lib/auth/roles";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import type { Principal } from "@/lib/auth/types";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { auditSource, recordAudit } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { numberStateFacts } from "@/lib/schemas/number-states";
import type { PortOutRequest, PortOutRequestInput, portOutRefusals } from "@/lib/schemas/numbers/port-out";

// Port-out protection (docs/CONTRACT.md §20). Another carrier asking to take one of our numbers
// away must quote the number's port-out PIN, and a locked number is not given up at all. The
// other carrier is simulated: support logs its request by hand (POST
// /numbers/{number_id}/port_out_requests), and an accepted request is logged only: the number
// does not leave, its configuration and billing are untouched. Each request, either outcome,
// is a port_out_request row, an event number.port_out_requested and an audit entry, in one
// transaction.

type Refusal = (typeof portOutRefusals)[number];

/** The PIN first (a wrong one learns nothing more of the number), then the lock. */
async function refusalOf(
  pin: string,
  number: { portOutPinHash: string | null; locked: boolean },
): Promise<Refusal | null> {
  if (number.portOutPinHash === null || !(await verifyPassword(pin, number.portOutPinHash)))
    return "pin_mismatch";
  if (number.locked) return "number_locked";
  return null;
}

/**
 * POST /numbers/{number_id}/port_out_requests: support only (401 role_forbidden otherwise); 404
 * for an extension or an unknown number; 409 port_in_progress for a number still being ported
 * in (it is not ours to give away yet). Otherwise logged, accepted or refused, and answered.
 */
export async function requestPortOut(
  principal: Principal,
  numberId: string,
  input: PortOutRequestInput,
  now: Date,
): Promise<PortOutRequest> {
  requireRole(principal.role, "organizations:all");
  const prisma = await getPrisma();
  const number = await prisma.numberConfiguration.findFirst({
    where: { AND: [readableOrganizations(principal, undefined), { id: numberId, kind: "number" }] },
    select: {
      id: true,
      organizationId: true,
      number: true,
      status: true,
      locked: true,
      portOutPinHash: true,
      portOrderId: true,
    },
  });
  if (!number) throw notFound("number", numberId);
  if (numberStateFacts[number.status].portInProgress)
    throw new ApiError(
      "port_in_progress",
      `${number.number} is being ported in: it is not here yet, so no carrier can port it away; its port order must complete first.`,
      `number_id=${number.id}; status=${number.status}; port_order_id=${number.portOrderId ?? ""}`,
    );
  const reason = await refusalOf(input.pin, number);
  const requestedBy = principal.userId ?? principal.id;
  return inRetryingTransaction(async (tx) => {
    const row = await tx.portOutRequest.create({
      data: {
        id: newId("portOutRequest"),
        organizationId: number.organizationId,
        numberConfigurationId: number.id,
        numberE164: number.number,
        outcome: reason === null ? "accepted" : "refused",
        reason,
        requestedBy,
        createdAt: now,
      },
    });
    const answer: PortOutRequest = {
      port_out_request_id: row.id,
      number_id: number.id,
      organization_id: number.organizationId,
      number: row.numberE164,
      outcome: row.outcome,
      reason,
      requested_by: requestedBy,
      requested_at: row.createdAt.toISOString(),
    };
    await recordEvents(tx, [event(number.organizationId, "number.port_out_requested", answer)], now);
    // Never the PIN quoted: only what came of it.
    await recordAudit(tx, {
      ...(await auditSource(tx, principal)),
      action: "number.port_out_requested",
      organizationId: number.organizationId,
      resource: { type: "number", id: number.id },
      changes: [
        { field: "outcome", from: null, to: answer.outcome },
        { field: "reason", from: null, to: answer.reason },
      ],
      at: now,
    });
    return answer;
  });
}
