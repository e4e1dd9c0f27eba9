// npx tsx scripts/bench/activation.ts [-- --numbers 1000] [--postgres]
//
// How long approving a compliance bundle takes when it activates many pending numbers
// (docs/CONTRACT.md §17: every covered pending number of the organization, in the approval's own
// transaction, each with its history entry, number.activated event and audit entry). On
// embedded PGlite in this process by default; with --postgres, on a fresh database of
// PG_TEST_URL's server, dropped after (scripts/bench/fresh-database.ts; it also makes PGlite learn
// the enums' array types the migrations made, without which the approval's number_status[]
// parameter was sent as a plain string: "malformed array literal"). Seeds reference data,
// `--numbers` DE local numbers owned by one organization and pending documents, and a submitted
// bundle that covers them; runs VACUUM ANALYZE; then times approveBundle. Prints the time;
// checks that every number is active. benchActivation is the same for scripts/bench/run.ts.
import { approveBundle } from "@/lib/compliance/bundle-review";
import type { Principal } from "@/lib/auth/types";
import { openFreshDatabase } from "@/scripts/bench/fresh-database";

const ORGANIZATION = "org_acme";
const REGION = "DE-BE-BERLIN-30";

export type ActivationBenchFigures = { database: string; numbers: number; activated: number; ms: number };

export async function benchActivation(options: {
  numbers: number;
  postgres: boolean;
}): Promise<ActivationBenchFigures> {
  const count = options.numbers;
  const { db, postgres, close } = await openFreshDatabase("bench_activation", options.postgres);
  const where = postgres ? "PostgreSQL" : "PGlite (in process, in memory)";
  try {
    console.error(`seeded reference data; adding ${count} pending numbers and a covering bundle…`);
    await db.sql.exec(`
      INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id, region_id, status,
        sms_enabled, voice_enabled, required_document_ids, standard_capacity, geographic_restrictions,
        mobile_accessible, outside_country_display, portable, sold_at)
      SELECT '+4930' || lpad(g::text, 8, '0'), '30' || lpad(g::text, 8, '0'), 'DE', 'local', '${REGION}', 'sold',
        true, true, ARRAY['local_address', 'proof_of_address'], '', '', '', '', '', now()
        FROM generate_series(1, ${count}) g;
      INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id, status, documents_due)
      SELECT 'num_bench_' || n.id, '${ORGANIZATION}', 'number', n.number_e164, 'Bench ' || n.id, n.id,
             'pending_documents', now() + interval '14 days'
        FROM inventory_number n WHERE n.region_id = '${REGION}' AND n.status = 'sold'
         AND NOT EXISTS (SELECT 1 FROM number_configuration c WHERE c.inventory_number_id = n.id);
      INSERT INTO end_user (id, organization_id, type, name) VALUES ('eu_bench', '${ORGANIZATION}', 'business', 'Bench GmbH');
      INSERT INTO compliance_address (id, organization_id, street, city, postal_code, country_id)
        VALUES ('adr_bench', '${ORGANIZATION}', 'Unter den Linden 1', 'Berlin', '10117', 'DE');
      INSERT INTO compliance_document (id, organization_id, document_type_id, end_user_id, address_id, file_name,
        content_type, size, sha256)
      SELECT 'doc_bench_' || t, '${ORGANIZATION}', t, 'eu_bench', 'adr_bench', t || '.pdf', 'application/pdf', 1, repeat('0', 64)
        FROM unnest(ARRAY['local_address', 'proof_of_address']) t;
      INSERT INTO compliance_bundle (id, organization_id, country_id, number_type_id, end_user_id, status, submitted_at)
        VALUES ('bnd_bench', '${ORGANIZATION}', 'DE', 'local', 'eu_bench', 'pending_review', now());
      INSERT INTO compliance_bundle_document (bundle_id, document_id, position)
        VALUES ('bnd_bench', 'doc_bench_local_address', 0), ('bnd_bench', 'doc_bench_proof_of_address', 1);
    `);
    // Alone: VACUUM cannot run inside the implicit transaction of a multi-statement string.
    await db.sql.exec("VACUUM ANALYZE");
    const support: Principal = {
      kind: "session",
      id: "usr_numbers_support",
      organizationId: "org_operator",
      role: "support",
      scopes: [],
      userId: "usr_numbers_support",
      tokenId: null,
    };
    const started = performance.now();
    const bundle = await approveBundle(support, "bnd_bench");
    const ms = performance.now() - started;
    const [pending] = await db.prisma.$queryRawUnsafe<{ pending: number; active: number; events: number }[]>(`
      SELECT (SELECT count(*)::int FROM number_configuration WHERE status = 'pending_documents' AND id LIKE 'num_bench_%') AS pending,
             (SELECT count(*)::int FROM number_configuration WHERE status = 'active' AND id LIKE 'num_bench_%') AS active,
             (SELECT count(*)::int FROM event WHERE type = 'number.activated') AS events`);
    console.log(
      `${where}: approving ${bundle.bundle_id} activated ${pending.active} of ${count} pending numbers ` +
        `(${pending.events} number.activated events, ${pending.pending} left pending) in ${ms.toFixed(0)} ms`,
    );
    if (pending.active !== count || pending.pending !== 0 || pending.events !== count)
      throw new Error("not every number was activated");
    return { database: where, numbers: count, activated: pending.active, ms };
  } finally {
    await close();
  }
}

if (require.main === module) {
  const index = process.argv.indexOf("--numbers");
  const numbers = Number(index === -1 ? 1000 : process.argv[index + 1]);
  if (!Number.isInteger(numbers) || numbers < 1) throw new Error("--numbers takes a whole number above 0");
  benchActivation({ numbers, postgres: process.argv.includes("--postgres") }).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
