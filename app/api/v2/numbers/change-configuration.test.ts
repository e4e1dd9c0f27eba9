import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import type { TestTokenName } from "@/tests/fixtures";
import type { ConfigurationChange, NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { errorBody } from "@/tests/error-body";

// PUT /numbers/{number_id}, GET with ETag, history, extensions (docs/CONTRACT.md §11).

type One = { data: NumberConfiguration };
const put = (path: string, token: TestTokenName, body: unknown, ifMatch?: string) =>
  api<One>("PUT", path, { token, body, headers: ifMatch === undefined ? {} : { "if-match": ifMatch } });

async function read(numberId: string, token: TestTokenName = "acmeAll") {
  const response = await get<One>(`/numbers/${numberId}`, { token });
  expect(response.status).toBe(200);
  return { configuration: response.body.data, etag: response.headers.get("etag") as string };
}

const officeHours = {
  name: "Main line",
  rules: [
    {
      target_id: null,
      name: "Office hours",
      priority: 1,
      disabled: false,
      activations: [
        {
          start: 0,
          stop: null,
          days: ["mon", "tue", "wed", "thu", "fri"],
          start_time: "09:00",
          stop_time: "17:00",
          time_zone: "Europe/London",
        },
      ],
      action: {
        type: "dial",
        destination: "+12125550100",
        timeout_sec: 25,
        caller_id: "caller_number",
        tags: { team: "front desk" },
      },
    },
    {
      target_id: null,
      name: "Otherwise voicemail",
      priority: 2,
      disabled: false,
      activations: [],
      action: { type: "voicemail", tags: {} },
    },
  ],
};

const invalid = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_configuration", message, details);

describe("GET /numbers/{number_id}", () => {
  it("answers the configuration with its ETag", async () => {
    const response = await get<One>("/numbers/num_acme_main", { token: "acmeAll" });
    const listed = await get<{ data: NumberConfiguration[] }>("/numbers?number_id=num_acme_main", {
      token: "acmeAll",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"num_acme_main.v1"');
    expect(response.body).toEqual({ data: listed.body.data[0] });
  });

  it.each([
    ["another organization's number", "/numbers/num_globex_hq", "acmeAll", "num_globex_hq"],
    ["an unknown id", "/numbers/num_nope", "acmeAll", "num_nope"],
  ] as const)("answers 404 for %s", async (_label, path, token, id) => {
    const response = await get(path, { token });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(
      errorBody("Not Found", "not_found", `There is no number with number_id ${id}.`, `number_id=${id}`),
    );
  });

  it("lets support read any organization's number", async () => {
    expect((await read("num_globex_hq", "support")).configuration.organization_id).toBe("org_globex");
  });
});

describe("PUT /numbers/{number_id}: preconditions", () => {
  const missing = errorBody(
    "Precondition Required",
    "precondition_required",
    "Send If-Match with the ETag of the configuration you read, so a change made since is not overwritten.",
    "header.if-match=(missing)",
  );
  it.each([
    ["without If-Match", undefined, 428, missing],
    ["with an empty If-Match", "", 428, missing],
    [
      'with If-Match "*"',
      "*",
      428,
      errorBody(
        "Precondition Required",
        "precondition_required",
        'If-Match must name the ETag you read; "*" would overwrite changes you have not seen.',
        "header.if-match=*",
      ),
    ],
    [
      "with a stale ETag",
      '"num_acme_main.v0"',
      412,
      errorBody(
        "Precondition Failed",
        "precondition_failed",
        "The configuration was changed since you read it; read it again (its current ETag is in the ETag header) and apply your change to it.",
        'header.if-match="num_acme_main.v0"; current ETag "num_acme_main.v1"',
      ),
    ],
    [
      "with a weak ETag",
      'W/"num_acme_main.v1"',
      412,
      errorBody(
        "Precondition Failed",
        "precondition_failed",
        "The configuration was changed since you read it; read it again (its current ETag is in the ETag header) and apply your change to it.",
        'header.if-match=W/"num_acme_main.v1"; current ETag "num_acme_main.v1"',
      ),
    ],
  ] as const)("answers %s with %i and changes nothing", async (_label, ifMatch, status, body) => {
    const before = await read("num_acme_main");
    const response = await put("/numbers/num_acme_main", "acmeAll", officeHours, ifMatch);
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
    expect(response.headers.get("etag")).toBe('"num_acme_main.v1"');
    expect(await read("num_acme_main")).toEqual(before);
  });

  it.each([
    [
      "another organization's number as a customer",
      "/numbers/num_globex_hq",
      "acmeAll",
      404,
      errorBody(
        "Not Found",
        "not_found",
        "There is no number with number_id num_globex_hq.",
        "number_id=num_globex_hq",
      ),
    ],
    [
      "a token without numbers:write",
      "/numbers/num_acme_main",
      "acmeLacksNumbersWrite",
      401,
      errorBody(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'numbers:write' scope.",
        "required_scope=numbers:write",
      ),
    ],
  ] as const)("refuses %s", async (_label, path, token, status, body) => {
    const response = await put(path, token, officeHours, '"whatever"');
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
  });
});

describe("PUT /numbers/{number_id}: validation", () => {
  const rule = officeHours.rules[0];
  const withRule = (patch: Record<string, unknown>) => ({ ...officeHours, rules: [{ ...rule, ...patch }] });
  const withAction = (patch: Record<string, unknown>) => withRule({ action: { ...rule.action, ...patch } });
  const withActivation = (patch: Record<string, unknown>) =>
    withRule({ activations: [{ ...rule.activations[0], ...patch }] });
  const manyRules = Array.from({ length: 51 }, (_, index) => ({
    ...officeHours.rules[1],
    name: `Rule ${index}`,
    priority: index,
  }));

  it.each([
    ["a missing name", { rules: [] }, "name is required", "name: is required"],
    ["a blank name", { name: "  ", rules: [] }, "name must not be empty", "name: must not be empty"],
    [
      "51 rules",
      { name: "x", rules: manyRules },
      "rules must have at most 50 rules",
      "rules: must have at most 50 rules",
    ],
    [
      "an unknown field",
      { ...officeHours, colour: "red" },
      "colour is not a field this configuration has",
      "colour: is not a field this configuration has",
    ],
    [
      "a changed number",
      { ...officeHours, number: "+442000000000" },
      expect.stringMatching(/^number is read-only: it is "\+44\d+" and cannot be changed$/),
      expect.stringMatching(/^number: is read-only/),
    ],
    [
      "duplicate priorities",
      { ...officeHours, rules: [rule, { ...officeHours.rules[1], priority: 1 }] },
      'rules[1].priority must be unique: rule "Office hours" (rules[0]) has priority 1 too',
      'rules[1].priority: must be unique: rule "Office hours" (rules[0]) has priority 1 too',
    ],
    [
      "a timeout of 4 s",
      withAction({ timeout_sec: 4 }),
      "rules[0].action.timeout_sec must be between 5 and 300 seconds",
      "rules[0].action.timeout_sec: must be between 5 and 300 seconds",
    ],
    [
      "a timeout of 301 s",
      withAction({ timeout_sec: 301 }),
      "rules[0].action.timeout_sec must be between 5 and 300 seconds",
      "rules[0].action.timeout_sec: must be between 5 and 300 seconds",
    ],
    [
      "a destination that is no number",
      withAction({ destination: "12125550100" }),
      "rules[0].action.destination must be an E.164 number such as +12125550100, or a sip:user@host address",
      "rules[0].action.destination: must be an E.164 number such as +12125550100, or a sip:user@host address",
    ],
    [
      "an invalid phone number",
      withAction({ destination: "+12120000000" }),
      "rules[0].action.destination is not a valid phone number: +12120000000",
      "rules[0].action.destination: is not a valid phone number: +12120000000",
    ],
    [
      "a destination country not offered",
      withAction({ destination: "+5511987654321" }),
      "rules[0].action.destination cannot be used: calls to this number cannot be forwarded to Brazil",
      "rules[0].action.destination: cannot be used: calls to this number cannot be forwarded to Brazil",
    ],
    [
      "an unknown action",
      withAction({ type: "fax" }),
      "rules[0].action.type must be an action whose type is dial, voicemail or hangup",
      "rules[0].action.type: must be an action whose type is dial, voicemail or hangup",
    ],
    [
      "a number too short for E.164",
      withAction({ destination: "+1212" }),
      "rules[0].action.destination must be an E.164 number such as +12125550100, or a sip:user@host address",
      "rules[0].action.destination: must be an E.164 number such as +12125550100, or a sip:user@host address",
    ],
    [
      "an unknown zone",
      withActivation({ time_zone: "Mars/Olympus" }),
      "rules[0].activations[0].time_zone must be an IANA time zone such as Europe/Berlin",
      "rules[0].activations[0].time_zone: must be an IANA time zone such as Europe/Berlin",
    ],
    [
      "stop before start",
      withActivation({ start: 2000, stop: 1000 }),
      "rules[0].activations[0].stop must be after start",
      "rules[0].activations[0].stop: must be after start",
    ],
    [
      "a 25:00 time",
      withActivation({ stop_time: "25:00" }),
      "rules[0].activations[0].stop_time must be a 24-hour HH:MM time such as 09:30",
      "rules[0].activations[0].stop_time: must be a 24-hour HH:MM time such as 09:30",
    ],
    [
      "21 tags",
      withAction({ tags: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`t${i}`, "v"])) }),
      "rules[0].action.tags must have at most 20 tags",
      "rules[0].action.tags: must have at most 20 tags",
    ],
    [
      "two problems at once",
      { name: "", rules: [{ ...rule, action: { ...rule.action, timeout_sec: 1 } }] },
      "name must not be empty (and 1 more: see details)",
      "name: must not be empty; rules[0].action.timeout_sec: must be between 5 and 300 seconds",
    ],
    // A bad shape used to hide the checks past the schema (read-only fields,
    // destinations, priorities); every bad field is named at once.
    [
      "three problems at once, one of the shape and two past it",
      {
        name: "",
        number: "+442000000000",
        rules: [{ ...rule, action: { ...rule.action, destination: "+5511987654321" } }],
      },
      "name must not be empty (and 2 more: see details)",
      expect.stringMatching(
        new RegExp(
          '^name: must not be empty; number: is read-only: it is "\\+44\\d+" and cannot be changed; ' +
            "rules\\[0\\]\\.action\\.destination: cannot be used: calls to this number cannot be forwarded to Brazil$",
        ),
      ),
    ],
    [
      "a bad timeout beside duplicate priorities",
      {
        name: "x",
        rules: [
          rule,
          { ...officeHours.rules[1], priority: 1 },
          { ...rule, priority: 3, action: { ...rule.action, timeout_sec: 1 } },
        ],
      },
      "rules[2].action.timeout_sec must be between 5 and 300 seconds (and 1 more: see details)",
      "rules[2].action.timeout_sec: must be between 5 and 300 seconds; " +
        'rules[1].priority: must be unique: rule "Office hours" (rules[0]) has priority 1 too',
    ],
  ])("answers 400 for %s and keeps the stored configuration", async (_label, body, message, details) => {
    const before = await read("num_acme_main");
    const response = await put("/numbers/num_acme_main", "acmeAll", body, before.etag);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid(message as string, details as string));
    expect(await read("num_acme_main")).toEqual(before);
  });

  it("answers 415 for a body that is not JSON", async () => {
    const response = await api("PUT", "/numbers/num_acme_main", {
      token: "acmeAll",
      body: "name=x",
      headers: { "content-type": "text/plain", "if-match": '"num_acme_main.v1"' },
    });
    expect(response.status).toBe(415);
  });
});

