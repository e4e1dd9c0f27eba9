import { beforeAll, describe, expect, it } from "vitest";
import { dispatch, get } from "@/tests/api-client";
import { testTokens } from "@/tests/fixtures";
import { errorBody } from "@/tests/error-body";
import { getPrisma } from "@/lib/db/client";
import { recordAudits, type AuditEntry } from "@/lib/audit/record";
import { purgeOldAuditEvents } from "@/lib/audit-events/list-audit";
import type { AuditEventView } from "@/lib/schemas/audit";

const bad = (message: string, details: string) =>
  errorBody("Bad Request", "invalid_parameter", message, details);
type Listed = { data: AuditEventView[] };

const DAY_MS = 86_400_000;
const T0 = Date.parse("2026-06-01T12:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000);

const ann = { type: "user", id: "usr_ann", name: "Ann" } as const;
const ci = { type: "token", id: "tok_ci", name: "ci" } as const;

// Five Acme entries a minute apart (oldest first) and one of Globex's, far from any the
// requests of other tests record (those are now, these are in June 2026).
const seeded: AuditEntry[] = [
  {
    actor: ann,
    ip: "203.0.113.1",
    action: "order.placed",
    organizationId: "org_acme",
    resource: { type: "order", id: "ord_1" },
    at: at(0),
  },
  {
    actor: ci,
    ip: null,
    action: "reservation.placed",
    organizationId: "org_acme",
    resource: { type: "reservation", id: "+442079460001" },
    at: at(1),
  },
  {
    actor: ann,
    ip: "203.0.113.1",
    action: "number.configuration_changed",
    organizationId: "org_acme",
    resource: { type: "number", id: "num_1" },
    changes: [{ field: "name", from: 'Old, "quoted"', to: "New" }],
    at: at(2),
  },
  {
    actor: ci,
    ip: null,
    action: "reservation.released",
    organizationId: "org_acme",
    resource: { type: "reservation", id: "+442079460001" },
    at: at(3),
  },
  {
    actor: ann,
    ip: null,
    action: "token.revoked",
    organizationId: "org_acme",
    resource: { type: "token", id: "tok_ci" },
    at: at(4),
  },
  {
    actor: ann,
    ip: null,
    action: "order.placed",
    organizationId: "org_globex",
    resource: { type: "order", id: "ord_g" },
    at: at(2),
  },
];

beforeAll(async () => {
  await recordAudits(await getPrisma(), seeded);
});

const june = "from=2026-06-01&to=2026-06-02";
/** A CSV export, read as text (the JSON client would parse it). */
async function csv(query: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v2/audit-events?format=csv&${query}`, {
      headers: { authorization: `Bearer ${testTokens.acmeAll.secret}` },
    }),
  );
  return { status: response.status, type: response.headers.get("content-type"), text: await response.text() };
}

const actions = (body: Listed) => body.data.map((entry) => `${entry.action} ${entry.resource.id}`);

describe("GET /audit-events", () => {
  it("lists the caller's organization newest first, as the API shows an entry, paged", async () => {
    const first = await get<Listed>(`/audit-events?${june}&limit=2`, { token: "acmeAll" });
    expect(first.status).toBe(200);
    expect(first.headers.get("x-total-count")).toBe("5");
    expect(first.headers.get("link")).toContain("offset=2");
    expect(first.body.data).toEqual([
      {
        id: expect.stringMatching(/^aud_[0-9a-f]{32}$/),
        organization_id: "org_acme",
        at: "2026-06-01T12:04:00.000Z",
        actor: { type: "user", id: "usr_ann", name: "Ann" },
        ip: null,
        action: "token.revoked",
        resource: { type: "token", id: "tok_ci", name: null },
        changes: [],
      },
      {
        id: expect.stringMatching(/^aud_/),
        organization_id: "org_acme",
        at: "2026-06-01T12:03:00.000Z",
        actor: { type: "token", id: "tok_ci", name: "ci" },
        ip: null,
        action: "reservation.released",
        resource: { type: "reservation", id: "+442079460001", name: null },
        changes: [],
      },
    ]);
    const last = await get<Listed>(`/audit-events?${june}&limit=2&offset=4`, { token: "acmeAll" });
    expect(actions(last.body)).toEqual(["order.placed ord_1"]);
  });

  it("names each resource as people know it now: a number by its number and name, a member by name", async () => {
    // Mid-August: no other test of this file reads that day.
    const august = at(60 * 24 * 75);
    await recordAudits(await getPrisma(), [
      {
        actor: ann,
        ip: null,
        action: "number.tags_changed",
        organizationId: "org_acme",
        resource: { type: "number", id: "num_acme_main" },
        at: august,
      },
      {
        actor: ann,
        ip: null,
        action: "member.role_changed",
        organizationId: "org_acme",
        resource: { type: "member", id: "usr_acme_customer" },
        at: august,
      },
      {
        actor: ann,
        ip: null,
        action: "number.tags_changed",
        organizationId: "org_globex",
        resource: { type: "number", id: "num_acme_main" },
        at: august,
      },
    ]);
    const prisma = await getPrisma();
    const main = await prisma.numberConfiguration.findUniqueOrThrow({ where: { id: "num_acme_main" } });
    const day = august.toISOString().slice(0, 10);
    const listed = await get<Listed>(`/audit-events?from=${day}&to=${day}T23:59:59Z`, { token: "acmeAll" });
    expect(listed.body.data.map((entry) => entry.resource.name).sort()).toEqual(
      ["Alex Carter", `${main.number} (${main.name})`].sort(),
    );
    // Another organization's entry never reads Acme's names, even for Acme's ids.
    const globex = await get<Listed>(`/audit-events?from=${day}&to=${day}T23:59:59Z`, { token: "globexAll" });
    expect(globex.body.data.map((entry) => entry.resource.name)).toEqual([null]);
  });

  it.each([
    {
      query: "actor=tok_ci",
      expected: ["reservation.released +442079460001", "reservation.placed +442079460001"],
    },
    { query: "action=order.placed", expected: ["order.placed ord_1"] },
    { query: "resource_type=number", expected: ["number.configuration_changed num_1"] },
    {
      query: "resource_id=%2B442079460001&action=reservation.placed",
      expected: ["reservation.placed +442079460001"],
    },
    {
      query: "from=2026-06-01T12:02:00Z&to=2026-06-01T12:04:00Z",
      expected: ["reservation.released +442079460001", "number.configuration_changed num_1"],
    },
    { query: "action=webhook.deleted", expected: [] },
  ])("filters by $query", async ({ query, expected }) => {
    const response = await get<Listed>(`/audit-events?${query}${query.includes("from=") ? "" : `&${june}`}`, {
      token: "acmeAll",
    });
    expect(response.status).toBe(200);
    expect(actions(response.body)).toEqual(expected);
  });

  it("gives support the organization it names, and only with one named", async () => {
    const globex = await get<Listed>(`/audit-events?${june}&organization_id=org_globex`, {
      token: "support",
    });
    expect(actions(globex.body)).toEqual(["order.placed ord_g"]);
    const none = await get(`/audit-events?${june}`, { token: "support" });
    expect(none.status).toBe(400);
    expect(none.body).toEqual(
      bad(
        "organization_id is required: support users read one organization's audit log at a time",
        "query.organization_id=(missing)",
      ),
    );
  });

  it.each([
    {
      query: "organization_id=org_globex",
      error: bad("organization_id is for support users", "query.organization_id=org_globex"),
    },
    {
      query: "action=released",
      error: bad("action must be resource.verb such as number.released", "query.action=released"),
    },
    {
      query: "from=yesterday",
      error: bad(
        "from must be an ISO 8601 time with a zone or a date, such as 2026-11-01T00:00:00Z or 2026-11-01",
        "query.from=yesterday",
      ),
    },
    {
      query: "to=2026-06-01T12:00:00",
      error: bad(
        "to must be an ISO 8601 time with a zone or a date, such as 2026-11-01T00:00:00Z or 2026-11-01",
        "query.to=2026-06-01T12:00:00",
      ),
    },
    {
      query: "from=0000-01-01",
      error: bad(
        "from must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z",
        "query.from=0000-01-01",
      ),
    },
    {
      query: "to=9999-12-31T23:59:59-01:00",
      error: bad(
        "to must be between 0001-01-01T00:00:00Z and 9999-12-31T23:59:59Z",
        "query.to=9999-12-31T23:59:59-01:00",
      ),
    },
    {
      query: "from=2026-06-02&to=2026-06-01",
      error: bad(
        "from must be before to",
        "query.from=2026-06-02T00:00:00.000Z,query.to=2026-06-01T00:00:00.000Z",
      ),
    },
    {
      query: "resource_type=Number",
      error: bad(
        "resource_type must be lower-case letters and underscores, such as number",
        "query.resource_type=Number",
      ),
    },
    { query: "format=xml", error: bad("format must be json or csv", "query.format=xml") },
    { query: "limit=0", error: bad("limit must be an integer between 1 and 200", "query.limit=0") },
    { query: "colour=red", error: bad("unknown query parameter: colour", "query.colour") },
  ])("$query → 400", async ({ query, error }) => {
    const response = await get(`/audit-events?${query}`, { token: "acmeAll" });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(error);
  });

  it("needs the audit:read scope", async () => {
    const response = await get("/audit-events", { token: "acmeLacksAuditRead" });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(
      errorBody(
        "Unauthorized",
        "insufficient_scope",
        "The token lacks the 'audit:read' scope.",
        "required_scope=audit:read",
      ),
    );
  });

  it("format=csv streams every match, past one batch, newest first, with the filters", async () => {
    const many: AuditEntry[] = Array.from({ length: 1234 }, (_, index) => ({
      actor: ci,
      ip: null,
      action: "reservation.placed",
      organizationId: "org_acme",
      resource: { type: "reservation", id: `+4420800${String(index).padStart(5, "0")}` },
      at: new Date(Date.parse("2026-07-01T00:00:00Z") + index * 1000),
    }));
    await recordAudits(await getPrisma(), many);
    const response = await csv("from=2026-07-01&to=2026-07-02&limit=1");
    expect(response.status).toBe(200);
    expect(response.type).toBe("text/csv; charset=utf-8");
    const lines = response.text.trimEnd().split("\n");
    expect(lines.length).toBe(1235);
    expect(lines[0]).toBe("id,at,actor_type,actor_id,actor_name,ip,action,resource_type,resource_id,changes");
    expect(lines[1]).toMatch(
      /^aud_[0-9a-f]{32},2026-07-01T00:20:33\.000Z,token,tok_ci,ci,,reservation\.placed,reservation,\+442080001233,\[\]$/,
    );
    expect(lines[1234]).toMatch(/,2026-07-01T00:00:00\.000Z,.*\+442080000000,\[\]$/);
    const quoted = await csv(`${june}&resource_type=number`);
    expect(quoted.text.split("\n")[1]).toMatch(
      /,2026-06-01T12:02:00\.000Z,user,usr_ann,Ann,203\.0\.113\.1,number\.configuration_changed,number,num_1,"\[{""field"":""name"",""from"":""Old, \\""quoted\\"""",""to"":""New""}\]"$/,
    );
    const empty = await csv("action=nothing.here");
    expect(empty.text).toBe(
      "id,at,actor_type,actor_id,actor_name,ip,action,resource_type,resource_id,changes\n",
    );
  });
});

describe("retention", () => {
  it("deletes entries older than 365 days by the clock it is given, and keeps the rest", async () => {
    const prisma = await getPrisma();
    const now = new Date("2027-06-01T12:00:00.000Z");
    await recordAudits(prisma, [
      {
        actor: ann,
        ip: null,
        action: "test.kept",
        organizationId: "org_acme",
        resource: { type: "test", id: "kept" },
        at: new Date(now.getTime() - 365 * DAY_MS),
      },
      {
        actor: ann,
        ip: null,
        action: "test.gone",
        organizationId: "org_acme",
        resource: { type: "test", id: "gone" },
        at: new Date(now.getTime() - 365 * DAY_MS - 1),
      },
    ]);
    const before = await prisma.auditEvent.count();
    const deleted = await purgeOldAuditEvents(now);
    // Everything seeded for June 2026 is older than a year by then, so it goes as well.
    expect(await prisma.auditEvent.count({ where: { action: { in: ["test.kept", "test.gone"] } } })).toBe(1);
    expect(
      await prisma.auditEvent.findFirst({ where: { action: "test.kept" }, select: { resourceId: true } }),
    ).toEqual({ resourceId: "kept" });
    expect(await prisma.auditEvent.count()).toBe(before - deleted);
    expect(
      await prisma.auditEvent.count({ where: { at: { lt: new Date(now.getTime() - 365 * DAY_MS) } } }),
    ).toBe(0);
  });
});
