import type { Prisma } from "@/lib/generated/prisma/client";
import { formatDay } from "@/lib/porting/business-days";
import { allowedActions } from "@/lib/porting/port-order-states";
import type { PortExceptionDetail, PortOrderView } from "@/lib/schemas/porting";

// A port order as the API answers it (GET /port_orders/{id}, the events' data). The PIN is never
// in it: `pin_set` says whether one is kept.

export const portOrderInclude = {
  numbers: { orderBy: { numberE164: "asc" } },
} as const satisfies Prisma.PortOrderInclude;

export type PortOrderRow = Prisma.PortOrderGetPayload<{ include: typeof portOrderInclude }>;

export function portOrderView(row: PortOrderRow): PortOrderView {
  return {
    port_order_id: row.id,
    organization_id: row.organizationId,
    status: row.status,
    country: row.country.trim(),
    number_type: row.numberType,
    numbers: row.numbers.map((number) => ({
      number: number.numberE164,
      status: number.status,
      failure_reason: number.failureReason,
      number_id: number.numberConfigurationId,
    })),
    end_user_id: row.endUserId,
    address_id: row.addressId,
    losing_carrier: {
      name: row.losingCarrier,
      account_number: row.accountNumber,
      authorized_person: row.authorizedPerson,
      pin_set: row.pinCiphertext !== null,
    },
    requested_foc_date: formatDay(row.requestedFocDate),
    foc_at: row.focAt?.toISOString() ?? null,
    configuration: (row.configuration as Record<string, unknown> | null) ?? null,
    loa_signed: row.loaDocumentId !== null,
    loa_document_id: row.loaDocumentId,
    bill_document_id: row.billDocumentId,
    exception: (row.exceptionDetails as PortExceptionDetail[] | null) ?? null,
    allowed_actions: allowedActions(row.status, "customer"),
    version: row.version,
    submitted_at: row.submittedAt?.toISOString() ?? null,
    cancel_requested_at: row.cancelRequestedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