describe("PUT /numbers/{number_id}: changes", () => {
  it("replaces name and rules, answers the new ETag, and GET agrees", async () => {
    const before = await read("num_acme_berlin");
    const response = await put(
      "/numbers/num_acme_berlin",
      "acmeAll",
      { ...officeHours, name: "Berlin reception" },
      before.etag,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"num_acme_berlin.v2"');
    const expected = { ...before.configuration, name: "Berlin reception", rules: officeHours.rules };
    expect(response.body).toEqual({ data: expected });
    expect(await read("num_acme_berlin")).toEqual({ configuration: expected, etag: '"num_acme_berlin.v2"' });

    const history = await get<{ data: ConfigurationChange[] }>("/numbers/num_acme_berlin/history", {
      token: "acmeAll",
    });
    expect(history.status).toBe(200);
    expect(history.headers.get("x-total-count")).toBe("1");
    expect(history.body.data).toEqual([
      {
        id: expect.any(String),
        number_id: "num_acme_berlin",
        kind: "updated",
        version: 2,
        changed_at: expect.any(String),
        changed_by: { type: "token", name: "test acmeAll", role: "owner" },
        before: before.configuration,
        after: expected,
      },
    ]);
  });

  it("fills the defaults of omitted fields", async () => {
    const { etag, configuration } = await read("num_acme_manchester");
    const response = await put(
      "/numbers/num_acme_manchester",
      "acmeAll",
      {
        name: "M",
        rules: [
          { name: "Forward", priority: 5, action: { type: "dial", destination: "sip:desk@pbx.example.com" } },
        ],
      },
      etag,
    );
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      ...configuration,
      name: "M",
      rules: [
        {
          target_id: null,
          name: "Forward",
          priority: 5,
          disabled: false,
          activations: [],
          action: {
            type: "dial",
            destination: "sip:desk@pbx.example.com",
            timeout_sec: 30,
            caller_id: "caller_number",
            tags: {},
          },
        },
      ],
    });
  });

  it("lets two changes with one ETag never both win", async () => {
    const { etag } = await read("num_acme_on_call");
    const answers = await Promise.all([
      put("/numbers/num_acme_on_call", "acmeAll", { ...officeHours, name: "First" }, etag),
      put("/numbers/num_acme_on_call", "acmeAll", { ...officeHours, name: "Second" }, etag),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 412]);
    const winner = answers.find((answer) => answer.status === 200) as (typeof answers)[number];
    expect((await read("num_acme_on_call")).configuration.name).toBe(winner.body.data.name);
    const history = await get<{ data: ConfigurationChange[] }>("/numbers/num_acme_on_call/history", {
      token: "acmeAll",
    });
    expect(history.body.data.map((change) => change.after?.name)).toEqual([winner.body.data.name]);
  });

  it("lets support change another organization's number, and the history names who", async () => {
    const { etag, configuration } = await read("num_globex_paris", "support");
    const response = await put(
      "/numbers/num_globex_paris",
      "support",
      { name: "Paris (fixed by support)", rules: [] },
      etag,
    );
    expect(response.status).toBe(200);
    const history = await get<{ data: ConfigurationChange[] }>("/numbers/num_globex_paris/history", {
      token: "globexAll",
    });
    expect(history.body.data[0]).toMatchObject({
      changed_by: { type: "token", name: "test support", role: "support" },
      before: configuration,
      after: { name: "Paris (fixed by support)", rules: [] },
    });
  });
});

