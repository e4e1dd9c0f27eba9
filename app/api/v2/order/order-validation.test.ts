import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import type { InventoryNumber, Product } from "@/lib/generated/prisma/client";
import { errorBody } from "@/tests/error-body";

const err = errorBody;
const bad = (code: string, message: string, details: string) => err("Bad Request", code, message, details);
const invalid = (message: string, details: string) => bad("invalid_parameter", message, details);

const order = (body: unknown, headers?: Record<string, string>) =>
  api("POST", "/order", { token: "acmeAll", body, headers });
const geography = { country: "US", number_type: "local", region: "US-NY-NEW_YORK-212" };
const valid = { contact_name: "Alex Carter", items: [geography] };

let local: InventoryNumber;
let tollFreeProduct: Product;
let chicagoProduct: Product;
let seedOrders: number;
let seedSold: number;
beforeAll(async () => {
  const prisma = await getPrisma();
  seedOrders = await prisma.order.count();
  seedSold = await prisma.inventoryNumber.count({ where: { status: "sold" } });
  local = await prisma.inventoryNumber.findFirstOrThrow({
    where: { status: "available", regionId: "US-NY-NEW_YORK-212" },
    orderBy: { numberE164: "desc" },
  });
  tollFreeProduct = await prisma.product.findFirstOrThrow({
    where: { countryId: "US", numberTypeId: "toll_free" },
    orderBy: { id: "asc" },
  });
  chicagoProduct = await prisma.product.findFirstOrThrow({
    where: { regionId: "US-IL-CHICAGO-312" },
    orderBy: { id: "asc" },
  });
});

// No request in this file is valid, so the seed's orders are all there ever are.
async function expectNothingOrdered() {
  const prisma = await getPrisma();
  expect(await prisma.order.count()).toBe(seedOrders);
  expect(await prisma.inventoryNumber.count({ where: { status: "sold" } })).toBe(seedSold);
}

