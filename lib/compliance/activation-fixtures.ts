// Shared by the activation*.test.ts files (docs/CONTRACT.md §17 through the API): Acme's and
// Globex's end users, documents and bundles made as each test needs them, and orders of DE local
// numbers that need documents.
import { expect } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import {
  create,
  createAcmeInBerlin,
  createGlobexEndUser,
  storeDocument,
  type One,
} from "@/tests/compliance-fixtures";

export { create, storeDocument, type One } from "@/tests/compliance-fixtures";

export type Placed = {
  reference_id: string;
  numbers: { number_e164: string; status: string; documents_due: string | null }[];
};
export type NumberView = {
  number_id: string;
  number: string;
  status: string;
  documents_due: string | null;
  purchased_at: string;
};

export const COUNTRY = "DE";
export const TYPE = "local";

/** Acme's bundle for DE local numbers with a document of every type they require, submitted. */
export async function submittedBundle(): Promise<string> {
  const requirements = await get<One<{ regions: { document_types: { id: string }[] }[] }>>(
    `/requirements/${COUNTRY}/${TYPE}`,
    { token: "acmeAll" },
  );
  const types = [
    ...new Set(requirements.body.data.regions.flatMap((region) => region.document_types.map((t) => t.id))),
  ];
  const documentIds = [];
  for (const type of types) documentIds.push(await storeDocument("org_acme", endUser, type, berlin));
  const bundle = await create<{ bundle_id: string }>("/bundles", {
    country: COUNTRY,
    number_type: TYPE,
    end_user_id: endUser,
    document_ids: documentIds,
  });
  const submitted = await api("POST", `/bundles/${bundle.bundle_id}/submit`, { token: "acmeAll" });
  expect(submitted.status).toBe(200);
  return bundle.bundle_id;
}

/** A bundle row as another state would leave it, for the order's bundle_id checks. */
export async function insertBundle(
  organizationId: string,
  endUserId: string,
  values: { status: "draft" | "approved"; numberTypeId?: string; validUntil?: Date | null },
): Promise<string> {
  const prisma = await getPrisma();
  const id = newId("bundle");
  await prisma.complianceBundle.create({
    data: {
      id,
      organizationId,
      countryId: COUNTRY,
      numberTypeId: values.numberTypeId ?? TYPE,
      endUserId,
      status: values.status,
      validUntil: values.validUntil ?? null,
    },
  });
  return id;
}

/** Available DE local numbers that need documents, lowest first. */
export async function numbersNeedingDocuments(count: number, skip = 0): Promise<string[]> {
  const prisma = await getPrisma();
  const rows = await prisma.inventoryNumber.findMany({
    where: {
      countryId: COUNTRY,
      numberTypeId: TYPE,
      status: "available",
      NOT: { requiredDocumentIds: { isEmpty: true } },
    },
    orderBy: { numberE164: "asc" },
    skip,
    take: count,
    select: { numberE164: true },
  });
  expect(rows).toHaveLength(count);
  return rows.map((row) => row.numberE164);
}

export async function order(items: Record<string, unknown>[]) {
  return api<One<Placed>>("POST", "/order", {
    token: "acmeAll",
    body: { contact_name: "Gating test", items },
  });
}

export async function numberView(e164: string): Promise<NumberView> {
  const response = await get<One<NumberView[]>>(`/numbers?number=${encodeURIComponent(e164)}`, {
    token: "acmeAll",
  });
  expect(response.body.data).toHaveLength(1);
  return response.body.data[0];
}

// Made once per file (beforeAll(createEndUsers)); the tests read them as they read any import.
export let endUser: string;
let berlin: string;
export let globexEndUser: string;

export async function createEndUsers(): Promise<void> {
  ({ endUser, berlin } = await createAcmeInBerlin(COUNTRY));
  globexEndUser = await createGlobexEndUser();
}
