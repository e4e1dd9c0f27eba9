import "server-only";
import { notFound } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { formatAmount } from "@/lib/products/money";
import { loadDocumentTypes, requiredDocuments, type DocumentTypesById } from "@/lib/inventory/documents";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import type { Order } from "@/lib/schemas/orders";
import { readPage } from "@/lib/db/paged";

const orderDetail = {
  items: {
    orderBy: { position: "asc" },
    include: {
      product: { select: { id: true, name: true } },
      numbers: {
        select: { numberE164: true, requiredDocumentIds: true, configuration: { select: { status: true } } },
        orderBy: { numberE164: "asc" },
      },
    },
  },
} as const satisfies Prisma.OrderInclude;

type OrderRow = Prisma.OrderGetPayload<{ include: typeof orderDetail }>;

/** Orders newest first, and how many there are in all. */
export async function listOrders(
  viewer: Viewer,
  page: { limit: number; offset: number; organization_id?: string },
): Promise<{ items: Order[]; total: number }> {
  const prisma = await readDb();
  const where = readableOrganizations(viewer, page.organization_id);
  const { rows, total } = await readPage(
    page,
    () =>
      prisma.order.findMany({
        where,
        include: orderDetail,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        take: page.limit,
        skip: page.offset,
      }),
    () => prisma.order.count({ where }),
  );
  const documentTypes = await loadDocumentTypes();
  return { items: rows.map((row) => toOrder(row, documentTypes)), total };
}

/** One order by its reference id; 404 when it does not exist or is not the viewer's to see. */
export async function getOrderOrThrow(viewer: Viewer, referenceId: string): Promise<Order> {
  const prisma = await getPrisma();
  const row = await prisma.order.findFirst({
    where: { referenceId, ...readableOrganizations(viewer, undefined) },
    include: orderDetail,
  });
  if (!row) throw notFound("order", referenceId);
  return toOrder(row, await loadDocumentTypes());
}

function toOrder(row: OrderRow, documentTypes: DocumentTypesById): Order {
  return {
    reference_id: row.referenceId,
    organization_id: row.organizationId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    contact_name: row.contactName,
    reference_number: row.referenceNumber,
    numbers_waiting_for_documents: row.items
      .flatMap((item) => item.numbers)
      .filter((number) => number.configuration?.status === "pending_documents").length,
    items: row.items.map((item) => ({
      position: item.position,
      kind: item.kind,
      number_e164: item.numberE164,
      country: item.countryId,
      number_type: item.numberTypeId,
      region: item.regionId,
      product: { id: String(item.product.id), name: item.product.name },
      currency: item.currency,
      monthly_fee: formatAmount(item.monthlyFee, 2),
      setup_fee: formatAmount(item.setupFee, 2),
      quantity: item.quantity,
      assigned_numbers: item.numbers.map((number) => number.numberE164),
      numbers: item.numbers.map((number) => ({
        number_e164: number.numberE164,
        required_documents: requiredDocuments(number.requiredDocumentIds, documentTypes),
      })),
      backordered_quantity: item.backorderedQuantity,
      estimated_lead_time: item.estimatedLeadTime,
      bundle_id: item.bundleId,
    })),
  };
}
