import { describe, expect, it } from "vitest";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { z } from "zod";
import { buildOpenApiDocument } from "@/lib/api/openapi";
import { endpoints, splitKey } from "@/lib/api/registry";
import { numberTypeIds } from "@/lib/reference/number-types";

// What a client reads in the document about a request body must be what the server checks: every
// operation's example is taken by both, and a body the server's zod schema refuses for a limit the
// document can state (length, blank text, repeats, tag limits, URL, the number types) is refused
// by the document too, as a generator's client or a validating proxy would read it.

type Content = { schema: unknown; example?: unknown };
type Operation = { requestBody?: { content: { "application/json": Content } } };
const document = buildOpenApiDocument() as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema({ $id: "https://numbers.test/openapi.json", components: document.components });

function withBase(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withBase);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      key === "$ref" && typeof item === "string"
        ? `https://numbers.test/openapi.json${item}`
        : withBase(item),
    ]),
  );
}

const bodies = Object.entries(endpoints).flatMap(([key, definition]) => {
  const body = (definition as { body?: z.ZodType }).body;
  if (!body) return [];
  const { method, path } = splitKey(key);
  const content = document.paths[path][method.toLowerCase()].requestBody?.content["application/json"];
  return [{ key, server: body, content, documented: ajv.compile(withBase(content?.schema) as object) }];
});

function bodyOf(key: string) {
  const found = bodies.find((entry) => entry.key === key);
  if (!found) throw new Error(`no body for ${key}`);
  return found;
}

const rule = { name: "Office", priority: 1, action: { type: "voicemail" } };
const dial = (action: Record<string, unknown>) => ({
  name: "x",
  rules: [{ ...rule, action: { type: "dial", destination: "+442079460123", ...action } }],
});
const tags = (entries: number) =>
  Object.fromEntries(Array.from({ length: entries }, (_, i) => [`t${i}`, "v"]));
const item = { country: "US", number_type: "local", region: "US-NY-NEW_YORK-212" };
const order = (items: unknown[], contact = "Ada") => ({ contact_name: contact, items });

