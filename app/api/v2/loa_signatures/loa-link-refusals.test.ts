import { afterEach, describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { makeOrder, requestSignature, sign, stopClockAt, T0 } from "@/tests/loa-signing";
import { getPrisma } from "@/lib/db/client";
import { setRequestClock } from "@/lib/api/request-clock";
import { LOA_LINK_LIFETIME_MS } from "@/lib/porting/loa-signatures";

// The LOA of a port order (docs/API.md "LOA"): what a signing link refuses: an expired or
// replaced link, a typed name that is not the requested one or a missing consent, another
// organization's order or an unknown link, and an order that has left draft and exception.
// Signing itself is loa-signatures.test.ts. One database per file; each case makes its own
// order. The clock is the requests' own (setRequestClock), never a sleep.

afterEach(() => setRequestClock(undefined));

describe("the LOA of a port order", () => {
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