describe("POST /order: the request", () => {
  const contactMessage = "contact_name must be 1 to 200 characters";
  const itemsMessage = "items must be a list of 1 to 100 items";
  const quantityMessage = "must be an integer between 1 and 100";
  it.each([
    [
      "no contact_name",
      { items: [geography] },
      invalid("contact_name is required: 1 to 200 characters", "body.contact_name=(missing)"),
    ],
    ["blank contact_name", { ...valid, contact_name: "   " }, invalid(contactMessage, "body.contact_name=")],
    [
      "long contact_name",
      { ...valid, contact_name: "x".repeat(201) },
      invalid(contactMessage, `body.contact_name=${"x".repeat(200)}…`),
    ],
    [
      "long reference_number",
      { ...valid, reference_number: "r".repeat(101) },
      invalid("reference_number must be at most 100 characters", `body.reference_number=${"r".repeat(101)}`),
    ],
    [
      "numeric reference_number",
      { ...valid, reference_number: 7 },
      invalid("reference_number must be a string of at most 100 characters", "body.reference_number=7"),
    ],
    ["no items", { contact_name: "A" }, invalid(itemsMessage, "body.items=(missing)")],
    ["empty items", { contact_name: "A", items: [] }, invalid(itemsMessage, "body.items=[]")],
    [
      "101 items",
      { contact_name: "A", items: Array(101).fill(geography) },
      invalid(itemsMessage, expect.stringMatching(/^body\.items=\[/)),
    ],
    [
      "501 numbers",
      { contact_name: "A", items: [...Array(5).fill({ ...geography, quantity: 100 }), geography] },
      invalid("items may ask for at most 500 numbers in all", "body.items=501"),
    ],
    ["unknown field", { ...valid, colour: "blue" }, invalid("unknown body parameter: colour", "body.colour")],
    [
      "unknown item field",
      { contact_name: "A", items: [{ ...geography, colour: "blue" }] },
      invalid("unknown body parameter: colour", "body.items.0.colour"),
    ],
    [
      "quantity 0",
      { contact_name: "A", items: [{ ...geography, quantity: 0 }] },
      invalid(`items.0.quantity: ${quantityMessage}`, "body.items.0.quantity=0"),
    ],
    [
      "quantity 101",
      { contact_name: "A", items: [{ ...geography, quantity: 101 }] },
      invalid(`items.0.quantity: ${quantityMessage}`, "body.items.0.quantity=101"),
    ],
    [
      "quantity 1.5",
      { contact_name: "A", items: [{ ...geography, quantity: 1.5 }] },
      invalid(`items.0.quantity: ${quantityMessage}`, "body.items.0.quantity=1.5"),
    ],
    [
      "quantity as text",
      { contact_name: "A", items: [{ ...geography, quantity: "2" }] },
      invalid(`items.0.quantity: ${quantityMessage}`, "body.items.0.quantity=2"),
    ],
    [
      "named quantity 2",
      { contact_name: "A", items: [{ number_e164: "+12125550123", quantity: 2 }] },
      invalid("items.0.quantity: must be 1 (or absent) for a named number", "body.items.0.quantity=2"),
    ],
    [
      "bad E.164",
      { contact_name: "A", items: [{ number_e164: "2125550123" }] },
      invalid(
        "items.0.number_e164: must be an E.164 number such as +12125550123",
        "body.items.0.number_e164=2125550123",
      ),
    ],
    [
      "no country",
      { contact_name: "A", items: [{ number_type: "local", region: geography.region }] },
      invalid(
        "items.0.country: is required unless number_e164 names a number",
        "body.items.0.country=(missing)",
      ),
    ],
    [
      "no number_type",
      { contact_name: "A", items: [{ country: "US" }] },
      invalid(
        "items.0.number_type: is required unless number_e164 names a number",
        "body.items.0.number_type=(missing)",
      ),
    ],
    [
      "local without region",
      { contact_name: "A", items: [{ country: "US", number_type: "local", quantity: 2 }] },
      invalid("items.0.region: is required for local numbers", "body.items.0.region=(missing)"),
    ],
    [
      "bad product_id",
      { contact_name: "A", items: [{ ...geography, product_id: "twelve" }] },
      invalid('items.0.product_id: must be a product id such as "12"', "body.items.0.product_id=twelve"),
    ],
    [
      "product_id 0",
      { contact_name: "A", items: [{ ...geography, product_id: 0 }] },
      invalid('items.0.product_id: must be a product id such as "12"', "body.items.0.product_id=0"),
    ],
    [
      "product_id true",
      { contact_name: "A", items: [{ ...geography, product_id: true }] },
      invalid('items.0.product_id: must be a product id such as "12"', "body.items.0.product_id=true"),
    ],
    [
      "bad country",
      { contact_name: "A", items: [{ ...geography, country: "USA" }] },
      invalid("items.0.country: country must be a two-letter ISO 3166-1 code", "body.items.0.country=USA"),
    ],
  ])("%s → 400", async (_name, body, expected) => {
    const response = await order(body);
    expect(response.body).toEqual(expected);
    expect(response.status).toBe(400);
  });

  it.each([
    [
      "unknown country",
      { country: "ZZ", number_type: "mobile" },
      bad("unknown_country", "items.0: No numbers are sold in country ZZ.", "items.0.country=ZZ"),
    ],
    [
      "unknown number type",
      { country: "US", number_type: "premium" },
      bad("unknown_number_type", "items.0: Unknown number type 'premium'.", "items.0.number_type=premium"),
    ],
    [
      "unknown region",
      { ...geography, region: "US-XX-NOWHERE-999" },
      bad("unknown_region", "Unknown region 'US-XX-NOWHERE-999' in US.", "items.0.region=US-XX-NOWHERE-999"),
    ],
    [
      "region of another type",
      { country: "US", number_type: "toll_free", region: geography.region },
      bad(
        "unknown_region",
        `Region '${geography.region}' has no toll_free numbers; it is a local region.`,
        `items.0.region=${geography.region}`,
      ),
    ],
    [
      "unknown product",
      { ...geography, product_id: "999999" },
      bad("product_not_found", "Product 999999 does not exist.", "items.0.product_id=999999"),
    ],
  ])("a geography item with %s → 400", async (_name, item, expected) => {
    const response = await order({ contact_name: "Alex Carter", items: [item] });
    expect(response.body).toEqual(expected);
    expect(response.status).toBe(400);
    await expectNothingOrdered();
  });

  it("names the fields when a product does not sell the item's geography", async () => {
    const tollFreeOnLocal = await order({
      contact_name: "Alex Carter",
      items: [{ number_e164: local.numberE164, product_id: String(tollFreeProduct.id) }],
    });
    expect(tollFreeOnLocal.status).toBe(400);
    expect(tollFreeOnLocal.body).toEqual(
      bad(
        "inconsistent_order",
        `items.0: product ${tollFreeProduct.id} sells US toll_free numbers in ${tollFreeProduct.regionId}, which does not match items.0.product_id, items.0.number_e164.`,
        `items.0.product_id=${tollFreeProduct.id}, items.0.number_e164=${local.numberE164}`,
      ),
    );
    const otherCity = await order({
      contact_name: "Alex Carter",
      items: [geography, { ...geography, product_id: chicagoProduct.id }],
    });
    expect(otherCity.body).toEqual(
      bad(
        "inconsistent_order",
        `items.1: product ${chicagoProduct.id} sells US local numbers in US-IL-CHICAGO-312, which does not match items.1.product_id, items.1.region.`,
        `items.1.product_id=${chicagoProduct.id}, items.1.region=US-NY-NEW_YORK-212`,
      ),
    );
    await expectNothingOrdered();
  });

  it("names the fields when a named number's country, type or region do not match it", async () => {
    const response = await order({
      contact_name: "Alex Carter",
      items: [
        { number_e164: local.numberE164, country: "GB", number_type: "local", region: "GB-ENG-LONDON-20" },
      ],
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      bad(
        "inconsistent_order",
        `items.0: ${local.numberE164} is a US local number in US-NY-NEW_YORK-212, which does not match items.0.country, items.0.region.`,
        `items.0.number_e164=${local.numberE164}, items.0.country=GB, items.0.region=GB-ENG-LONDON-20`,
      ),
    );
  });

  it("refuses a number named twice", async () => {
    const response = await order({
      contact_name: "Alex Carter",
      items: [{ number_e164: local.numberE164 }, { number_e164: local.numberE164 }],
    });
    expect(response.body).toEqual(
      invalid(
        `items.1.number_e164: ${local.numberE164} is already ordered by items.0`,
        `items.1.number_e164=${local.numberE164}`,
      ),
    );
  });

  it("wants JSON, at most 64 KiB of it", async () => {
    const text = await api("POST", "/order", {
      token: "acmeAll",
      body: JSON.stringify(valid),
      headers: { "content-type": "text/plain" },
    });
    expect(text.status).toBe(415);
    expect(text.body).toEqual(
      err(
        "Unsupported Media Type",
        "unsupported_media_type",
        "The body must be sent as application/json.",
        "header.content-type=text/plain",
      ),
    );
    const big = await order({ ...valid, reference_number: "x".repeat(70_000) });
    expect(big.status).toBe(413);
    expect(big.body).toEqual(
      err(
        "Payload Too Large",
        "payload_too_large",
        "The body must be at most 65536 bytes.",
        expect.stringMatching(/^body\.bytes=\d+$/),
      ),
    );
    const broken = await order("{ not json");
    expect(broken.body).toEqual(invalid("The body is not valid JSON.", "body={ not json"));
    await expectNothingOrdered();
  });

  it("refuses an Idempotency-Key over 255 characters", async () => {
    const response = await order(valid, { "idempotency-key": "k".repeat(256) });
    expect(response.body).toEqual(
      invalid("Idempotency-Key must be 1 to 255 characters.", `header.idempotency-key=${"k".repeat(80)}`),
    );
  });

  it.each([
    [
      "acmeInventoryOnly",
      err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'orders:write' scope.",
        "required_scope=orders:write",
      ),
    ],
    [
      null,
      err(
        "Unauthorized",
        "unauthorized",
        "Authentication is required: send 'Authorization: Bearer <token>'.",
        "header.authorization",
      ),
    ],
  ] as const)("token %s → 401", async (token, expected) => {
    const response = await api("POST", "/order", { token, body: valid });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(expected);
  });

  it("answers GET with 405", async () => {
    const response = await api("GET", "/order", { token: "acmeAll" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST, OPTIONS");
  });
});
