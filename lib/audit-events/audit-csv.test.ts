import { beforeAll, describe, expect, it } from "vitest";
import { stringify } from "csv-stringify/sync";
import { dispatch, get } from "@/tests/api-client";
import { testTokens, type TestTokenName } from "@/tests/fixtures";
import { readText, statementsOf } from "@/tests/statements";
import { getPrisma } from "@/lib/db/client";
import { recordAudits, type AuditEntry } from "@/lib/audit/record";
import { streamAuditCsv } from "@/lib/audit-events/audit-csv";
import type { AuditEventView } from "@/lib/schemas/audit";

// The audit log's CSV reads its pages in SQL (lib/audit-events/audit-csv.ts) while GET
// /audit-events reads through Prisma: the CSV must be the list's entries, every one, in its order,
// each written as the columns say. And a page is one statement whatever its size, so an export
// of 1,000 entries costs what an export of 10 does.

const HEADER = [
  "id",
  "at",
  "actor_type",
  "actor_id",
  "actor_name",
  "ip",
  "action",
  "resource_type",
  "resource_id",
  "changes",
];

async function listAll(query: string, token: TestTokenName): Promise<AuditEventView[]> {
  const entries: AuditEventView[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await get<{ data: AuditEventView[] }>(`/audit-events?limit=200&offset=${offset}&${query}`, {
      token,
    });
    expect(page.status).toBe(200);
    entries.push(...page.body.data);
    if (page.body.data.length < 200) return entries;
  }
}

/** The CSV the list's entries make: what the export wrote before it read in SQL. */
function asCsv(entries: readonly AuditEventView[]): string {
  const records = entries.map((row) => [
    row.id,
    row.at,
    row.actor.type,
    row.actor.id ?? "",
    row.actor.name,
    row.ip ?? "",
    row.action,
    row.resource.type,
    row.resource.id ?? "",
    JSON.stringify(row.changes),
  ]);
  return stringify([HEADER, ...records]);
}

async function exported(query: string, token: TestTokenName): Promise<string> {
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v2/audit-events?format=csv&${query}`, {
      headers: { authorization: `Bearer ${testTokens[token].secret}` },
    }),
  );
  expect(response.status).toBe(200);
  return response.text();
}

const T0 = Date.parse("2026-07-01T00:00:00Z");
const ann = { type: "user", id: "usr_acme_customer", name: 'Ann, "the" owner' } as const;
const ci = { type: "token", id: "tok_ci", name: "ci" } as const;

beforeAll(async () => {
  // A thousand entries of Acme's, three to the millisecond (the keyset breaks ties by id), with
  // changes whose keys jsonb reorders and whose values need quoting; ten of Globex's.
  const many: AuditEntry[] = Array.from({ length: 1_000 }, (_, index) => ({
    actor: index % 2 === 0 ? ann : ci,
    ip: index % 3 === 0 ? "203.0.113.9" : null,
    action: index % 5 === 0 ? "number.configuration_changed" : "reservation.placed",
    organizationId: "org_acme",
    resource: {
      type: index % 5 === 0 ? "number" : "reservation",
      id: index % 7 === 0 ? null : `res_${index}`,
    },
    changes:
      index % 5 === 0 ? [{ field: "name", from: `Old, "${index}"`, to: { nested: [index, null] } }] : [],
    at: new Date(T0 + Math.floor(index / 3)),
  }));
  const ten: AuditEntry[] = Array.from({ length: 10 }, (_, index) => ({
    actor: ci,
    ip: null,
    action: "reservation.placed",
    organizationId: "org_globex",
    resource: { type: "reservation", id: `res_${index}` },
    at: new Date(T0 + index * 1000),
  }));
  await recordAudits(await getPrisma(), [...many, ...ten]);
});

describe("GET /audit-events?format=csv writes the entries GET /audit-events lists", () => {
  it.each([
    "",
    "actor=usr_acme_customer",
    "action=number.configuration_changed",
    "resource_type=reservation",
    "resource_id=res_10",
    "from=2026-07-01T00:00:00.100Z&to=2026-07-01T00:00:00.200Z",
    "to=2026-07-01T00:00:00.050Z&actor=tok_ci",
  ])("?%s", async (query) => {
    const entries = await listAll(query, "acmeAll");
    expect(await exported(query, "acmeAll")).toBe(asCsv(entries));
  });

  it("for support, of the organization named", async () => {
    const query = "organization_id=org_globex";
    expect(await exported(query, "support")).toBe(asCsv(await listAll(query, "support")));
  });
});

describe("GET /audit-events?format=csv statements", () => {
  const read = async (organizationId: string, pageSize?: number) =>
    readText(
      await streamAuditCsv(
        { organizationId, role: "owner" },
        { from: new Date(T0), to: new Date(T0 + 10_000) },
        pageSize,
      ),
    );

  it("reads 10 entries and 1,000 entries in one statement each (a page of 5,000)", async () => {
    await read("org_globex");
    let text = "";
    expect(await statementsOf(async () => (text = await read("org_globex")))).toBe(1);
    expect(text.trimEnd().split("\n")).toHaveLength(11);
    expect(await statementsOf(async () => (text = await read("org_acme")))).toBe(1);
    expect(text.trimEnd().split("\n")).toHaveLength(1_001);
  });

  it("reads a statement per page of smaller pages: floor(N / size) + 1", async () => {
    expect(await statementsOf(() => read("org_globex", 100))).toBe(1);
    expect(await statementsOf(() => read("org_acme", 100))).toBe(11);
    expect(await statementsOf(() => read("org_acme", 7))).toBe(143);
    expect(await read("org_acme", 7)).toBe(await read("org_acme"));
  });
});