describe("GET /numbers/{number_id}/history", () => {
  it("pages newest first", async () => {
    let { etag } = await read("num_acme_freephone");
    for (const name of ["One", "Two", "Three"]) {
      const response = await put("/numbers/num_acme_freephone", "acmeAll", { name, rules: [] }, etag);
      etag = response.headers.get("etag") as string;
    }
    const page = await get<{ data: ConfigurationChange[] }>(
      "/numbers/num_acme_freephone/history?limit=2&offset=1",
      { token: "acmeAll" },
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("x-total-count")).toBe("3");
    expect(page.body.data.map((change) => [change.version, change.after?.name])).toEqual([
      [3, "Two"],
      [2, "One"],
    ]);
  });

  it.each([
    [
      "/numbers/num_globex_hq/history",
      404,
      errorBody(
        "Not Found",
        "not_found",
        "There is no number with number_id num_globex_hq.",
        "number_id=num_globex_hq",
      ),
    ],
    [
      "/numbers/num_acme_main/history?limit=0",
      400,
      errorBody(
        "Bad Request",
        "invalid_parameter",
        "limit must be a whole number between 1 and 100",
        "query.limit=0",
      ),
    ],
  ] as const)("%s → %i", async (path, status, body) => {
    const response = await get(path, { token: "acmeAll" });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
  });
});

