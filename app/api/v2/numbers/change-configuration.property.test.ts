import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// docs/CONTRACT.md §11 as a property: every generated configuration that the API accepts reads back
// unchanged (rules by priority), and every one it refuses leaves the stored one untouched.
// The generator mixes valid values with ones just past each limit, so both kinds occur.

type One = { data: NumberConfiguration };
const NUMBER_ID = "num_acme_manchester";

const clock = fc.oneof(
  fc.constant(null),
  fc
    .tuple(fc.integer({ min: 0, max: 24 }), fc.constantFrom(0, 15, 30, 59, 60))
    .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
);
const activation = fc.record({
  start: fc.oneof(fc.integer({ min: 0, max: 2_000_000_000 }), fc.constant(-1)),
  stop: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 2_100_000_000 })),
  days: fc.uniqueArray(fc.constantFrom("mon", "tue", "wed", "thu", "fri", "sat", "sun", "xyz"), {
    maxLength: 7,
  }),
  start_time: clock,
  stop_time: clock,
  time_zone: fc.constantFrom("Europe/London", "America/New_York", "Asia/Kolkata", "UTC", "Mars/Olympus"),
});
const tags = fc.dictionary(fc.string({ minLength: 0, maxLength: 66 }), fc.string({ maxLength: 20 }), {
  maxKeys: 3,
});
const action = fc.oneof(
  fc.record({
    type: fc.constant("dial"),
    destination: fc.constantFrom(
      "+12125550100",
      "+442079460001",
      "+4930901820",
      "sip:desk@pbx.example.com",
      "+5511987654321",
      "+12120000000",
      "nope",
    ),
    timeout_sec: fc.integer({ min: 3, max: 302 }),
    caller_id: fc.constantFrom("caller_number", "dialed_number"),
    tags,
  }),
  fc.record({ type: fc.constantFrom("voicemail", "hangup"), tags }),
);
const rule = fc.record({
  target_id: fc.oneof(fc.constant(null), fc.string({ maxLength: 10 })),
  name: fc.string({ minLength: 0, maxLength: 12 }),
  priority: fc.integer({ min: -1, max: 60 }),
  disabled: fc.boolean(),
  activations: fc.array(activation, { maxLength: 2 }),
  action,
});
const configuration = fc.record({
  name: fc.string({ minLength: 0, maxLength: 12 }),
  rules: fc.array(rule, { maxLength: 4 }),
});

async function read() {
  const response = await get<One>(`/numbers/${NUMBER_ID}`, { token: "acmeAll" });
  return { configuration: response.body.data, etag: response.headers.get("etag") as string };
}

describe("PUT then GET /numbers/{number_id}", () => {
  it("round-trips every accepted configuration and keeps the stored one for every refused one", async () => {
    const seen = { accepted: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(configuration, async (body) => {
        const before = await read();
        const response = await api<One>("PUT", `/numbers/${NUMBER_ID}`, {
          token: "acmeAll",
          body,
          headers: { "if-match": before.etag },
        });
        const after = await read();
        if (response.status === 200) {
          seen.accepted++;
          const expected = {
            ...before.configuration,
            name: body.name,
            rules: [...body.rules].sort((a, b) => a.priority - b.priority),
          };
          expect(after.configuration).toEqual(expected);
          expect(response.body.data).toEqual(expected);
          expect(after.etag).not.toBe(before.etag);
        } else {
          seen.refused++;
          expect(response.status).toBe(400);
          expect(response.body).toMatchObject({ error: { code: "invalid_configuration" } });
          expect(after).toEqual(before);
        }
      }),
      { numRuns: 60, seed: 15 },
    );
    expect(seen.accepted).toBeGreaterThan(5);
    expect(seen.refused).toBeGreaterThan(5);
    // 60 PUT/GET rounds: generous for a busy machine, not a speed check.
  }, 300_000);
});
