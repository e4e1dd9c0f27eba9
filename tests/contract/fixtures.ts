// What the contract suite's requests need before they run, made through the API as a client
// would (scripts/contract-test.ts writes each value into Portman's environment): compliance
// records with a real multipart upload, bundles in the states the support actions and the
// customer's actions start from, and the demo people whose sessions the session-only
// operations use without ending the session the rest of the suite signs in with.

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

async function created<T>(response: Promise<Response>, what: string): Promise<T> {
  const answer = await response;
  if (answer.status !== 201 && answer.status !== 200)
    throw new Error(`contract fixtures: ${what} answered ${answer.status}: ${await answer.text()}`);
  return ((await answer.json()) as { data: T }).data;
}

/** A minimal PDF: file-type recognizes it by its content, as the server does. */
const pdf = (label: string) =>
  new Blob([`%PDF-1.4\n% contract suite: ${label}\n%%EOF\n`], { type: "application/pdf" });

export type ContractFixtures = {
  endUserId: string;
  /** An address no document names, so PATCH /addresses/{id} may change it. */
  spareAddressId: string;
  documentId: string;
  spareDocumentId: string;
  draftBundleId: string;
  approveBundleId: string;
  rejectBundleId: string;
  documentIds: string[];
};

/** Records of the demo token's organization (Acme): `api` sends its bearer token. */
export async function makeComplianceFixtures(api: Fetch): Promise<ContractFixtures> {
  const json = (method: string, body: unknown): RequestInit => ({
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const { end_user_id: endUserId } = await created<{ end_user_id: string }>(
    api(
      "/end_users",
      json("POST", { type: "business", name: "Erika Mustermann", business_name: "Acme GmbH" }),
    ),
    "POST /end_users",
  );
  const { address_id: addressId } = await created<{ address_id: string }>(
    api(
      "/addresses",
      json("POST", { street: "Unter den Linden 1", city: "Berlin", postal_code: "10117", country: "DE" }),
    ),
    "POST /addresses",
  );
  const { address_id: spareAddressId } = await created<{ address_id: string }>(
    api(
      "/addresses",
      json("POST", { street: "Domplatz 1", city: "Köln", postal_code: "50667", country: "DE" }),
    ),
    "POST /addresses",
  );
  const upload = async (documentTypeId: string) => {
    const form = new FormData();
    form.set("document_type_id", documentTypeId);
    form.set("end_user_id", endUserId);
    form.set("address_id", addressId);
    form.set("file", pdf(documentTypeId), `${documentTypeId}.pdf`);
    return (
      await created<{ document_id: string }>(
        api("/documents", { method: "POST", body: form }),
        `POST /documents (${documentTypeId})`,
      )
    ).document_id;
  };
  // Germany's local numbers need an address in the area and a proof of address (GET /requirements).
  const documentIds = [await upload("local_address"), await upload("proof_of_address")];
  const spareDocumentId = await upload("proof_of_address");
  const bundle = async (submit: boolean) => {
    const { bundle_id: id } = await created<{ bundle_id: string }>(
      api(
        "/bundles",
        json("POST", {
          country: "DE",
          number_type: "local",
          end_user_id: endUserId,
          document_ids: documentIds,
        }),
      ),
      "POST /bundles",
    );
    if (submit) await created(api(`/bundles/${id}/submit`, { method: "POST" }), "POST /bundles/{id}/submit");
    return id;
  };
  return {
    endUserId,
    spareAddressId,
    documentId: documentIds[1],
    spareDocumentId,
    documentIds,
    draftBundleId: await bundle(false),
    approveBundleId: await bundle(true),
    rejectBundleId: await bundle(true),
  };
}

/** A number bought for the suite's release (DELETE /numbers/{id}), with the ETag to send. */
export async function buyNumberToRelease(api: Fetch): Promise<{ numberId: string; etag: string }> {
  const order = await created<{ reference_id: string }>(
    api("/order", {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": `contract-release-${Date.now()}` },
      body: JSON.stringify({
        contact_name: "Contract suite",
        reference_number: "PO-CONTRACT-RELEASE",
        items: [{ country: "US", number_type: "local", region: "US-NY-NEW_YORK-212", quantity: 1 }],
      }),
    }),
    "POST /order",
  );
  const listed = await api(`/numbers?order=${order.reference_id}`);
  const [{ number_id: numberId }] = ((await listed.json()) as { data: { number_id: string }[] }).data;
  const etag = (await api(`/numbers/${numberId}`)).headers.get("ETag");
  if (!etag) throw new Error(`contract fixtures: GET /numbers/${numberId} sent no ETag`);
  return { numberId, etag };
}
