import { describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { errorBody as err } from "@/tests/error-body";
import { demoUsers } from "@/prisma/seed/fixtures";
import type { ServerCart } from "@/lib/schemas/cart";
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

// A cart of one's own through the portal's routes: the holds its named numbers take, renew and
// give back.

emptyCartsForEachTest();

describe("a cart of one's own, with holds", () => {
  it("holds a named number when it is added and releases it when removed", async () => {
    const now = new Date("2026-11-23T12:00:00.000Z");
    stopClockAt(now);
    const [first, second] = await available(2);
    const [product] = await londonProducts();
    const put = await putCart("acmeCustomer", {
      lines: [
        { kind: "number", number_e164: first },
        {
          kind: "geography",
          country: "gb",
          number_type: "local",
          region: LONDON,
          product_id: String(product.id),
          quantity: 3,
        },
      ],
    });
    expect(put.status).toBe(200);
    const cartProduct = {
      id: String(product.id),
      name: "Local Basic",
      currency: "GBP",
      monthly_fee: "1.00",
      setup_fee: "0",
      estimated_lead_time: "1 day",
    };
    const geographyLine = {
      key: `GB/local/${LONDON}/${product.id}`,
      kind: "geography",
      number_e164: null,
      country: "GB",
      number_type: "local",
      region: LONDON,
      region_name: "London (020)",
      product: cartProduct,
      quantity: 3,
      hold: null,
      documents: null,
    };
    const namedLine = (number: string, hold: unknown) => ({
      key: number,
      kind: "number",
      number_e164: number,
      country: "GB",
      number_type: "local",
      region: LONDON,
      region_name: "London (020)",
      product: null,
      quantity: 1,
      hold,
      documents: null,
    });
    const held = { state: "held", held_until: "2026-11-23T12:15:00.000Z" };
    // What checking out would charge: Local Basic's 1.00 a month is 0.27 for the 8 days left of
    // November's 30 (the 23rd included, billing_prorated), per number; no setup fee.
    const charged = (numbers: number) => [
      {
        currency: "GBP",
        setup_fees: "0.00",
        prorated_fees: (0.27 * numbers).toFixed(2),
        total_now: (0.27 * numbers).toFixed(2),
        monthly: numbers.toFixed(2),
      },
    ];
    expect(put.body).toEqual({
      data: { lines: [namedLine(first, held), geographyLine], charges: charged(4) },
    });
    expect((await readCart("acmeCustomer")).body).toEqual(put.body);

    // Another person, even of the same organization, has a cart of their own.
    expect((await readCart("support")).body).toEqual({ data: { lines: [], charges: [] } });
    expect((await readCart("globexCustomer")).body).toEqual({ data: { lines: [], charges: [] } });

    // Globex cannot hold it; its cart keeps the line, marked.
    const globex = await putCart("globexCustomer", { lines: [{ kind: "number", number_e164: first }] });
    // A number it cannot buy is no charge.
    expect(globex.body).toEqual({
      data: { lines: [namedLine(first, { state: "held_by_another", held_until: null })], charges: [] },
    });

    // Replacing the first number by the second releases the first.
    const swapped = await putCart("acmeCustomer", { lines: [{ kind: "number", number_e164: second }] });
    expect(swapped.body).toEqual({ data: { lines: [namedLine(second, held)], charges: charged(1) } });
    const prisma = await getPrisma();
    expect(
      (await prisma.numberHold.findMany({ select: { numberE164: true } })).map((h) => h.numberE164),
    ).toEqual([second]);

    // The hold ends by itself; renewing holds it again from then.
    stopClockAt(new Date("2026-11-23T12:20:00.000Z"));
    expect((await readCart("acmeCustomer")).body).toEqual({
      data: { lines: [namedLine(second, { state: "hold_ended", held_until: null })], charges: charged(1) },
    });
    const renewed = await api("POST", "/cart/renew", { headers: await session("acmeCustomer") });
    expect(renewed.body).toEqual({
      data: {
        lines: [namedLine(second, { state: "held", held_until: "2026-11-23T12:35:00.000Z" })],
        charges: charged(1),
      },
    });

    // On the month's last day the rest of the month is one day: 1.00 × 1 ÷ 30, rounded.
    stopClockAt(new Date("2026-11-30T23:59:00.000Z"));
    expect((await readCart("acmeCustomer")).body.data.charges).toEqual([
      { currency: "GBP", setup_fees: "0.00", prorated_fees: "0.03", total_now: "0.03", monthly: "1.00" },
    ]);
    stopClockAt(new Date("2026-11-23T12:40:00.000Z"));

    // Sold to someone else: marked sold.
    await prisma.inventoryNumber.update({ where: { numberE164: second }, data: { status: "sold" } });
    expect((await readCart("acmeCustomer")).body).toEqual({
      data: { lines: [namedLine(second, { state: "sold", held_until: null })], charges: [] },
    });

    // DELETE empties the cart.
    const emptied = await api("DELETE", "/cart", { headers: await session("acmeCustomer") });
    expect(emptied.body).toEqual({ data: { lines: [], charges: [] } });
    expect(await prisma.cartLine.count({ where: { userId: demoUsers.acmeCustomer.id } })).toBe(0);
  });

  it("keeps the organization's hold while a colleague's cart still has the number", async () => {
    const [number] = await available(1);
    const prisma = await getPrisma();
    const heldNumbers = async () =>
      (await prisma.numberHold.findMany({ select: { numberE164: true } })).map((h) => h.numberE164);
    const line = { kind: "number", number_e164: number };
    expect((await putCart("acmeCustomer", { lines: [line] })).status).toBe(200);
    expect((await putCart("acmeAdmin", { lines: [line] })).status).toBe(200);

    // One colleague takes it out: the other still has it in the cart, so it stays held.
    expect((await putCart("acmeCustomer", { lines: [] })).body).toEqual({ data: { lines: [], charges: [] } });
    expect(await heldNumbers()).toEqual([number]);
    // The last cart to let it go releases it.
    expect((await api("DELETE", "/cart", { headers: await session("acmeAdmin") })).status).toBe(200);
    expect(await heldNumbers()).toEqual([]);
  });

  it("renews one line's hold only: the cart's other holds keep their time", async () => {
    stopClockAt(new Date("2026-11-23T12:00:00.000Z"));
    const [first, second] = await available(2);
    const put = await putCart("acmeCustomer", {
      lines: [first, second].map((number) => ({ kind: "number", number_e164: number })),
    });
    expect(put.status).toBe(200);
    const holdsOf = (cart: { data: ServerCart }) =>
      cart.data.lines.map((line) => [line.number_e164, line.hold?.state, line.hold?.held_until]);

    stopClockAt(new Date("2026-11-23T12:10:00.000Z"));
    const renewed = await api<{ data: ServerCart }>("POST", `/cart/renew/${encodeURIComponent(second)}`, {
      headers: await session("acmeCustomer"),
    });
    expect(renewed.status).toBe(200);
    expect(holdsOf(renewed.body)).toEqual([
      [first, "held", "2026-11-23T12:15:00.000Z"],
      [second, "held", "2026-11-23T12:25:00.000Z"],
    ]);
    expect(holdsOf((await readCart("acmeCustomer")).body)).toEqual(holdsOf(renewed.body));
  });

  it("refuses to renew a number that is not in the caller's cart, and a malformed number, changing nothing", async () => {
    const [inCart, elsewhere] = await available(2);
    expect((await putCart("acmeCustomer", { lines: [{ kind: "number", number_e164: inCart }] })).status).toBe(
      200,
    );
    const prisma = await getPrisma();
    const holdsBefore = await prisma.numberHold.findMany({ orderBy: { numberE164: "asc" } });
    const notInCart = await api("POST", `/cart/renew/${encodeURIComponent(elsewhere)}`, {
      headers: await session("acmeCustomer"),
    });
    expect([notInCart.status, notInCart.body]).toEqual([
      404,
      err(
        "Not Found",
        "not_found",
        `${elsewhere} is not in your cart; add it to the cart to hold it.`,
        `path.number_e164=${elsewhere}`,
      ),
    ]);
    // A colleague's cart is not the caller's, though the number is the organization's hold.
    const colleague = await api("POST", `/cart/renew/${encodeURIComponent(inCart)}`, {
      headers: await session("acmeAdmin"),
    });
    expect(colleague.status).toBe(404);
    const malformed = await api("POST", "/cart/renew/not-a-number", {
      headers: await session("acmeCustomer"),
    });
    expect(malformed.status).toBe(400);
    expect((malformed.body as { error: { code: string } }).error.code).toBe("invalid_parameter");
    expect(await prisma.numberHold.findMany({ orderBy: { numberE164: "asc" } })).toEqual(holdsBefore);
  });

  it("answers other methods 405 with Allow", async () => {
    const response = await api("PATCH", "/cart", { headers: await session("acmeCustomer"), body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("GET, PUT, DELETE, OPTIONS");
  });
});
