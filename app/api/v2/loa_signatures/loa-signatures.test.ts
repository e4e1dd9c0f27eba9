import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { download, makeOrder, requestSignature, sha256, sign, stopClockAt, T0 } from "@/tests/loa-signing";
import { pdfText } from "@/tests/pdf-text";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { decryptBytesAtRest } from "@/lib/crypto/data-key";

// The LOA of a port order (docs/API.md "LOA"): a member asks the authorized person to sign, the
// emailed link shows the letter and signs it once, the signed PDF lands in the documents store
// and is what GET /port_orders/{port_order_id}/loa serves from then on. What the link refuses is
// loa-link-refusals.test.ts. One database per file; each case makes its own order. The clock is
// the requests' own (setRequestClock), never a sleep.

afterEach(() => setRequestClock(undefined));

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
      ["loa_signed", "Letter of authorization signed by ada LOVELACE (ada@example.com).", signedAt],
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
});
