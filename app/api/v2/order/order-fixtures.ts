// Shared by the order*.test.ts files here: POST /order and GET /orders/{id} with a test token,
// and the numbers and products the database offers.
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import type { TestTokenName } from "@/tests/fixtures";

type Placed = { data: { reference_id: string } };
type OrderView = {
  reference_id: string;
  organization_id: string;
  status: string;
  contact_name: string;
  reference_number: string | null;
  items: Array<{
    kind: string;
    region: string | null;
    product: { id: string; name: string };
    monthly_fee: string;
    setup_fee: string;
    currency: string;
    quantity: number;
    assigned_numbers: string[];
    backordered_quantity: number;
    estimated_lead_time: string;
  }>;
};

export const order = <T = Placed>(
  body: unknown,
  token: TestTokenName = "acmeAll",
  headers?: Record<string, string>,
) => api<T>("POST", "/order", { token, body, headers });
export const readOrder = async (referenceId: string, token: TestTokenName = "acmeAll") =>
  (await get<{ data: OrderView }>(`/orders/${referenceId}`, { token })).body.data;

// What a product without documents may sell: numbers that need none (docs/CONTRACT.md §7).
export async function availableIn(regionId: string, take: number, documentFree = true) {
  const prisma = await getPrisma();
  return prisma.inventoryNumber.findMany({
    where: {
      regionId,
      status: "available",
      ...(documentFree ? { requiredDocumentIds: { isEmpty: true } } : {}),
    },
    orderBy: { numberE164: "asc" },
    take,
  });
}

export async function cheapestProduct(where: { regionId?: string; countryId: string; numberTypeId: string }) {
  const prisma = await getPrisma();
  return prisma.product.findFirstOrThrow({
    where,
    orderBy: [{ monthlyFee: "asc" }, { setupFee: "asc" }, { id: "asc" }],
  });
}
