// Shared by the activation*.test.ts files (docs/CONTRACT.md §17 through the API): Acme's and
// Globex's end users, documents and bundles made as each test needs them, and orders of DE local
// numbers that need documents.
import { createHash } from "node:crypto";
import { expect } from "vitest";
import { api, get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export type One<T> = { data: T };
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

export async function create<T>(
  path: string,
  body: unknown,
  token: "acmeAll" | "globexAll" = "acmeAll",
): Promise<T> {
  const response = await api<One<T>>("POST", path, { token, body });
  expect(response.status).toBe(201);
  return response.body.data;
}

export async function storeDocument(
  organizationId: string,
  endUserId: string,
  documentTypeId: string,
  addressId: string | null,
): Promise<string> {
  const prisma = await getPrisma();
  const id = newId("document");
  const bytes = Buffer.from(`%PDF-1.4 ${id}`);
  await prisma.complianceDocument.create({
    data: {
      id,
      organizationId,
      documentTypeId,
      endUserId,
      addressId,
      fileName: `${documentTypeId}.pdf`,
      contentType: "application/pdf",
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    },
  });
  return id;
}

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
  endUser = (
    await create<{ end_user_id: string }>("/end_users", {
      type: "business",
      name: "Erika Mustermann",
      business_name: "Acme GmbH",
      registration_number: "HRB 12345",
      email: "erika@acme.example",
    })
  ).end_user_id;
  berlin = (
    await create<{ address_id: string }>("/addresses", {
      street: "Unter den Linden 1",
      city: "Berlin",
      postal_code: "10117",
      country: COUNTRY,
    })
  ).address_id;
  globexEndUser = (
    await create<{ end_user_id: string }>(
      "/end_users",
      { type: "individual", name: "Hank Scorpio" },
      "globexAll",
    )
  ).end_user_id;
}
