// Shared by app/api/v2/bundles/*.test.ts: Acme's end user, addresses in Berlin and Paris and
// documents for them (one expired), and a document of Globex's, made once per file.
import { errorBody } from "@/tests/error-body";
import { create, createAcmeInBerlin, createGlobexEndUser, storeDocument } from "@/tests/compliance-fixtures";

export { create, type One } from "@/tests/compliance-fixtures";

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
  ({ endUser, berlin } = await createAcmeInBerlin("de"));
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
  const globexUser = await createGlobexEndUser();
  globexProof = await storeDocument("org_globex", globexUser, "proof_of_address", null);
}