describe("the document's request bodies", () => {
  it("cover every operation that takes one", () => {
    expect(bodies.map((entry) => entry.key).sort()).toEqual([
      "PATCH /addresses/{address_id}",
      "PATCH /billing/accounts/{currency}",
      "PATCH /bundles/{bundle_id}",
      "PATCH /end_users/{end_user_id}",
      "PATCH /members/{member_id}",
      "PATCH /organization/settings",
      "PATCH /port_orders/{port_order_id}",
      "POST /addresses",
      "POST /billing/alerts",
      "POST /billing/credits",
      "POST /billing/payments",
      "POST /bundles",
      "POST /bundles/{bundle_id}/reject",
      "POST /end_users",
      "POST /extensions",
      "POST /invitations/{token}/accept",
      "POST /invoices/{invoice_id}/credit_notes",
      "POST /jobs",
      "POST /loa_signatures/{token}",
      "POST /members/invitations",
      "POST /numbers/{number_id}/port_out_requests",
      "POST /order",
      "POST /organization/sso/domains/{domain}/verify",
      "POST /password",
      "POST /password-reset",
      "POST /password-reset/confirm",
      "POST /port_orders",
      "POST /port_orders/{port_order_id}/carrier_actions",
      "POST /port_orders/{port_order_id}/comments",
      "POST /port_orders/{port_order_id}/foc_change_requests",
      "POST /port_orders/{port_order_id}/loa/signature_requests",
      "POST /portability_checks",
      "POST /reservations",
      "POST /signup",
      "POST /tokens",
      "POST /two-factor/disable",
      "POST /two-factor/enrolment/confirm",
      "POST /two-factor/recovery-codes",
      "POST /verification",
      "POST /webhooks",
      "PUT /billing/profile",
      "PUT /cart",
      "PUT /extension/{extension}",
      "PUT /numbers/{number_id}",
      "PUT /organization/sso",
    ]);
  });

  it.each(bodies.map((entry) => [entry.key, entry] as const))(
    "%s has an example that its schema and the server's both take",
    (_key, { server, content, documented }) => {
      expect(content?.example).toBeDefined();
      expect(documented(content?.example), JSON.stringify(documented.errors)).toBe(true);
      expect(server.safeParse(content?.example).error?.issues ?? []).toEqual([]);
    },
  );

  it("shows an order item as one of two shapes, with no empty strings in its example", () => {
    expect(document.components.schemas.OrderItemRequest).toEqual({
      oneOf: [
        { $ref: "#/components/schemas/NamedOrderItem" },
        { $ref: "#/components/schemas/GeographicOrderItem" },
      ],
    });
    const example = bodyOf("POST /order").content?.example as { items: Array<Record<string, unknown>> };
    // Only the geographic shape: a named number in an example may be sold by the time it is copied.
    expect(example.items.map((entry) => Object.keys(entry).sort())).toEqual([
      ["country", "number_type", "quantity", "region"],
    ]);
    expect(JSON.stringify(example)).not.toContain('""');
  });

  it.each([
    ["POST /order", "a blank contact name", order([item], "   ")],
    ["POST /order", "an empty contact name", order([item], "")],
    ["POST /order", "an item of both shapes with empty strings", order([{ number_e164: "", country: "" }])],
    [
      "POST /order",
      "an item with both shapes' fields",
      order([{ number_e164: "+12125550123", quantity: 2 }]),
    ],
    ["POST /order", "a local item without its region", order([{ country: "US", number_type: "local" }])],
    ["POST /order", "an unknown number type", order([{ country: "US", number_type: "premium" }])],
    [
      "PUT /cart",
      "an unknown number type",
      { lines: [{ kind: "geography", ...item, number_type: "premium", product_id: "1", quantity: 1 }] },
    ],
    ["POST /tokens", "a blank token name", { name: "  ", scopes: ["orders:read"] }],
    ["POST /webhooks", "a URL that is not one", { url: "not a url", events: ["order.created"] }],
    [
      "POST /webhooks",
      "an event listed twice",
      { url: "https://example.com/h", events: ["order.created", "order.created"] },
    ],
    ["PUT /numbers/{number_id}", "a blank configuration name", { name: "  ", rules: [] }],
    ["PUT /numbers/{number_id}", "a blank rule name", { name: "x", rules: [{ ...rule, name: " " }] }],
    [
      "PUT /numbers/{number_id}",
      "a day listed twice",
      { name: "x", rules: [{ ...rule, activations: [{ days: ["mon", "mon"], time_zone: "UTC" }] }] },
    ],
    ["PUT /numbers/{number_id}", "21 tags", dial({ tags: tags(21) })],
    ["PUT /numbers/{number_id}", "an empty tag name", dial({ tags: { "": "v" } })],
    ["PUT /numbers/{number_id}", "a 65-character tag name", dial({ tags: { ["n".repeat(65)]: "v" } })],
    ["PUT /numbers/{number_id}", "a 257-character tag value", dial({ tags: { n: "v".repeat(257) } })],
    [
      "PUT /numbers/{number_id}",
      "a destination that is neither E.164 nor SIP",
      dial({ destination: "12345" }),
    ],
    ["POST /extensions", "a blank extension name", { extension: "101", name: " " }],
  ])("%s: the server and the document both refuse %s", (key, _name, body) => {
    const { server, documented } = bodyOf(key);
    // The number type is the domain's question (400 unknown_number_type): the enum is its list.
    if (!JSON.stringify(body).includes("premium")) expect(server.safeParse(body).success).toBe(false);
    expect(documented(body)).toBe(false);
  });

  it("lists the number types the server sells as the order item's enum", () => {
    const shape = document.components.schemas.GeographicOrderItem as {
      properties: { number_type: { enum: string[] } };
    };
    expect(shape.properties.number_type.enum).toEqual([...numberTypeIds]);
  });

  it("types every read-only field of ConfigurationInput as GET answers it", () => {
    const input = document.components.schemas.ConfigurationInput as {
      properties: Record<string, Record<string, unknown>>;
    };
    const readOnly = Object.entries(input.properties).filter(([, schema]) => schema.readOnly === true);
    expect(readOnly.map(([name]) => name)).toEqual([
      "number_id",
      "organization_id",
      "number",
      "country_code",
      "local_format",
      "number_type",
      "region",
      "status",
      "purchased_at",
      "restorable_until",
      "documents_due",
      "port_order_id",
      "porting_foc_at",
      "port_out_pin_set",
    ]);
    for (const [name, schema] of readOnly)
      expect("type" in schema || "anyOf" in schema, `${name}: ${JSON.stringify(schema)}`).toBe(true);
    // A configuration read from GET can be sent back as it is.
    const { documented } = bodyOf("PUT /numbers/{number_id}");
    const read = {
      number_id: "num_1",
      organization_id: "org_1",
      number: "+442079460000",
      country_code: "44",
      local_format: "020 7946 0000",
      number_type: "local",
      region: { id: "GB-LND-LONDON-20", name: "London" },
      status: "active",
      purchased_at: "2026-01-12T09:30:00.000Z",
      restorable_until: null,
      documents_due: null,
      locked: false,
      tags: ["sales"],
      name: "Main",
      rules: [],
    };
    expect(documented(read)).toBe(true);
    expect(documented({ ...read, region: ["GB-LND-LONDON-20"] })).toBe(false);
  });
});
