import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { api, dispatch, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { testTokens } from "@/tests/fixtures";
import { pdfText } from "@/tests/pdf-text";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { newId } from "@/lib/ids";
import { encryptAccountPin } from "@/lib/porting/account-pin";
import { decryptBytesAtRest } from "@/lib/crypto/data-key";
import { LOA_LINK_LIFETIME_MS } from "@/lib/porting/loa-signatures";

// The LOA of a port order (docs/API.md "LOA"): a member asks the authorized person to sign, the
// emailed link shows the letter and signs it once, the signed PDF lands in the documents store
// and is what GET /port_orders/{port_order_id}/loa serves from then on. One database per file; each case
// makes its own order. The clock is the requests' own (setRequestClock), never a sleep.

const T0 = new Date("2027-01-11T09:00:00.000Z");
const stopClockAt = (at: Date) => setRequestClock(() => at);
afterEach(() => setRequestClock(undefined));

// A number is pending in one open order at most: each order gets a block of its own.
let block = 10;

async function makeOrder(organizationId: string, status: "draft" | "exception" | "submitted" = "draft") {
  const prisma = await getPrisma();
  const endUser = await prisma.endUser.create({
    data: {
      id: newId("endUser"),
      organizationId,
      type: "business",
      name: "Ada Lovelace",
      businessName: "Analytical Engines Ltd",
    },
  });
  const address = await prisma.complianceAddress.create({
    data: {
      id: newId("address"),
      organizationId,
      street: "12 Babbage Row",
      city: "London",
      postalCode: "EC1A 1AA",
      countryId: "GB",
    },
  });
  const id = newId("portOrder");
  const prefix = `+4420794601${String(block++).padStart(2, "0")}`;
  await prisma.portOrder.create({
    data: {
      id,
      organizationId,
      status,
      country: "GB",
      losingCarrier: "Harbour Telecom",
      numberType: "local",
      endUserId: endUser.id,
      addressId: address.id,
      accountNumber: "HT-55501",
      pinCiphertext: encryptAccountPin("4321", id),
      authorizedPerson: "Ada Lovelace",
      requestedFocDate: new Date("2027-02-03"),
      createdBy: "usr_acme_customer",
      createdAt: T0,
      updatedAt: T0,
      numbers: {
        create: [`${prefix}2`, `${prefix}1`].map((numberE164) => ({
          id: newId("portOrderNumber"),
          organizationId,
          numberE164,
          status: status === "draft" ? ("draft" as const) : ("pending" as const),
        })),
      },
    },
  });
  return id;
}

/** Asks for a signature as Acme and answers the token from the email that was queued. */
async function requestSignature(orderId: string, body = { name: "Ada Lovelace", email: "Ada@Example.com" }) {
  const prisma = await getPrisma();
  const earlier = (
    await prisma.emailMessage.findMany({ where: { kind: "loa_signature" }, select: { id: true } })
  ).map((message) => message.id);
  const response = await api<{ data: { id: string; expires_at: string } }>(
    "POST",
    `/port_orders/${orderId}/loa/signature_requests`,
    { token: "acmeAll", body },
  );
  expect(response.status).toBe(201);
  const message = await prisma.emailMessage.findFirstOrThrow({
    where: { kind: "loa_signature", id: { notIn: earlier } },
  });
  const token = /\/loa\/sign\/([A-Za-z0-9_-]{43})/.exec(message.text)![1];
  return { token, response, message };
}

async function download(path: string, token?: keyof typeof testTokens) {
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v2${path}`, {
      headers: token ? { authorization: `Bearer ${testTokens[token].secret}` } : {},
    }),
  );
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const sign = (token: string, body: unknown) => api("POST", `/loa_signatures/${token}`, { body });

describe("the LOA of a port order", () => {
  it("is emailed, read and signed through a single-use link; the order then serves the stored signed PDF", async () => {
    stopClockAt(T0);
    const orderId = await makeOrder("org_acme");
    const unsigned = await download(`/port_orders/${orderId}/loa`, "acmeAll");
    expect(unsigned.response.status).toBe(200);
    expect(unsigned.response.headers.get("content-type")).toBe("application/pdf");
    expect(unsigned.response.headers.get("content-disposition")).toBe(
      `attachment; filename="loa-${orderId}.pdf"; filename*=UTF-8''loa-${orderId}.pdf`,
    );
    expect((await pdfText(unsigned.bytes)).join(" ")).toContain("Not yet signed.");

    const { token, response, message } = await requestSignature(orderId);
    const row = await (await getPrisma()).loaSignature.findFirstOrThrow({ where: { portOrderId: orderId } });
    expect(response.body).toEqual({
      data: {
        id: row.id,
        port_order_id: orderId,
        name: "Ada Lovelace",
        email: "ada@example.com",
        expires_at: "2027-01-18T09:00:00.000Z",
      },
    });
    expect([message.to, message.subject]).toEqual([
      "ada@example.com",
      "Please sign the letter of authorization for Acme Telecom Ltd",
    ]);
    // Only the token's hash is kept.
    expect(row.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);

    const view = await get<{ data: Record<string, unknown> }>(`/loa_signatures/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.data).toMatchObject({
      port_order_id: orderId,
      organization_name: "Acme Telecom Ltd",
      signer: { name: "Ada Lovelace", email: "ada@example.com" },
      expires_at: "2027-01-18T09:00:00.000Z",
      customer: { name: "Ada Lovelace", business_name: "Analytical Engines Ltd" },
      service_address: "12 Babbage Row, EC1A 1AA, London, GB",
      losing_carrier: {
        name: "Harbour Telecom",
        account_number: "HT-55501",
        authorized_person: "Ada Lovelace",
      },
      country: "GB",
      number_type: "local",
      requested_foc_date: "2027-02-03",
      numbers: ["+4420794601101", "+4420794601102"],
    });
    expect((view.body.data.authorization as string[])[0]).toMatch(
      /^I, Ada Lovelace, am authorized to act for Analytical Engines Ltd/,
    );
    const linkPdf = await download(`/loa_signatures/${token}/pdf`);
    expect(linkPdf.response.status).toBe(200);
    expect(sha256(linkPdf.bytes)).toBe(sha256(unsigned.bytes));

    const signedAt = new Date(T0.getTime() + 3_600_000);
    stopClockAt(signedAt);
    const signed = await sign(token, { typed_name: "  ada   LOVELACE ", accept: true });
    expect(signed.status).toBe(201);
    const prisma = await getPrisma();
    const order = await prisma.portOrder.findUniqueOrThrow({ where: { id: orderId } });
    const document = await prisma.complianceDocument.findUniqueOrThrow({
      where: { id: order.loaDocumentId! },
    });
    expect(signed.body).toEqual({
      data: {
        port_order_id: orderId,
        document_id: document.id,
        sha256: document.sha256,
        signed_at: signedAt.toISOString(),
      },
    });
    expect(document).toMatchObject({
      organizationId: "org_acme",
      documentTypeId: "signed_loa",
      endUserId: order.endUserId,
      addressId: order.addressId,
      contentType: "application/pdf",
      createdAt: signedAt,
    });
    expect(order.version).toBe(2);

    // What the order serves now is the stored file: its hash is the one kept.
    const served = await download(`/port_orders/${orderId}/loa`, "acmeAll");
    expect(served.response.headers.get("content-disposition")).toContain(`loa-${orderId}-signed.pdf`);
    expect(sha256(served.bytes)).toBe(document.sha256);
    expect(document.size).toBe(served.bytes.length);
    expect(sha256(decryptBytesAtRest(document.content!, document.id))).toBe(document.sha256);
    const text = (await pdfText(served.bytes)).join(" ");
    expect(text).toContain("Signed electronically by ada LOVELACE");
    expect(text).toContain(sha256(unsigned.bytes));
    // Support (the port desk) reads it too.
    expect(sha256((await download(`/port_orders/${orderId}/loa`, "support")).bytes)).toBe(document.sha256);

    const used = await prisma.loaSignature.findUniqueOrThrow({ where: { id: row.id } });
    expect([used.usedAt, used.signedAt, used.documentId]).toEqual([signedAt, signedAt, document.id]);
    const timeline = await prisma.portOrderEvent.findMany({ where: { portOrderId: orderId } });
    expect(timeline.map((entry) => [entry.kind, entry.body, entry.createdAt])).toEqual([
      ["carrier_note", "Letter of authorization signed by ada LOVELACE (ada@example.com).", signedAt],
    ]);
    const audit = await prisma.auditEvent.findMany({
      where: { resourceType: "port_order", resourceId: orderId },
      orderBy: { at: "asc" },
      select: { action: true },
    });
    expect(audit.map((entry) => entry.action)).toEqual([
      "port_order.loa_signature_requested",
      "port_order.loa_signed",
    ]);
  });

  it("works once: a second signature, or reading the used link, is 410 loa_link_used and changes nothing", async () => {
    stopClockAt(T0);
    const orderId = await makeOrder("org_acme");
    const { token } = await requestSignature(orderId);
    expect((await sign(token, { typed_name: "Ada Lovelace", accept: true })).status).toBe(201);
    const prisma = await getPrisma();
    const before = await prisma.portOrder.findUniqueOrThrow({ where: { id: orderId } });
    const usedLink = errorBody(
      "Gone",
      "loa_link_used",
      `This letter of authorization was signed with this link on ${T0.toISOString()}; a link works once.`,
      `signed_at=${T0.toISOString()}`,
    );
    for (const response of [
      await sign(token, { typed_name: "Ada Lovelace", accept: true }),
      await get(`/loa_signatures/${token}`),
      await get(`/loa_signatures/${token}/pdf`),
    ])
      expect([response.status, response.body]).toEqual([410, usedLink]);
    const after = await prisma.portOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect([after.loaDocumentId, after.version]).toEqual([before.loaDocumentId, before.version]);
    expect(
      await prisma.complianceDocument.count({
        where: { documentTypeId: "signed_loa", endUserId: before.endUserId },
      }),
    ).toBe(1);
  });

  it("keeps one signature of two sent at once with one link", async () => {
    stopClockAt(T0);
    const orderId = await makeOrder("org_acme");
    const { token } = await requestSignature(orderId);
    const answers = await Promise.all([
      sign(token, { typed_name: "Ada Lovelace", accept: true }),
      sign(token, { typed_name: "Ada Lovelace", accept: true }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410]);
    const prisma = await getPrisma();
    const order = await prisma.portOrder.findUniqueOrThrow({ where: { id: orderId } });
    expect(
      await prisma.complianceDocument.count({
        where: { documentTypeId: "signed_loa", endUserId: order.endUserId },
      }),
    ).toBe(1);
    expect(order.version).toBe(2);
  });

  it("expires 7 days after it was sent, and when a newer link replaces it", async () => {
    stopClockAt(T0);
    const orderId = await makeOrder("org_acme");
    const { token } = await requestSignature(orderId);
    const expiresAt = new Date(T0.getTime() + LOA_LINK_LIFETIME_MS);
    stopClockAt(new Date(expiresAt.getTime() - 1));
    expect((await get(`/loa_signatures/${token}`)).status).toBe(200);
    stopClockAt(expiresAt);
    const expired = errorBody(
      "Gone",
      "loa_link_expired",
      `This signing link expired at ${expiresAt.toISOString()}; ask the organization that sent it for a new one.`,
      `expires_at=${expiresAt.toISOString()}`,
    );
    for (const response of [
      await get(`/loa_signatures/${token}`),
      await sign(token, { typed_name: "Ada Lovelace", accept: true }),
    ])
      expect([response.status, response.body]).toEqual([410, expired]);

    // A new request: the old link says it was replaced, the new one signs.
    const later = new Date(expiresAt.getTime() + 60_000);
    stopClockAt(later);
    const first = await requestSignature(orderId);
    const second = await requestSignature(orderId, { name: "Charles Babbage", email: "charles@example.com" });
    const replaced = await sign(first.token, { typed_name: "Ada Lovelace", accept: true });
    expect([replaced.status, replaced.body]).toEqual([
      410,
      errorBody(
        "Gone",
        "loa_link_expired",
        "This signing link was replaced by a newer one: use the link in the latest email.",
        `expires_at=${later.toISOString()}`,
      ),
    ]);
    expect((await sign(second.token, { typed_name: "Charles Babbage", accept: true })).status).toBe(201);
  });

  it("refuses a typed name that is not the requested one, and a missing consent, beside the field", async () => {
    stopClockAt(T0);
    const orderId = await makeOrder("org_acme");
    const { token } = await requestSignature(orderId);
    const cases: Array<[unknown, string, string]> = [
      [
        { typed_name: "Ada Byron", accept: true },
        "typed_name must be the name this letter was sent to be signed by: Ada Lovelace.",
        "body.typed_name=Ada Byron",
      ],
      [
        { typed_name: "Ada Lovelace", accept: false },
        "accept must be true: tick the box to confirm you authorize the port",
        "body.accept=false",
      ],
    ];
    for (const [body, message, details] of cases) {
      const response = await sign(token, body);
      expect([response.status, response.body]).toEqual([
        400,
        errorBody("Bad Request", "invalid_parameter", message, details),
      ]);
    }
    const prisma = await getPrisma();
    const link = await prisma.loaSignature.findFirstOrThrow({ where: { portOrderId: orderId } });
    expect([link.usedAt, link.documentId]).toEqual([null, null]);
    expect((await prisma.portOrder.findUniqueOrThrow({ where: { id: orderId } })).loaDocumentId).toBeNull();
    expect((await sign(token, { typed_name: "ADA LOVELACE", accept: true })).status).toBe(201);
  });

  it("is another organization's 404, an unknown link's 404, and only for a draft or an exception", async () => {
    stopClockAt(T0);
    const orderId = await makeOrder("org_acme");
    const missing = errorBody(
      "Not Found",
      "not_found",
      `There is no port order ${orderId}.`,
      `port_order_id=${orderId}`,
    );
    for (const response of [
      await get(`/port_orders/${orderId}/loa`, { token: "globexAll" }),
      await api("POST", `/port_orders/${orderId}/loa/signature_requests`, {
        token: "globexAll",
        body: { name: "Ada Lovelace", email: "ada@example.com" },
      }),
    ])
      expect([response.status, response.body]).toEqual([404, missing]);
    const unknown = await get(`/loa_signatures/${"x".repeat(43)}`);
    expect([unknown.status, unknown.body]).toEqual([
      404,
      errorBody(
        "Not Found",
        "not_found",
        "This signing link is not valid: it may have been mistyped or cut short. Copy the whole link from the email.",
        "path.token=(not shown)",
      ),
    ]);

    const submitted = await makeOrder("org_acme", "submitted");
    const refused = await api("POST", `/port_orders/${submitted}/loa/signature_requests`, {
      token: "acmeAll",
      body: { name: "Ada Lovelace", email: "ada@example.com" },
    });
    expect([refused.status, refused.body]).toEqual([
      400,
      errorBody(
        "Bad Request",
        "invalid_transition",
        "A port order that is submitted cannot be edited; only one that is draft or exception can.",
        "status=submitted, action=edit, allowed=draft|exception",
      ),
    ]);
    // An exception can be signed; a link whose order moved on since stops working.
    const inException = await makeOrder("org_acme", "exception");
    const { token } = await requestSignature(inException);
    await (await getPrisma()).portOrder.update({ where: { id: inException }, data: { status: "submitted" } });
    const late = await sign(token, { typed_name: "Ada Lovelace", accept: true });
    expect([late.status, late.body]).toEqual([
      410,
      errorBody(
        "Gone",
        "loa_link_expired",
        "This port order is submitted and its letter can no longer be signed through this link.",
        "status=submitted",
      ),
    ]);
  });
});
