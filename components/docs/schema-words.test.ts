import { describe, expect, it } from "vitest";
import { constraints, fieldView, hasChildren, propertiesOf, typeLabel } from "@/components/docs/schema-words";
import { oldLinkTarget } from "@/components/docs/old-links";

// How /docs words the OpenAPI document's schemas: what a reader sees beside each field.
const components = {
  Country: { type: "object", properties: { id: { type: "string" } }, description: "A country" },
  Named: { type: "object", properties: { number: { type: "string" } } },
  Node: { type: "object", properties: { next: { $ref: "#/components/schemas/Node" } } },
};

describe("a schema's words on /docs", () => {
  it.each([
    [{ type: "string" }, "string"],
    [{ type: "integer", format: "int32" }, "integer · int32"],
    [{ type: "array", items: { $ref: "#/components/schemas/Country" } }, "array of Country"],
    [{ type: ["string", "null"] }, "string | null"],
    [{ anyOf: [{ $ref: "#/components/schemas/Country" }, { type: "null" }] }, "Country | null"],
    [{ oneOf: [{ type: "string" }, { type: "integer", format: "int32" }] }, "string | integer · int32"],
    [
      { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      "map of array of string",
    ],
    [{ type: "object", additionalProperties: {} }, "object"],
    [{ const: 1 }, "number"],
    [{}, "any"],
  ])("types %j as %s", (schema, label) => {
    expect(typeLabel(schema, components)).toBe(label);
  });

  it("states the limits a value must meet, leaving out zod's bounds of a plain integer", () => {
    expect(
      constraints({
        type: "integer",
        minimum: 1,
        maximum: 1000,
        default: 50,
        readOnly: true,
      }),
    ).toEqual(["min 1", "max 1000", "default 50", "read-only"]);
    expect(constraints({ type: "integer", minimum: -9007199254740991, maximum: 9007199254740991 })).toEqual(
      [],
    );
    expect(constraints({ type: "string", minLength: 1, maxLength: 200, pattern: "\\S" })).toEqual([
      "min length 1",
      "max length 200",
      "pattern \\S",
    ]);
    expect(constraints({ type: "string", enum: ["true", "false", "1", "0"] })).toEqual([
      "one of true, false, 1, 0",
    ]);
    expect(constraints({ type: "array", minItems: 1, maxItems: 100, uniqueItems: true })).toEqual([
      "min items 1",
      "max items 100",
      "unique items",
    ]);
    expect(constraints({ const: "GB" })).toEqual(["always GB"]);
  });

  it("lists required properties first, in the document's order", () => {
    const names = propertiesOf({
      type: "object",
      properties: { a: {}, b: {}, c: {} },
      required: ["c", "b"],
    }).map((property) => `${property.name}${property.required ? "*" : ""}`);
    expect(names).toEqual(["b*", "c*", "a"]);
  });

  it("folds fields beneath only what has fields: objects, their arrays and alternatives, a map's values", () => {
    expect(hasChildren({ $ref: "#/components/schemas/Country" }, components)).toBe(true);
    expect(hasChildren({ type: "array", items: { $ref: "#/components/schemas/Named" } }, components)).toBe(
      true,
    );
    expect(hasChildren({ type: "array", items: { type: "string" } }, components)).toBe(false);
    expect(hasChildren({ anyOf: [{ type: "string" }, { type: "null" }] }, components)).toBe(false);
    expect(
      hasChildren({ oneOf: [{ type: "string" }, { $ref: "#/components/schemas/Named" }] }, components),
    ).toBe(true);
    expect(
      hasChildren(
        { type: "object", additionalProperties: { $ref: "#/components/schemas/Node" } },
        components,
      ),
    ).toBe(true);
    expect(hasChildren({ type: "object", additionalProperties: {} }, components)).toBe(false);
  });

  it("lets a nullable value's one alternative lend its limits and description, and several plain ones add theirs", () => {
    expect(
      fieldView(
        { anyOf: [{ type: "string", format: "date-time", description: "ISO 8601" }, { type: "null" }] },
        components,
      ),
    ).toEqual({ label: "string · date-time | null", limits: [], description: "ISO 8601", nested: false });
    expect(
      fieldView(
        {
          description: "Absent: the cheapest",
          anyOf: [
            { type: "string", pattern: "^\\d+$" },
            { type: "integer", minimum: 1 },
          ],
        },
        components,
      ),
    ).toEqual({
      label: "string | integer",
      limits: ["string: pattern ^\\d+$", "integer: min 1"],
      description: "Absent: the cheapest",
      nested: false,
    });
    expect(fieldView({ $ref: "#/components/schemas/Country" }, components)).toEqual({
      label: "Country",
      limits: [],
      description: "A country",
      nested: true,
    });
  });
});

describe("links to the one-page reference", () => {
  it.each([
    ["#tag/inventory/GET/inventory/{country}", "/docs/inventory#GET/inventory/{country}"],
    ["#tag/inventory/GET/inventory/%7Bcountry%7D", "/docs/inventory#GET/inventory/{country}"],
    ["#tag/orders", "/docs/orders"],
    ["#GET/countries", null],
    ["", null],
  ])("sends %s to %s", (hash, target) => {
    expect(oldLinkTarget(hash)).toBe(target);
  });
});
