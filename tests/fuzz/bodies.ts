// Request bodies for the fuzzer: orders and token requests near-valid (some fields of the
// wrong type, null, out of range, unknown; nulls nested in items), any JSON, text that is
// not JSON, random bytes, bodies nested thousands of levels deep, and bodies just under and
// over the 64 KiB limit.
import fc from "fast-check";
import { anyText, countries, numberTypes, regions, type FuzzSamples } from "@/tests/fuzz/values";

// docs/CONTRACT.md §17: an item may name a bundle (the organizations' draft ones, unknown, malformed).
const bundleId = (samples: FuzzSamples) =>
  fc.oneof(fc.constantFrom(...samples.bundleIds, "bnd_nobody"), anyText, fc.constant(null));

function orderItem(samples: FuzzSamples): fc.Arbitrary<unknown> {
  const named = fc.record(
    {
      number_e164: fc.oneof(
        fc.constantFrom(...samples.availableNumbers, ...samples.soldNumbers, "+15550000000", "+0123", "123"),
        anyText,
      ),
      country: fc.constantFrom(...countries),
      number_type: fc.constantFrom(...numberTypes),
      region: fc.constantFrom(...regions),
      quantity: fc.oneof(fc.constant(1), fc.integer({ min: -2, max: 3 }), fc.constant(null)),
      product_id: fc.oneof(
        fc.integer({ min: -1, max: 400 }),
        fc.integer({ min: 1, max: 400 }).map(String),
        anyText,
        fc.constant(null),
      ),
      bundle_id: bundleId(samples),
    },
    { requiredKeys: ["number_e164"] },
  );
  const geography = fc.record(
    {
      country: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...countries) },
        { weight: 1, arbitrary: fc.anything() },
      ),
      number_type: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...numberTypes) },
        { weight: 1, arbitrary: fc.anything() },
      ),
      region: fc.constantFrom(...regions),
      quantity: fc.oneof(
        { weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(
            0,
            100,
            101,
            1.5,
            -1,
            1e309,
            Number.MAX_SAFE_INTEGER + 2,
            "2",
            null,
            true,
          ),
        },
      ),
      product_id: fc.oneof(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 400 }).map(String),
        fc.constantFrom("0", "01", "1e2", 1.5),
      ),
      bundle_id: bundleId(samples),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { weight: 2, arbitrary: named },
    { weight: 3, arbitrary: geography },
    { weight: 1, arbitrary: fc.anything() },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

function orderBody(samples: FuzzSamples): fc.Arbitrary<unknown> {
  return fc.record(
    {
      contact_name: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom("Fuzz Tester", "Ünïcödé Üser 😀", " ") },
        { weight: 1, arbitrary: anyText },
        { weight: 1, arbitrary: fc.anything() },
        { weight: 1, arbitrary: fc.constant(null) },
      ),
      reference_number: fc.oneof(anyText, fc.anything(), fc.constant(null)),
      items: fc.oneof(
        { weight: 5, arbitrary: fc.array(orderItem(samples), { minLength: 1, maxLength: 4 }) },
        { weight: 1, arbitrary: fc.array(orderItem(samples), { minLength: 0, maxLength: 120 }) },
        { weight: 1, arbitrary: fc.anything() },
      ),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  );
}

const tokenBody = fc.record(
  {
    name: fc.oneof(fc.constantFrom("fuzz", "  ", null), anyText, fc.anything()),
    scopes: fc.oneof(
      fc.subarray([
        "reference:read",
        "inventory:read",
        "products:read",
        "orders:write",
        "orders:read",
        "numbers:read",
        "admin",
      ]),
      fc.constantFrom(null, [null], ["orders:read", null]),
      fc.anything(),
    ),
    expires_at: fc.oneof(
      fc.constantFrom(
        "2020-01-01T00:00:00Z",
        new Date(Date.now() + 86_400_000).toISOString(),
        "2999-01-01T00:00:00Z",
        "tomorrow",
        null,
      ),
      fc.anything(),
    ),
  },
  { requiredKeys: [] },
);

/** What goes in the body: JSON of a near-valid shape, any JSON, or something that is not JSON. */
export function bodyArbitrary(
  key: string,
  samples: FuzzSamples,
): fc.Arbitrary<string | Uint8Array<ArrayBuffer>> {
  const shaped =
    key === "POST /order" ? orderBody(samples) : key === "POST /tokens" ? tokenBody : fc.jsonValue();
  const deep = fc.integer({ min: 1_000, max: 30_000 }).map((depth) => "[".repeat(depth) + "]".repeat(depth));
  return fc.oneof(
    { weight: 8, arbitrary: shaped.map((value) => JSON.stringify(value) ?? "null") },
    { weight: 2, arbitrary: fc.json() },
    { weight: 1, arbitrary: anyText },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => new Uint8Array(bytes)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "{",
        '{"contact_name":"a","items":[{"country":"GB","number_type":"mobile"}],"contact_name":"b"}',
        '{"__proto__":{"admin":true},"contact_name":"x","items":[{"country":"GB","number_type":"mobile"}]}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '\uFEFF{"contact_name":"bom","items":[{"country":"GB","number_type":"mobile"}]}',
        '{"contact_name":"x","items":[{"country":"GB","number_type":"mobile","quantity":1e309}]}',
        "null",
        '{"name":"fuzz","scopes":["orders:read"],"expires_at":null}',
        '{"contact_name":null,"reference_number":null,"items":[null,{"country":null,"number_type":"mobile","quantity":null}]}',
        '{"contact_name":"x","items":[{"country":"GB","number_type":"mobile","product_id":null,"extra":{"a":[null,{"b":null}]}}]}',
        "[]",
        "1",
        '"string"',
      ),
    },
    { weight: 1, arbitrary: deep },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 64 * 1024 - 8, max: 80 * 1024 })
        .map((size) => JSON.stringify({ contact_name: "x".repeat(size), items: [] })),
    },
  );
}
