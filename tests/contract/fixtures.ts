// What the contract suite's requests need before they run, made through the API as a client
// would (scripts/contract-test.ts writes each value into Portman's environment): compliance
// records with a real multipart upload, bundles in the states the support actions and the
// customer's actions start from, and the demo people whose sessions the session-only
// operations use without ending the session the rest of the suite signs in with; port orders in
// each state the port-in operations start from, their LOAs signed through the emailed link.
import { addBusinessDays, earliestFocDate, formatDay } from "@/lib/porting/business-days";

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
  /** The address the documents name. */
  addressId: string;
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
    addressId,
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

/** What the port-in operations start from (docs/API.md "Port-in"): orders in each state, and a signing link. */
export type PortFixtures = {
  /** A draft that stays one: read, changed, commented on, its LOA read and sent for signing. */
  draftOrderId: string;
  /** A draft to delete. */
  deleteOrderId: string;
  /** A draft with its LOA signed, to submit. */
  submitOrderId: string;
  /** Submitted orders: one to move the FOC of, one to cancel. */
  focChangeOrderId: string;
  cancelOrderId: string;
  /** Submitted then cancelled: cancel_pending, for the desk to confirm. */
  cancelPendingOrderId: string;
  /** In exception on its PIN, the PIN since changed: ready to resubmit. */
  resubmitOrderId: string;
  /** A requested FOC date within the window, and another for a change of it. */
  focDate: string;
  otherFocDate: string;
  /** An unused signing link's token (GET and POST /loa_signatures/{token}). */
  signingToken: string;
  /** A portable number no fixture orders, for POST /port_orders. */
  spareNumber: string;
};

/**
 * Port orders of the demo token's organization (Acme), for the end user and address of the
 * compliance fixtures. `support` calls as a support member (the desk raises the exception the
 * resubmission answers); `linkSentTo` answers the signing link emailed to an address.
 */
export async function makePortFixtures(
  api: Fetch,
  support: Fetch,
  parties: { endUserId: string; addressId: string },
  linkSentTo: (email: string) => Promise<string>,
): Promise<PortFixtures> {
  const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  // One business day after the earliest, so the window cannot move past it during the run.
  const earliest = earliestFocDate(new Date());
  const focDate = formatDay(addBusinessDays(earliest, 1));
  const otherFocDate = formatDay(addBusinessDays(earliest, 2));
  // London numbers ending 00–79, which the simulated carrier ports; a stamp keeps a run against
  // a server already running (CONTRACT_BASE_URL) from meeting its own earlier orders' numbers.
  const stamp = Date.now() % 100;
  const candidates = Array.from(
    { length: 40 },
    (_, i) => `+44207946${String((stamp + i) % 100).padStart(2, "0")}${String(i + 10).padStart(2, "0")}`,
  );
  const checked = await created<Array<{ number: string; portable: boolean }>>(
    api("/portability_checks", json("POST", { numbers: candidates })),
    "POST /portability_checks",
  );
  const portable = checked.filter((answer) => answer.portable).map((answer) => answer.number);
  const draft = async (label: string) => {
    const number = portable.shift();
    if (!number) throw new Error("contract fixtures: too few portable numbers among the candidates");
    const [order] = await created<Array<{ port_order_id: string }>>(
      api(
        "/port_orders",
        json("POST", {
          numbers: [number],
          end_user_id: parties.endUserId,
          address_id: parties.addressId,
          losing_carrier: { account_number: `ACC-${label}`, pin: "9876", authorized_person: "Ada Lovelace" },
          requested_foc_date: focDate,
        }),
      ),
      `POST /port_orders (${label})`,
    );
    return order.port_order_id;
  };
  const requestSignature = async (id: string) => {
    const email = `loa-${id}@example.com`;
    await created(
      api(`/port_orders/${id}/loa/signature_requests`, json("POST", { name: "Ada Lovelace", email })),
      "POST /port_orders/{id}/loa/signature_requests",
    );
    return (await linkSentTo(email)).split("/loa/sign/")[1];
  };
  const signed = async (label: string) => {
    const id = await draft(label);
    const token = await requestSignature(id);
    await created(
      api(`/loa_signatures/${token}`, json("POST", { typed_name: "Ada Lovelace", accept: true })),
      "POST /loa_signatures/{token}",
    );
    return id;
  };
  const submitted = async (label: string) => {
    const id = await signed(label);
    await created(api(`/port_orders/${id}/actions/submit`, { method: "POST" }), "POST …/actions/submit");
    return id;
  };
  const draftOrderId = await draft("draft");
  const signingOrderId = await draft("signing");
  const cancelPendingOrderId = await submitted("cancel-pending");
  await created(api(`/port_orders/${cancelPendingOrderId}/actions/cancel`, { method: "POST" }), "…/cancel");
  const resubmitOrderId = await submitted("resubmit");
  const exception = {
    code: "pin_mismatch",
    field: "losing_carrier.pin",
    message: "The PIN is not the account's.",
  };
  await created(
    support(
      `/port_orders/${resubmitOrderId}/carrier_actions`,
      json("POST", { action: "exception", details: [exception] }),
    ),
    "POST …/carrier_actions (exception)",
  );
  const etag = (await api(`/port_orders/${resubmitOrderId}`)).headers.get("ETag") ?? "";
  await created(
    api(
      `/port_orders/${resubmitOrderId}`,
      json("PATCH", { losing_carrier: { pin: "1357" } }, { "If-Match": etag }),
    ),
    "PATCH /port_orders/{id}",
  );
  return {
    draftOrderId,
    deleteOrderId: await draft("delete"),
    submitOrderId: await signed("submit"),
    focChangeOrderId: await submitted("foc-change"),
    cancelOrderId: await submitted("cancel"),
    cancelPendingOrderId,
    resubmitOrderId,
    focDate,
    otherFocDate,
    signingToken: await requestSignature(signingOrderId),
    spareNumber: portable[0],
  };
}
