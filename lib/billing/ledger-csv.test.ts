import { beforeAll, describe, expect, it } from "vitest";
import { stringify } from "csv-stringify/sync";
import { dispatch, get } from "@/tests/api-client";
import { testTokens, type TestTokenName } from "@/tests/fixtures";
import { entry, writeTestLedger } from "@/tests/billing-ledger";
import { readText, statementsOf } from "@/tests/statements";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { appendEntries, type NewEntry } from "@/lib/billing/ledger";
import { streamLedgerCsv } from "@/lib/billing/ledger-csv";
import type { LedgerEntryView } from "@/lib/schemas/billing-ledger";

// The ledger's CSV reads its pages in SQL (lib/billing/ledger-csv.ts) while GET /billing/ledger
// reads through Prisma: the CSV must be the list's entries, every one, in its order, each written
// as the columns say. And a page is one statement whatever its size, so an export of 1,000 entries
// costs what an export of 10 does.

const HEADER = [
  "id",
  "created_at",
  "currency",
  "kind",
  "amount",
  "description",
  "number_id",
  "number_e164",
  "order_reference_id",
  "period_start",
  "period_end",
  "invoice_id",
  "reference",
];

async function listAll(query: string, token: TestTokenName): Promise<LedgerEntryView[]> {
  const entries: LedgerEntryView[] = [];
  for (let offset = 0; ; offset += 200) {
    const page = await get<{ data: LedgerEntryView[] }>(
      `/billing/ledger?limit=200&offset=${offset}&${query}`,
      {
        token,
      },
    );
    expect(page.status).toBe(200);
    entries.push(...page.body.data);
    if (page.body.data.length < 200) return entries;
  }
}

/** The CSV the list's entries make: what the export wrote before it read in SQL. */
function asCsv(entries: readonly LedgerEntryView[]): string {
  const records = entries.map((row) =>
    [
      row.id,
      row.created_at,
      row.currency,
      row.kind,
      row.amount,
      row.description,
      row.number_id,
      row.number_e164,
      row.order_reference_id,
      row.period_start,
      row.period_end,
      row.invoice_id,
      row.reference,
    ].map((value) => value ?? ""),
  );
  return stringify([HEADER, ...records]);
}

async function exported(query: string, token: TestTokenName): Promise<string> {
  const response = await dispatch(
    new Request(`http://localhost:3000/api/v2/billing/ledger?format=csv&${query}`, {
      headers: { authorization: `Bearer ${testTokens[token].secret}` },
    }),
  );
  expect(response.status).toBe(200);
  return response.text();
}

let invoiceId = "";

beforeAll(async () => {
  invoiceId = await writeTestLedger();
  const prisma = await getPrisma();
  const order = await prisma.order.findUniqueOrThrow({ where: { referenceId: "ORD-OCCHO6HESU" } });
  // An entry of an order (its reference comes from the order), one that needs quoting, and a
  // thousand entries in CHF, several to the millisecond (the keyset breaks ties by id).
  const many: NewEntry[] = Array.from({ length: 1_000 }, (_, index) =>
    entry("org_acme", "CHF", 100 + Math.floor(index / 3) / 60_000, {
      amountMinor: BigInt(index),
      description: `Credit ${index}`,
      idempotencyKey: `test:chf:${index}`,
    }),
  );
  const ten = Array.from({ length: 10 }, (_, index) =>
    entry("org_globex", "CHF", 100 + index, {
      description: `Credit ${index}`,
      idempotencyKey: `test:ten:${index}`,
    }),
  );
  const quoted = entry("org_acme", "GBP", 7, {
    kind: "setup_fee",
    amountMinor: -1234n,
    description: 'Setup fee, "London"\nsecond line',
    orderId: order.id,
    numberId: "num_acme_main",
    numberE164: "+442079460000",
    reference: "REF,1",
  });
  await inRetryingTransaction((tx) => appendEntries(tx, [...many, ...ten, quoted], new Date()));
});

describe("GET /billing/ledger?format=csv writes the entries GET /billing/ledger lists", () => {
  it.each([
    "",
    "currency=GBP",
    "currency=CHF",
    "kind=setup_fee",
    "number_id=num_billing_test_a",
    "invoice_id={invoice}",
    "from=2026-06-01&to=2026-06-02",
    "from=2026-06-01T12:05:00Z",
    "to=2026-06-01T12:02:00Z&currency=GBP",
  ])("?%s", async (template) => {
    const query = template.replace("{invoice}", invoiceId);
    const entries = await listAll(query, "acmeAll");
    expect(await exported(query, "acmeAll")).toBe(asCsv(entries));
  });

  it("for support, of the organization named", async () => {
    const query = "organization_id=org_globex";
    expect(await exported(query, "support")).toBe(asCsv(await listAll(query, "support")));
  });
});

describe("GET /billing/ledger?format=csv statements", () => {
  const read = async (organizationId: string, pageSize?: number) =>
    readText(await streamLedgerCsv({ organizationId, role: "owner" }, { currency: "CHF" }, pageSize));

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
