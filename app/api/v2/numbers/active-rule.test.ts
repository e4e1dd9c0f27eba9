import { afterEach, describe, expect, it } from "vitest";
import { setRequestClock } from "@/lib/api/request-clock";
import { api, get } from "@/tests/api-client";
import type { TestTokenName } from "@/tests/fixtures";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import type { ActiveRule, ConfigurationChange, NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { errorBody } from "@/tests/error-body";

const err = errorBody;
const bad = (message: string, details: string) => err("Bad Request", "invalid_parameter", message, details);
const notFound = (id: string) =>
  err("Not Found", "not_found", `There is no number with number_id ${id}.`, `number_id=${id}`);

// The seeded configurations have no recorded change: today's rules answer every moment.
const noHistory = {
  version: null,
  since: null,
  until: null,
  description: "These are the current rules; no change to them has been recorded.",
};

const AT_MESSAGE = "at must be an ISO 8601 time with seconds and a zone, such as 2026-03-08T07:30:00Z";
const RANGE_MESSAGE = "at must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z";

async function configuration(
  numberId: string,
  token: TestTokenName = "support",
): Promise<NumberConfiguration> {
  const response = await get<{ data: NumberConfiguration[] }>(`/numbers?number_id=${numberId}`, { token });
  expect(response.body.data).toHaveLength(1);
  return response.body.data[0];
}

async function activeRule(path: string, token: TestTokenName) {
  return get<{ data: ActiveRule }>(path, { token });
}

describe("GET /numbers/{number_id}/active_rule", () => {
  // The evaluator has its own tests; these check the route hands it the stored rules and the instant.
  it.each([
    ["num_acme_main", "acmeAll", "2026-05-04T10:00:00Z"],
    ["num_acme_main", "acmeAll", "2026-05-04T18:30:00Z"],
    ["num_acme_main", "acmeAll", "2026-05-02T10:00:00Z"],
    ["num_acme_new_york", "acmeAll", "2026-03-09T13:30:00Z"],
    ["num_acme_ext_101", "acmeAll", "2026-05-04T10:00:00Z"],
    ["num_globex_hq", "globexAll", "2026-05-04T15:00:00Z"],
    ["num_globex_hq", "support", "2026-05-04T15:00:00Z"],
  ] as const)("%s as %s at %s", async (numberId, token, at) => {
    const rules = (await configuration(numberId)).rules;
    const expected = resolveActiveRule(rules, new Date(at));
    const response = await activeRule(`/numbers/${numberId}/active_rule?at=${at}`, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        number_id: numberId,
        at: new Date(at).toISOString(),
        rule: expected.rule,
        reason: expected.reason,
        in_force: noHistory,
      },
    });
  });

  // The seeded rules of num_acme_main (Europe/London): an expired Christmas closure, office
  // hours on workdays 09:00–17:00, an all-day weekend rule, and a catch-all voicemail.
  it.each([
    [
      "2026-05-04T10:00:00Z",
      "Office hours",
      'Rule "Office hours" (priority 2) is the first enabled rule that applies: its activation 1 matches at 2026-05-04T10:00:00.000Z.',
    ],
    [
      "2026-05-04T16:00:00Z",
      "After hours to voicemail",
      'Rule "After hours to voicemail" (priority 4) is the first enabled rule that applies: it has no activations, so it always applies.',
    ],
    [
      "2026-01-05T16:59:00Z",
      "Office hours",
      'Rule "Office hours" (priority 2) is the first enabled rule that applies: its activation 1 matches at 2026-01-05T16:59:00.000Z.',
    ],
    [
      "2026-05-02T10:00:00Z",
      "Weekend",
      'Rule "Weekend" (priority 3) is the first enabled rule that applies: its activation 1 matches at 2026-05-02T10:00:00.000Z.',
    ],
    [
      "2025-12-25T12:00:00Z",
      "Holiday closure",
      'Rule "Holiday closure" (priority 1) is the first enabled rule that applies: its activation 1 matches at 2025-12-25T12:00:00.000Z.',
    ],
  ])("num_acme_main at %s → %s", async (at, name, reason) => {
    const response = await activeRule(`/numbers/num_acme_main/active_rule?at=${at}`, "acmeAll");
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      number_id: "num_acme_main",
      at: new Date(at).toISOString(),
      rule: { name },
      reason,
    });
  });

  it("answers null with the reason for a number without rules", async () => {
    const response = await activeRule(
      "/numbers/num_globex_toronto/active_rule?at=2026-05-04T10:00:00Z",
      "globexAll",
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
        number_id: "num_globex_toronto",
        at: "2026-05-04T10:00:00.000Z",
        rule: null,
        reason: "The number has no rules.",
        in_force: noHistory,
      },
    });
  });

  it("answers a past moment with the rules in force then, and says which version that was", async () => {
    const read = await get<{ data: NumberConfiguration }>("/numbers/num_globex_toronto", {
      token: "globexAll",
    });
    const rule = {
      target_id: null,
      name: "Everything to reception",
      priority: 1,
      disabled: false,
      activations: [],
      action: { type: "voicemail", tags: {} },
    };
    const changed = await api<{ data: NumberConfiguration }>("PUT", "/numbers/num_globex_toronto", {
      token: "globexAll",
      body: { name: read.body.data.name, rules: [rule] },
      headers: { "if-match": read.headers.get("etag") as string },
    });
    expect(changed.status).toBe(200);
    const history = await get<{ data: ConfigurationChange[] }>("/numbers/num_globex_toronto/history", {
      token: "globexAll",
    });
    const { version, changed_at: changedAt } = history.body.data[0];
    const hourBefore = new Date(Date.parse(changedAt) - 3_600_000).toISOString();
    const dayAfter = new Date(Date.parse(changedAt) + 86_400_000).toISOString();

    const then = await activeRule(`/numbers/num_globex_toronto/active_rule?at=${hourBefore}`, "globexAll");
    expect(then.body).toEqual({
      data: {
        number_id: "num_globex_toronto",
        at: hourBefore,
        rule: null,
        reason: "The number has no rules.",
        in_force: {
          version: version - 1,
          since: null,
          until: changedAt,
          description: `Version ${version - 1} of the rules, in force from before the history begins until ${changedAt}. They have changed since: this answer uses the rules as they were then.`,
        },
      },
    });
    const later = await activeRule(`/numbers/num_globex_toronto/active_rule?at=${dayAfter}`, "globexAll");
    expect(later.body).toEqual({
      data: {
        number_id: "num_globex_toronto",
        at: dayAfter,
        rule: changed.body.data.rules[0],
        reason:
          'Rule "Everything to reception" (priority 1) is the first enabled rule that applies: it has no activations, so it always applies.',
        in_force: {
          version,
          since: changedAt,
          until: null,
          description: `Version ${version}, the current rules, in force from ${changedAt} (if nobody changes them before then).`,
        },
      },
    });
  });

  it("follows New York's clock across the 2026 spring change", async () => {
    const before = await activeRule(
      "/numbers/num_acme_new_york/active_rule?at=2026-03-06T13:30:00Z",
      "acmeAll",
    ); // Fri 08:30 EST
    const after = await activeRule(
      "/numbers/num_acme_new_york/active_rule?at=2026-03-09T13:30:00Z",
      "acmeAll",
    ); // Mon 09:30 EDT
    expect(before.body.data.rule?.name).toBe("After hours to voicemail");
    expect(after.body.data.rule?.name).toBe("Office hours");
  });

  it("reads an offset and answers the instant in UTC", async () => {
    const response = await activeRule(
      `/numbers/num_acme_main/active_rule?at=${encodeURIComponent("2026-03-09T09:00:00-04:00")}`,
      "acmeAll",
    );
    expect(response.status).toBe(200);
    expect(response.body.data.at).toBe("2026-03-09T13:00:00.000Z");
  });

  it("reads an unencoded + offset, which arrives as a space", async () => {
    const response = await activeRule(
      "/numbers/num_acme_main/active_rule?at=2026-03-09T09:00:00+01:00",
      "acmeAll",
    );
    expect(response.status).toBe(200);
    expect(response.body.data.at).toBe("2026-03-09T08:00:00.000Z");
  });

  // The requests' clock is set; the global Date is left alone (the database driver times with it).
  describe("without at, evaluates the clock's now", () => {
    afterEach(() => {
      setRequestClock(undefined);
    });

    it.each([
      [
        "2026-05-04T10:00:00.000Z",
        "Office hours",
        'Rule "Office hours" (priority 2) is the first enabled rule that applies: its activation 1 matches at 2026-05-04T10:00:00.000Z.',
      ],
      [
        "2026-05-02T10:00:00.000Z",
        "Weekend",
        'Rule "Weekend" (priority 3) is the first enabled rule that applies: its activation 1 matches at 2026-05-02T10:00:00.000Z.',
      ],
    ])("now %s → %s", async (now, name, reason) => {
      const rules = (await configuration("num_acme_main")).rules;
      setRequestClock(() => new Date(now));
      const response = await activeRule("/numbers/num_acme_main/active_rule", "acmeAll");
      expect(response.status).toBe(200);
      const rule = rules.find((candidate) => candidate.name === name);
      expect(response.body).toEqual({
        data: { number_id: "num_acme_main", at: now, rule, reason, in_force: noHistory },
      });
    });
  });

  it.each([
    ["num_globex_hq", "acmeAll"],
    ["num_globex_ext_101", "acmeAll"],
    ["num_acme_main", "globexAll"],
    ["num_nope", "acmeAll"],
    ["num_nope", "support"],
  ] as const)("%s as %s → 404, the same as a number that does not exist", async (numberId, token) => {
    const response = await activeRule(`/numbers/${numberId}/active_rule?at=2026-05-04T10:00:00Z`, token);
    expect(response.status).toBe(404);
    expect(response.body).toEqual(notFound(numberId));
  });

  it.each([
    ["at=yesterday", bad(AT_MESSAGE, "query.at=yesterday")],
    ["at=2026-03-08", bad(AT_MESSAGE, "query.at=2026-03-08")],
    ["at=2026-03-08T07:00:00", bad(AT_MESSAGE, "query.at=2026-03-08T07:00:00")],
    ["at=2026-02-30T07:00:00Z", bad(AT_MESSAGE, "query.at=2026-02-30T07:00:00Z")],
    ["at=1772953200", bad(AT_MESSAGE, "query.at=1772953200")],
    ["at=", bad(AT_MESSAGE, "query.at=")],
    [
      "at=2026-03-08T07:00:00Z&at=2026-03-09T07:00:00Z",
      bad(AT_MESSAGE, 'query.at=["2026-03-08T07:00:00Z","2026-03-09T07:00:00Z"]'),
    ],
    ["when=now", bad("unknown query parameter: when", "query.when")],
    // Moments the database cannot store (it refused them as a 500 before).
    ["at=0000-01-01T00:00:00Z", bad(RANGE_MESSAGE, "query.at=0000-01-01T00:00:00Z")],
    ["at=0001-01-01T00:00:00%2B01:00", bad(RANGE_MESSAGE, "query.at=0001-01-01T00:00:00+01:00")],
    ["at=9999-12-31T23:00:00-05:00", bad(RANGE_MESSAGE, "query.at=9999-12-31T23:00:00-05:00")],
  ])("?%s → 400", async (query, body) => {
    const response = await activeRule(`/numbers/num_acme_main/active_rule?${query}`, "acmeAll");
    expect(response.status).toBe(400);
    expect(response.body).toEqual(body);
  });

  it.each(["0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z"])(
    "answers the earliest and latest moment, %s",
    async (at) => {
      const response = await activeRule(`/numbers/num_acme_main/active_rule?at=${at}`, "acmeAll");
      expect(response.status).toBe(200);
      expect(response.body.data.at).toBe(new Date(at).toISOString());
    },
  );

  it("checks the token before the number, so a scope-less token learns nothing", async () => {
    const response = await activeRule("/numbers/num_globex_hq/active_rule", "acmeNoScopes");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      err(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'numbers:read' scope.",
        "required_scope=numbers:read",
      ),
    );
  });
});
