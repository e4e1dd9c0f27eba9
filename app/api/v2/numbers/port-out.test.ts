import { describe, expect, it } from "vitest";
import { api, get } from "@/tests/api-client";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { newConfigurationId } from "@/lib/ids";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import type { PortOutRequest } from "@/lib/schemas/numbers/port-out";
import type { TestTokenName } from "@/tests/fixtures";

// Port-out protection (docs/CONTRACT.md §20): a number's write-only port-out PIN, set and cleared
// by PUT /numbers/{number_id} (hashed, read back as port_out_pin_set, audited without the
// digits), and the port-out requests support logs for a (simulated) carrier: refused on a wrong
// or unset PIN, then on a lock; accepted is a log entry only, and the number stays.

type One = { data: NumberConfiguration };
type Logged = { data: PortOutRequest };
const PIN = "482913";

const read = async (id: string) => {
  const response = await get<One>(`/numbers/${id}`, { token: "acmeAll" });
  return { configuration: response.body.data, etag: response.headers.get("etag") as string };
};

/** PUT the number as read, with `extra` fields. */
async function put(id: string, extra: Record<string, unknown>, token: TestTokenName = "acmeAll") {
  const { configuration, etag } = await read(id);
  return api<One>("PUT", `/numbers/${id}`, {
    token,
    body: { name: configuration.name, rules: configuration.rules, ...extra },
    headers: { "if-match": etag },
  });
}

const portOut = (id: string, body: unknown, token: TestTokenName = "support") =>
  api<Logged>("POST", `/numbers/${id}/port_out_requests`, { token, body });

async function auditOf(id: string, action: string) {
  const prisma = await getPrisma();
  const entries = await prisma.auditEvent.findMany({
    where: { resourceId: id, action },
    orderBy: { at: "asc" },
  });
  return entries;
}

describe("a number's port-out PIN", () => {
  it("is write-only: stored hashed, answered as port_out_pin_set, audited without the digits", async () => {
    const set = await put("num_acme_main", { port_out_pin: PIN });
    expect(set.status).toBe(200);
    expect(set.body.data.port_out_pin_set).toBe(true);
    expect(JSON.stringify(set.body)).not.toContain(PIN);
    const prisma = await getPrisma();
    const stored = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: "num_acme_main" } });
    // Cost 4 under the test runner; lib/auth/passwords.test.ts holds that the app's is 12.
    expect(stored.portOutPinHash).toMatch(/^\$2[aby]\$04\$/);
    expect(stored.portOutPinHash).not.toContain(PIN);
    const audit = await auditOf("num_acme_main", "number.port_out_pin_set");
    // The audit log redacts any field that names a PIN: the action says set or cleared.
    expect(audit.map((entry) => [entry.actorType, entry.changes])).toEqual([
      ["token", [{ field: "port_out_pin_set", from: "[redacted]", to: "[redacted]" }]],
    ]);
    const history = await get<{ data: Array<{ before: unknown; after: unknown }> }>(
      "/numbers/num_acme_main/history",
      { token: "acmeAll" },
    );
    expect(JSON.stringify(history.body)).not.toContain(PIN);
    const events = await prisma.event.findMany({
      where: { organizationId: "org_acme" },
      select: { data: true },
    });
    expect(JSON.stringify(events)).not.toContain(PIN);
  });

  it("stays as it is when the body leaves it out, or sends port_out_pin_set back as read", async () => {
    const { configuration } = await read("num_acme_main");
    const same = await put("num_acme_main", {
      port_out_pin_set: configuration.port_out_pin_set,
      tags: ["hq"],
    });
    expect(same.status).toBe(200);
    expect(same.body.data.port_out_pin_set).toBe(true);
    const changed = await put("num_acme_main", { port_out_pin_set: false });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual(
      errorBody(
        "Bad Request",
        "invalid_configuration",
        "port_out_pin_set is read-only: it is true and cannot be changed",
        "port_out_pin_set: is read-only: it is true and cannot be changed",
      ),
    );
  });

  it.each([
    ["123", "port_out_pin must be 4 to 10 digits"],
    ["12345678901", "port_out_pin must be 4 to 10 digits"],
    ["12a4", "port_out_pin must be 4 to 10 digits"],
    [4821, "port_out_pin must be 4 to 10 digits, or null to clear it"],
  ])("refuses %j: 400 invalid_configuration, nothing changes", async (pin, message) => {
    const before = await read("num_acme_main");
    const response = await put("num_acme_main", { port_out_pin: pin });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      errorBody("Bad Request", "invalid_configuration", message, message.replace(" ", ": ")),
    );
    expect(await read("num_acme_main")).toEqual(before);
  });

  it("needs numbers:release, as the lock does", async () => {
    const before = await read("num_acme_main");
    const response = await put("num_acme_main", { port_out_pin: "1111" }, "acmeLacksNumbersRelease");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      errorBody(
        "Unauthorized",
        "insufficient_scope",
        "Setting or clearing a number's port-out PIN needs the numbers:release scope.",
        "scope=numbers:release",
      ),
    );
    expect(await read("num_acme_main")).toEqual(before);
  });

  it("is for numbers only: an extension refuses it", async () => {
    const extension = await get<{ data: NumberConfiguration[] }>("/extension/101", { token: "acmeAll" });
    const [configuration] = extension.body.data;
    const etag = (await get(`/numbers/${configuration.number_id}`, { token: "acmeAll" })).headers.get("etag");
    const response = await api("PUT", "/extension/101", {
      token: "acmeAll",
      body: { name: configuration.name, rules: configuration.rules, port_out_pin: PIN },
      headers: { "if-match": etag as string },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(
      errorBody(
        "Bad Request",
        "invalid_configuration",
        "port_out_pin is for numbers only: an extension cannot be ported away",
        "port_out_pin: is for numbers only: an extension cannot be ported away",
      ),
    );
  });
});

