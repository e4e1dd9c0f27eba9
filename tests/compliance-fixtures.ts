// What the compliance suites' fixtures share (app/api/v2/bundles/bundle-fixtures.ts,
// lib/compliance/activation-fixtures.ts): a record made through the API, and a document stored
// as an upload leaves it.
import { createHash } from "node:crypto";
import { expect } from "vitest";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export type One<T> = { data: T };

/** POSTs `body` to `path` and answers the 201's data. */
export async function create<T>(
  path: string,
  body: unknown,
  token: "acmeAll" | "globexAll" = "acmeAll",
): Promise<T> {
  const response = await api<One<T>>("POST", path, { token, body });
  expect(response.status).toBe(201);
  return response.body.data;
}

/** A stored document, as POST /documents would leave it (the upload itself is tested elsewhere). */
export async function storeDocument(
  organizationId: string,
  endUserId: string,
  documentTypeId: string,
  addressId: string | null,
  expiresOn: string | null = null,
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
      expiresOn: expiresOn ? new Date(`${expiresOn}T00:00:00Z`) : null,
      fileName: `${documentTypeId}.pdf`,
      contentType: "application/pdf",
      size: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    },
  });
  return id;
}

/**
 * Acme's end user (a business) and its address in Berlin, with the address's country as the
 * request writes it.
 */
export async function createAcmeInBerlin(country: string): Promise<{ endUser: string; berlin: string }> {
  const endUser = (
    await create<{ end_user_id: string }>("/end_users", {
      type: "business",
      name: "Erika Mustermann",
      business_name: "Acme GmbH",
      registration_number: "HRB 12345",
      email: "erika@acme.example",
    })
  ).end_user_id;
  const berlin = (
    await create<{ address_id: string }>("/addresses", {
      street: "Unter den Linden 1",
      city: "Berlin",
      postal_code: "10117",
      country,
    })
  ).address_id;
  return { endUser, berlin };
}

/** Globex's end user, a person. */
export async function createGlobexEndUser(): Promise<string> {
  return (
    await create<{ end_user_id: string }>(
      "/end_users",
      { type: "individual", name: "Hank Scorpio" },
      "globexAll",
    )
  ).end_user_id;
}
