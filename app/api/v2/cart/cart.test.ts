import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { errorBody as err } from "@/tests/error-body";
import {
  LONDON,
  available,
  emptyCartsForEachTest,
  londonProducts,
  putCart,
  readCart,
  session,
  stopClockAt,
} from "@/app/api/v2/cart/cart-session";

// The portal's cart through its routes: a session it needs, the requests it refuses, and what a
// line's numbers would wait for; its holds are in cart-holds.test.ts.

const bad = (message: string, details: string) => err("Bad Request", "invalid_parameter", message, details);

emptyCartsForEachTest();

describe("the cart needs a portal session", () => {
  const noCart = (details: string) =>
    err(
      "Unauthorized",
      "unauthorized",
      "Only a person signed in to the portal can call this endpoint; an API token cannot.",
      details,
    );
  it.each([
    { method: "GET", path: "/cart", token: undefined, details: "cookie=(no session)" },
    { method: "GET", path: "/cart", token: "acmeAll" as const, details: "principal=token" },
    { method: "PUT", path: "/cart", token: "acmeAll" as const, details: "principal=token" },
    { method: "DELETE", path: "/cart", token: "acmeAll" as const, details: "principal=token" },
    { method: "POST", path: "/cart/renew", token: "acmeAll" as const, details: "principal=token" },
    {
      method: "POST",
      path: "/cart/renew/+442079460000",
      token: "acmeAll" as const,
      details: "principal=token",
    },
  ])("$method $path with token=$token → 401", async ({ method, path, token, details }) => {
    const body = method === "PUT" ? { lines: [] } : undefined;
    const response = await api(method, path, { token, body });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(noCart(details));
  });

  it("a cart write from another site is refused and changes nothing", async () => {
    const [number] = await available(1);
    const response = await api("PUT", "/cart", {
      headers: await session("acmeCustomer", { origin: "https://evil.example" }),
      body: { lines: [{ kind: "number", number_e164: number }] },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      err(
        "Unauthorized",
        "unauthorized",
        "Writes with a session cookie must come from this site's own pages.",
        "header.origin=https://evil.example",
      ),
    );
    expect((await readCart("acmeCustomer")).body).toEqual({ data: { lines: [], charges: [] } });
  });
});

describe("PUT /cart: refused requests change nothing", () => {
  it("refuses each bad cart with the API's error body", async () => {
    const [number] = await available(1);
    const [product] = await londonProducts();
    const geography = {
      kind: "geography",
      country: "GB",
      number_type: "local",
      region: LONDON,
      product_id: product.id,
    };
    const cases: Array<{ body: unknown; status: number; error: unknown }> = [
      { body: {}, status: 400, error: bad("lines must list 0 to 100 cart lines", "body.lines=(missing)") },
      {
        body: { lines: [null] },
        status: 400,
        error: bad('lines.0: kind must be "number" or "geography"', "body.lines.0=null"),
      },
      {
        body: { lines: [{ kind: "number", number_e164: "2125550123" }] },
        status: 400,
        error: bad(
          "lines.0.number_e164: must be an E.164 number such as +12125550123",
          "body.lines.0.number_e164=2125550123",
        ),
      },
      ...[0, 150, 2.5].map((quantity) => ({
        body: { lines: [{ ...geography, quantity }] },
        status: 400,
        error: bad(
          `lines.0.quantity: must be a whole number from 1 to 100`,
          `body.lines.0.quantity=${quantity}`,
        ),
      })),
      {
        body: { lines: [{ ...geography, region: "GB-ENG-NOWHERE-99", quantity: 1 }] },
        status: 400,
        error: err(
          "Bad Request",
          "unknown_region",
          "GB-ENG-NOWHERE-99 is not a local region of GB.",
          "body.lines.0.region=GB-ENG-NOWHERE-99",
        ),
      },
      {
        body: { lines: [{ ...geography, product_id: 999999, quantity: 1 }] },
        status: 400,
        error: err(
          "Bad Request",
          "product_not_found",
          "No product has id 999999.",
          "body.lines.0.product_id=999999",
        ),
      },
      {
        body: {
          lines: [
            { kind: "number", number_e164: number },
            { kind: "number", number_e164: number },
          ],
        },
        status: 400,
        error: bad(
          "lines.1 repeats an earlier line: change that line's quantity or product instead",
          `body.lines.1.number_e164=${number}`,
        ),
      },
      {
        body: { lines: [{ kind: "number", number_e164: "+19999999999" }] },
        status: 409,
        error: err(
          "Conflict",
          "number_unavailable",
          "This number is not in inventory: +19999999999.",
          "number_e164=+19999999999",
        ),
      },
    ];
    const prisma = await getPrisma();
    for (const { body, status, error } of cases) {
      const response = await putCart("acmeCustomer", body);
      expect({ status: response.status, body: response.body }).toEqual({ status, body: error });
    }
    expect(await prisma.cartLine.count()).toBe(0);
    expect(await prisma.numberHold.count()).toBe(0);
  });
});

describe("what a line's numbers would wait for", () => {
  it("names the documents no approved bundle covers, and the day a number bought now is released", async () => {
    const now = new Date("2026-11-23T12:00:00.000Z");
    stopClockAt(now);
    const prisma = await getPrisma();
    const berlin = await prisma.inventoryNumber.findFirstOrThrow({
      where: {
        regionId: "DE-BE-BERLIN-30",
        status: "available",
        NOT: { requiredDocumentIds: { isEmpty: true } },
      },
      orderBy: { numberE164: "asc" },
    });
    const product = await prisma.product.findFirstOrThrow({
      where: { regionId: "DE-BE-BERLIN-30" },
      include: { requiredDocuments: true },
      orderBy: { id: "asc" },
    });
    const [london] = await available(1);
    const put = await putCart("acmeCustomer", {
      lines: [
        { kind: "number", number_e164: berlin.numberE164 },
        {
          kind: "geography",
          country: "DE",
          number_type: "local",
          region: "DE-BE-BERLIN-30",
          product_id: String(product.id),
          quantity: 2,
        },
        { kind: "number", number_e164: london },
      ],
    });
    expect(put.status).toBe(200);
    // The sale + DOCUMENTS_DUE_DAYS (14 by default): what the number's documents_due would be.
    const due = "2026-12-07T12:00:00.000Z";
    expect(put.body.data.lines.map((line) => line.documents)).toEqual([
      { document_type_ids: [...berlin.requiredDocumentIds].sort(), due_if_bought_now: due },
      {
        document_type_ids: product.requiredDocuments.map((document) => document.documentTypeId).sort(),
        due_if_bought_now: due,
      },
      null,
    ]);
    expect(product.requiredDocuments.length).toBeGreaterThan(0);
  });
});