describe("POST /numbers/{number_id}/port_out_requests", () => {
  it("is support's: a customer is refused 401 role_forbidden and nothing is logged", async () => {
    const prisma = await getPrisma();
    const before = await prisma.portOutRequest.count();
    const response = await portOut("num_acme_main", { pin: PIN }, "acmeAll");
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      errorBody(
        "Unauthorized",
        "role_forbidden",
        "The owner role cannot read every organization's data; that needs the support role.",
        "role=owner required_role=support",
      ),
    );
    expect(await prisma.portOutRequest.count()).toBe(before);
  });

  it("accepts the right PIN as a log entry only: the number stays, unchanged", async () => {
    const before = await read("num_acme_main");
    const response = await portOut("num_acme_main", { pin: PIN });
    expect(response.status).toBe(201);
    const logged = response.body.data;
    expect(logged).toEqual({
      port_out_request_id: expect.stringMatching(/^pout_[0-9a-f]{32}$/),
      number_id: "num_acme_main",
      organization_id: "org_acme",
      number: before.configuration.number,
      outcome: "accepted",
      reason: null,
      requested_by: "usr_numbers_support",
      requested_at: expect.any(String),
    });
    expect(await read("num_acme_main")).toEqual(before);
    const prisma = await getPrisma();
    const events = await prisma.event.findMany({ where: { type: "number.port_out_requested" } });
    expect(events.map((event) => [event.organizationId, event.data])).toEqual([["org_acme", logged]]);
    const audit = await auditOf("num_acme_main", "number.port_out_requested");
    expect(audit.map((entry) => [entry.actorType, entry.changes])).toEqual([
      [
        "support",
        [
          { field: "outcome", from: null, to: "accepted" },
          { field: "reason", from: null, to: null },
        ],
      ],
    ]);
    expect(JSON.stringify(audit)).not.toContain(PIN);
  });

  it.each([
    ["a wrong PIN", { pin: "000000" }, false, "pin_mismatch"],
    ["a wrong PIN to a locked number (the PIN is checked first)", { pin: "000000" }, true, "pin_mismatch"],
    ["the right PIN to a locked number", { pin: PIN }, true, "number_locked"],
  ])("refuses %s, and logs it", async (_case, body, locked, reason) => {
    const prisma = await getPrisma();
    await prisma.numberConfiguration.update({ where: { id: "num_acme_main" }, data: { locked } });
    const response = await portOut("num_acme_main", body);
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({ outcome: "refused", reason });
    const row = await prisma.portOutRequest.findUniqueOrThrow({
      where: { id: response.body.data.port_out_request_id },
    });
    expect([row.numberConfigurationId, row.outcome, row.reason]).toEqual([
      "num_acme_main",
      "refused",
      reason,
    ]);
    await prisma.numberConfiguration.update({ where: { id: "num_acme_main" }, data: { locked: false } });
  });

  it("refuses any PIN for a number that has none, and once a PIN is cleared", async () => {
    const none = await portOut("num_acme_berlin", { pin: "1234" });
    expect(none.body.data).toMatchObject({ outcome: "refused", reason: "pin_mismatch" });
    const cleared = await put("num_acme_main", { port_out_pin: null });
    expect(cleared.body.data.port_out_pin_set).toBe(false);
    expect(
      (await auditOf("num_acme_main", "number.port_out_pin_cleared")).map((entry) => entry.changes),
    ).toEqual([[{ field: "port_out_pin_set", from: "[redacted]", to: "[redacted]" }]]);
    const after = await portOut("num_acme_main", { pin: PIN });
    expect(after.body.data).toMatchObject({ outcome: "refused", reason: "pin_mismatch" });
    // Clearing no PIN is no change to audit.
    await put("num_acme_berlin", { port_out_pin: null });
    expect(await auditOf("num_acme_berlin", "number.port_out_pin_cleared")).toEqual([]);
  });

  it("answers 409 port_in_progress for a number still being ported in, and logs nothing", async () => {
    const prisma = await getPrisma();
    const id = newConfigurationId();
    await prisma.numberConfiguration.create({
      data: {
        id,
        organizationId: "org_globex",
        kind: "number",
        number: "+442079461030",
        name: "In",
        status: "porting",
      },
    });
    const before = await prisma.portOutRequest.count();
    const response = await portOut(id, { pin: "1234" });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(
      errorBody(
        "Conflict",
        "port_in_progress",
        "+442079461030 is being ported in: it is not here yet, so no carrier can port it away; its port order must complete first.",
        `number_id=${id}; status=porting; port_order_id=`,
      ),
    );
    expect(await prisma.portOutRequest.count()).toBe(before);
  });

  it.each([
    ["an extension", "num_acme_ext_101", { pin: "1234" }, 404, "not_found"],
    ["an unknown number", "num_nosuchnumber", { pin: "1234" }, 404, "not_found"],
    ["a short PIN", "num_acme_main", { pin: "12" }, 400, "invalid_parameter"],
    ["no PIN", "num_acme_main", {}, 400, "invalid_parameter"],
    ["an unknown field", "num_acme_main", { pin: "1234", force: true }, 400, "invalid_parameter"],
  ])("answers %s with an error, and logs nothing", async (_case, id, body, status, code) => {
    const prisma = await getPrisma();
    const before = await prisma.portOutRequest.count();
    const response = await portOut(id, body);
    expect([response.status, (response.body as unknown as { error: { code: string } }).error.code]).toEqual([
      status,
      code,
    ]);
    expect(await prisma.portOutRequest.count()).toBe(before);
  });
});
