// npx tsx scripts/bench/jobs.ts [-- --numbers 1000] [--postgres]
//
// How fast the worker does a bulk job (docs/CONTRACT.md §16): numbers a second for a set_tags, a
// lock, an unlock and then a release job (not forced: each number's referencing rules are
// looked for) over `--numbers` numbers, each with its history entry, audit entry and event and
// the job item marked done, a batch of 250 a transaction (lib/jobs/run-jobs.ts). First a
// set_tags job over 250 other numbers (one batch) warms the process up (Prisma's query plans,
// the JIT), as a worker that has run for a while is; its figure is printed too. On embedded PGlite in this process by
// default, or with --postgres on a fresh database of the PostgreSQL server PG_TEST_URL names
// (default postgresql://root@127.0.0.1:5432/test), dropped after. Migrates, seeds reference
// data and the numbers, owned by one organization; creates each job (createJob, as POST /jobs)
// and calls runDueJobs (one batch a call, as the worker's loop) until it has nothing left.
// Prints the figures (with the CPU time this process spent, which a loaded machine does not
// inflate as it does the time on the clock); asserts nothing.
import { createJob } from "@/lib/jobs/jobs";
import { runDueJobs } from "@/lib/jobs/run-jobs";
import { scopes } from "@/lib/schemas/scopes";
import type { Principal } from "@/lib/auth/types";
import type { JobRequest } from "@/lib/schemas/jobs";
import { openFreshDatabase } from "@/scripts/bench/fresh-database";

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value < 1 || value > 1000)
    throw new Error(`--${name} takes a whole number from 1 to 1000 (a job's limit)`);
  return value;
}

const ORGANIZATION = "org_acme";
/** Numbers beside the timed ones, for the warm-up job: one batch. */
const WARM_UP = 250;

async function main() {
  const count = option("numbers", 1000);
  const { db, postgres, close } = await openFreshDatabase("bench_jobs");
  try {
    console.error(`seeded reference data; adding ${count} + ${WARM_UP} owned numbers…`);
    // One region's numbers, each with a configuration of the organization (as if bought).
    await db.sql.exec(`
      INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id, region_id, status,
        sms_enabled, voice_enabled, standard_capacity, geographic_restrictions, mobile_accessible,
        outside_country_display, portable, sold_at)
      SELECT '+4420' || lpad(g::text, 8, '0'), '20' || lpad(g::text, 8, '0'), 'GB', 'local', 'GB-ENG-LONDON-20', 'sold',
        true, true, '', '', '', '', '', now()
        FROM generate_series(1, ${count + WARM_UP}) g;
      INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id)
      SELECT 'num_bench_' || n.id, '${ORGANIZATION}', 'number', n.number_e164, 'Bench ' || n.id, n.id
        FROM inventory_number n WHERE n.number_e164 LIKE '+4420________' AND n.status = 'sold'
          AND NOT EXISTS (SELECT 1 FROM number_configuration c WHERE c.inventory_number_id = n.id);
    `);
    // Planned on fresh statistics, as a database with autovacuum would be.
    await db.sql.exec("VACUUM ANALYZE");
    const numbers = (
      await db.prisma.numberConfiguration.findMany({
        where: { id: { startsWith: "num_bench_" } },
        select: { id: true },
        orderBy: { id: "asc" },
      })
    ).map((row) => row.id);
    const [ids, spare] = [numbers.slice(0, count), numbers.slice(count)];
    const owner: Principal = {
      kind: "session",
      id: "usr_acme_customer",
      organizationId: ORGANIZATION,
      role: "owner",
      scopes,
      userId: "usr_acme_customer",
      tokenId: null,
    };
    const where = postgres ? "PostgreSQL" : "PGlite";
    const jobs: Array<{ label: string; request: JobRequest }> = [
      {
        label: "warm-up set_tags",
        request: { type: "set_tags", number_ids: spare, params: { add: ["warm"] } },
      },
      { label: "set_tags", request: { type: "set_tags", number_ids: ids, params: { add: ["bench"] } } },
      { label: "lock", request: { type: "lock", number_ids: ids, params: {} } },
      { label: "unlock", request: { type: "unlock", number_ids: ids, params: {} } },
      { label: "release", request: { type: "release", number_ids: ids, params: {} } },
    ];
    for (const { label, request } of jobs) {
      const created = performance.now();
      const { job } = await createJob(owner, request, undefined);
      const started = performance.now();
      const cpu = process.cpuUsage();
      let batches = 0;
      while ((await runDueJobs({ now: () => new Date(), leaseMs: 60_000 })) > 0) batches++;
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      const [done] = await db.prisma.$queryRawUnsafe<{ succeeded: number; failed: number }[]>(
        `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS succeeded,
                count(*) FILTER (WHERE status = 'failed')::int AS failed FROM job_item WHERE job_id = $1`,
        job.job_id,
      );
      console.log(
        `${where}: ${label} job of ${request.number_ids?.length ?? 0} numbers: created in ${(started - created).toFixed(0)} ms, ` +
          `done in ${seconds.toFixed(1)} s (${batches} batches) = ${((request.number_ids?.length ?? 0) / seconds).toFixed(0)} numbers/s; ` +
          `${done.succeeded} succeeded, ${done.failed} failed; ` +
          `this process's CPU ${((used.user + used.system) / 1000).toFixed(0)} ms`,
      );
    }
  } finally {
    await close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
