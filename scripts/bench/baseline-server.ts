// The bare-driver baseline: node:http and pg, no framework, no ORM, no auth, no validation
// beyond the query schema. It runs exactly the SQL the app runs for inventory search (built
// by lib/inventory/search.ts itself, totals shared for 2 s just as the app shares them) and
// for products (the statements Prisma sent, captured by products-sql.ts), and shapes the
// same JSON. Started by run.ts as a child process:
//   BASELINE_DATABASE_URL, BASELINE_PORT, BASELINE_POOL_SIZE, BASELINE_PRODUCTS_SQL (a JSON file)
import { readFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import { Pool } from "pg";
import { findInventoryRows } from "@/lib/inventory/search";
import type { CapturedStatement } from "@/scripts/bench/products-sql";
import { searchFor } from "@/scripts/bench/shapes";

type DocumentType = { id: string; name: string; more_information: string };
type Row = Record<string, unknown>;

const pool = new Pool({
  connectionString: process.env.BASELINE_DATABASE_URL,
  max: Number(process.env.BASELINE_POOL_SIZE ?? 10),
});
const productStatements: Record<string, CapturedStatement[]> = process.env.BASELINE_PRODUCTS_SQL
  ? JSON.parse(readFileSync(process.env.BASELINE_PRODUCTS_SQL, "utf8"))
  : {};
// Reference data is read once: the limit this server stands for is the search itself.
let documentTypes = new Map<string, DocumentType>();

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { "Content-Type": "application/json; charset=utf-8", ...headers });
  response.end(JSON.stringify(body));
}

async function inventory(segments: string[], query: URLSearchParams, response: ServerResponse) {
  const search = searchFor(segments[0], segments[1], query);
  const { rows, total } = await findInventoryRows(
    search,
    async (statement) => (await pool.query(statement.text, statement.values)).rows,
    pool,
  );
  const items = rows.map((row) => ({
    number_e164: row.number_e164,
    number_local_format: row.national_number,
    country: row.country_id,
    number_type: row.number_type_id,
    region: row.region_id,
    required_documents: (row.required_document_ids as string[]).flatMap((id) => {
      const type = documentTypes.get(id);
      return type
        ? [{ document_type_id: type.id, name: type.name, more_information: type.more_information }]
        : [];
    }),
    standard_capacity: row.standard_capacity,
    geographic_restrictions: row.geographic_restrictions,
    mobile_accessible: row.mobile_accessible,
    outside_country_display: row.outside_country_display,
    portable: row.portable,
    capabilities: { sms: row.sms_enabled, voice: row.voice_enabled },
  }));
  send(response, 200, items, { "X-Total-Count": String(total) });
}

const amount = (value: unknown) => (Number(value) === 0 ? "0" : String(value));

async function products(country: string, response: ServerResponse) {
  const statements = productStatements[country.toUpperCase()];
  if (!statements) return send(response, 400, { message: "Bad Request" });
  // The same round trips, one after another, as Prisma makes them.
  const results: Row[][] = [];
  for (const statement of statements)
    results.push((await pool.query(statement.text, statement.values)).rows as Row[]);
  const [productRows, links = [], types = []] = results;
  const typeById = new Map(types.map((type) => [type.id as string, type]));
  const documentsOf = new Map<unknown, Row[]>();
  for (const link of links)
    documentsOf.set(link.product_id, [
      ...(documentsOf.get(link.product_id) ?? []),
      typeById.get(link.document_type_id as string) ?? {},
    ]);
  const map: Record<string, Record<string, Record<string, unknown[]>>> = {};
  for (const row of productRows) {
    const regions = ((map[row.country_id as string] ??= {})[row.number_type_id as string] ??= {});
    (regions[row.region_id as string] ??= []).push({
      id: String(row.id),
      name: row.name,
      currency: row.currency,
      monthly_fee: amount(row.monthly_fee),
      setup_fee: amount(row.setup_fee),
      included_minutes: String(row.included_minutes),
      overage_fixed_rate_per_minute: amount(row.overage_fixed_rate_per_minute),
      overage_mobile_rate_per_minute: amount(row.overage_mobile_rate_per_minute),
      // One statement aggregates them per product; Prisma's include read them in two more.
      required_documents:
        row.required_documents ??
        (documentsOf.get(row.id) ?? []).map((type) => ({
          document_type_id: type.id,
          name: type.name,
          more_information: type.more_information,
        })),
      standard_capacity: row.standard_capacity,
      estimated_lead_time: row.estimated_lead_time,
      geographic_restrictions: row.geographic_restrictions,
      mobile_accessible: row.mobile_accessible,
      outside_country_display: row.outside_country_display,
      portable: row.portable,
    });
  }
  send(response, 200, map);
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://localhost");
  const [resource, ...segments] = url.pathname.split("/").filter(Boolean);
  const work =
    resource === "inventory"
      ? inventory(segments, url.searchParams, response)
      : resource === "products"
        ? products(segments[0], response)
        : undefined;
  if (!work) return send(response, 404, { message: "Not Found" });
  work.catch((error: unknown) => send(response, 500, { message: String(error) }));
});

async function main() {
  const rows = (await pool.query(`SELECT id, name, more_information FROM document_type`))
    .rows as DocumentType[];
  documentTypes = new Map(rows.map((row) => [row.id, row]));
  server.listen(Number(process.env.BASELINE_PORT ?? 3101), "127.0.0.1", () => console.log("baseline ready"));
}

process.on("SIGTERM", () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