describe("extensions", () => {
  const reception = {
    extension: "555",
    name: "Lobby",
    rules: [{ name: "Ring the desk", priority: 1, action: { type: "dial", destination: "+442079460000" } }],
  };

  it("creates, changes and deletes one, each under its ETag, with a history", async () => {
    const created = await api<One>("POST", "/extensions", { token: "acmeAll", body: reception });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      organization_id: "org_acme",
      number: "555",
      name: "Lobby",
      country_code: null,
      local_format: null,
    });
    const id = created.body.data.number_id;
    expect(created.headers.get("etag")).toBe(`"${id}.v1"`);

    const again = await api("POST", "/extensions", { token: "acmeAll", body: reception });
    expect(again.status).toBe(409);
    expect(again.body).toEqual(
      errorBody(
        "Conflict",
        "extension_exists",
        "Extension 555 already exists in this organization.",
        "body.extension=555",
      ),
    );

    const noIfMatch = await put("/extension/555", "acmeAll", { name: "Lobby 2", rules: [] });
    expect(noIfMatch.status).toBe(428);
    const changed = await put(
      "/extension/555",
      "acmeAll",
      { name: "Lobby 2", rules: [] },
      created.headers.get("etag") as string,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ number_id: id, name: "Lobby 2", rules: [] });

    const stale = await api("DELETE", "/extension/555", {
      token: "acmeAll",
      headers: { "if-match": created.headers.get("etag") as string },
    });
    expect(stale.status).toBe(412);
    const deleted = await api<One>("DELETE", "/extension/555", {
      token: "acmeAll",
      headers: { "if-match": changed.headers.get("etag") as string },
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toMatchObject({ number_id: id, name: "Lobby 2" });
    expect((await get<{ data: unknown[] }>("/extension/555", { token: "acmeAll" })).body).toEqual({
      data: [],
    });
  });

  it.each([
    [
      "a 1-digit extension",
      { ...reception, extension: "5" },
      errorBody(
        "Bad Request",
        "invalid_configuration",
        "extension must be 2 to 8 digits",
        "extension: must be 2 to 8 digits",
      ),
    ],
    [
      "a bad rule",
      {
        ...reception,
        extension: "556",
        rules: [{ name: "x", priority: 1, action: { type: "dial", destination: "+1", timeout_sec: 1 } }],
      },
      errorBody(
        "Bad Request",
        "invalid_configuration",
        "rules[0].action.destination must be an E.164 number such as +12125550100, or a sip:user@host address (and 1 more: see details)",
        "rules[0].action.destination: must be an E.164 number such as +12125550100, or a sip:user@host address; rules[0].action.timeout_sec: must be between 5 and 300 seconds",
      ),
    ],
  ])("refuses %s", async (_label, body, expected) => {
    const response = await api("POST", "/extensions", { token: "acmeAll", body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(expected);
  });

  it("answers 404 for another organization's extension, and 400 when a customer names an organization", async () => {
    const other = await put("/extension/4400", "acmeAll", { name: "x", rules: [] }, '"x"');
    expect(other.status).toBe(404);
    expect(other.body).toEqual(
      errorBody("Not Found", "not_found", "There is no extension 4400.", "extension=4400"),
    );
    const named = await put(
      "/extension/4400?organization_id=org_globex",
      "acmeAll",
      { name: "x", rules: [] },
      '"x"',
    );
    expect(named.status).toBe(400);
    expect(named.body).toEqual(
      errorBody(
        "Bad Request",
        "invalid_parameter",
        "organization_id is for support users",
        "query.organization_id=org_globex",
      ),
    );
  });
});
