import { describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import type { ConfigurationChange, NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { errorBody } from "@/tests/error-body";
import { officeHours, put, read, type One } from "@/app/api/v2/numbers/configuration-fixtures";

// PUT /numbers/{number_id} and GET with ETag (docs/CONTRACT.md §11); what PUT refuses is in
// change-configuration-validation.test.ts, history and extensions in
// change-configuration-history.test.ts.

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
