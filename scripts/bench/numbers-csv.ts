// npx tsx --expose-gc scripts/bench/numbers-csv.ts [-- --numbers 100000] [--postgres]
//
// What a CSV export of a large fleet costs the server's memory (docs/CONTRACT.md §16: "a 100,000-number
// export must not grow the server's memory by more than a few MB"). On embedded PGlite in this
// process by default (the database's own memory then counts too), or with --postgres on a fresh
// database of the PostgreSQL server PG_TEST_URL names (default postgresql://root@127.0.0.1:5432/
// test), as a deployment runs it. Migrates, seeds reference data and `--numbers` numbers owned
// by one organization, then streams GET /numbers?format=csv's export to nowhere, sampling the JS
// heap and the resident set. Prints the peak growth (garbage not yet collected included) and
// what is still held after a collection; asserts nothing.
import { exportNumbersCsv } from "@/lib/numbers/export-csv";
import { openFreshDatabase } from "@/scripts/bench/fresh-database";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number above 0`);
  return value;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const collect = () => (globalThis as { gc?: () => void }).gc?.();

async function main() {
  const count = option("numbers", 100_000);
  const { db, postgres, close } = await openFreshDatabase("bench_csv");
  console.error(`seeded reference data; adding ${count} owned numbers…`);
  const organization = "org_acme";
  // One region's numbers, each with a configuration of the organization (as if bought).
  await db.sql.exec(`
    INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id, region_id, status,
      sms_enabled, voice_enabled, standard_capacity, geographic_restrictions, mobile_accessible,
      outside_country_display, portable, sold_at)
    SELECT '+4420' || lpad(g::text, 8, '0'), '20' || lpad(g::text, 8, '0'), 'GB', 'local', 'GB-ENG-LONDON-20', 'sold',
      true, true, '', '', '', '', '', now()
      FROM generate_series(1, ${count}) g;
    INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id, tags)
    SELECT 'num_bench_' || n.id, '${organization}', 'number', n.number_e164, 'Bench ' || n.id, n.id, ARRAY['bench', 'fleet']
      FROM inventory_number n WHERE n.number_e164 LIKE '+4420________' AND n.status = 'sold'
        AND NOT EXISTS (SELECT 1 FROM number_configuration c WHERE c.inventory_number_id = n.id);
  `);

  console.error("added; exporting…");
  const viewer = { organizationId: organization, role: "owner" as const };
  const query = { limit: 100, offset: 0, tag: ["bench"] };
  // A warm-up export of a few rows, so the statements and the code are compiled before measuring.
  await new Response(await exportNumbersCsv(viewer, { ...query, country: "DE" })).text();
  collect();
  const before = process.memoryUsage();
  let peakHeap = before.heapUsed;
  let peakRss = before.rss;
  const sample = setInterval(() => {
    const now = process.memoryUsage();
    peakHeap = Math.max(peakHeap, now.heapUsed);
    peakRss = Math.max(peakRss, now.rss);
  }, 5);

  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  const reader = (await exportNumbersCsv(viewer, query)).getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.byteLength;
    for (const byte of chunk.value) if (byte === 10) lines++;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sample);
  const after = process.memoryUsage();
  peakHeap = Math.max(peakHeap, after.heapUsed);
  peakRss = Math.max(peakRss, after.rss);

  collect();
  const held = process.memoryUsage();
  console.log(
    `CSV export on ${postgres ? "PostgreSQL" : "PGlite"}: ${lines - 1} numbers, ${mb(bytes)} MB of CSV in ${seconds.toFixed(1)} s`,
  );
  console.log(
    `JS heap: ${mb(before.heapUsed)} MB before, peak ${mb(peakHeap)} MB (+${mb(peakHeap - before.heapUsed)} MB)`,
  );
  console.log(
    `resident set: ${mb(before.rss)} MB before, peak ${mb(peakRss)} MB (+${mb(peakRss - before.rss)} MB)`,
  );
  console.log(
    `after a collection: heap +${mb(held.heapUsed - before.heapUsed)} MB, resident set +${mb(held.rss - before.rss)} MB`,
  );
  await close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
