// Shared by app/api/v2/bundles/*.test.ts: Acme's end user, addresses in Berlin and Paris and
// documents for them (one expired), and a document of Globex's, made once per file.
import { createHash } from "node:crypto";
import { expect } from "vitest";
import { api } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { newId } from "@/lib/ids";

export type One<T> = { data: T };
export type Bundle = {
  bundle_id: string;
  organization_id: string;
  status: string;
  document_ids: string[];
  valid_until: string | null;
  rejection: { reason: string; notes: { document_id: string; note: string }[] } | null;
};
export type Evaluation = { compliant: boolean; failures: { requirement: string; reason: string }[] };

export const bad = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);
export const transition = (status: string, action: string, word: string) =>
  errorBody(
    "Bad Request",
    "invalid_transition",
    `A bundle that is ${status} cannot be ${word}.`,
    `status=${status}, action=${action}`,
  );

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
async function storeDocument(
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

export let endUser: string;
export let berlin: string;
export let paris: string;
export let proofBerlin: string;
export let localBerlin: string;
export let proofParis: string;
export let expiredProof: string;
export let globexProof: string;

/** Makes the end users, addresses and documents above: beforeAll(createBundleParties) in each file. */
export async function createBundleParties(): Promise<void> {
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
      country: "de",
    })
  ).address_id;
  paris = (
    await create<{ address_id: string }>("/addresses", {
      street: "1 rue de Rivoli",
      city: "Paris",
      postal_code: "75001",
      country: "FR",
    })
  ).address_id;
  proofBerlin = await storeDocument("org_acme", endUser, "proof_of_address", berlin, "2027-03-31");
  localBerlin = await storeDocument("org_acme", endUser, "local_address", berlin, "2027-06-30");
  proofParis = await storeDocument("org_acme", endUser, "proof_of_address", paris);
  expiredProof = await storeDocument("org_acme", endUser, "proof_of_address", berlin, "2020-01-31");
  const globexUser = (
    await create<{ end_user_id: string }>(
      "/end_users",
      { type: "individual", name: "Hank Scorpio" },
      "globexAll",
    )
  ).end_user_id;
  globexProof = await storeDocument("org_globex", globexUser, "proof_of_address", null);
}
