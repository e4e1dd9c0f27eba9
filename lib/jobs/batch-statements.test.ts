import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase, getPrisma } from "@/lib/db/client";
import { createJob } from "@/lib/jobs/jobs";
import { runDueJobs } from "@/lib/jobs/run-jobs";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { toRuleCreate } from "@/lib/numbers/change-configuration";
import { scopes } from "@/lib/schemas/scopes";
import type { Principal } from "@/lib/auth/types";
import type { JobRequest } from "@/lib/schemas/jobs";
import { statementsOf } from "@/tests/statements";

// A set_tags, lock, unlock or release job does a batch of numbers in a handful of statements
// (docs/PERFORMANCE.md, "Bulk jobs"): the statements a job issues are the same for 10 numbers
// and for 100, each with num_acme_main's rules (so each is validated as PUT validates it). It
// fails when a job goes back to statements per number, or when its numbers fall back to the
// one-at-a-time path.

const owner: Principal = {
  kind: "session",
  id: "usr_acme_customer",
  organizationId: "org_acme",
  role: "owner",
  scopes,
  userId: "usr_acme_customer",
  tokenId: null,
};
let numbers: string[] = [];

beforeAll(async () => {
  const db = await getDatabase();
  // 110 London numbers of Acme's, bought as the bench buys them (lib/jobs' bench).
  await db.sql.exec(`
    INSERT INTO inventory_number (number_e164, national_number, country_id, number_type_id, region_id, status,
      sms_enabled, voice_enabled, standard_capacity, geographic_restrictions, mobile_accessible,
      outside_country_display, portable, sold_at)
    SELECT '+442038' || lpad(g::text, 6, '0'), '2038' || lpad(g::text, 6, '0'), 'GB', 'local', 'GB-ENG-LONDON-20', 'sold',
      true, true, '', '', '', '', '', now()
      FROM generate_series(1, 110) g;
    INSERT INTO number_configuration (id, organization_id, kind, number, name, inventory_number_id)
    SELECT 'num_stmt_' || lpad(g::text, 3, '0'), 'org_acme', 'number', n.number_e164, 'Statements ' || g, n.id
      FROM generate_series(1, 110) g JOIN inventory_number n ON n.number_e164 = '+442038' || lpad(g::text, 6, '0');
  `);
  const prisma = await getPrisma();
  const main = await prisma.numberConfiguration.findUniqueOrThrow({
    where: { id: "num_acme_main" },
    include: configurationInclude,
  });
  const rules = toNumberConfiguration(main).rules;
  numbers = Array.from({ length: 110 }, (_, index) => `num_stmt_${String(index + 1).padStart(3, "0")}`);
  for (const id of numbers)
    await prisma.numberConfiguration.update({
      where: { id },
      data: { rules: { create: rules.map(toRuleCreate) } },
    });
});

/** The statements one job issues from its first claim until the worker finds nothing left. */
async function jobStatements(request: JobRequest): Promise<{ statements: number; succeeded: number }> {
  const prisma = await getPrisma();
  const { job } = await createJob(owner, request, undefined);
  const statements = await statementsOf(async () => {
    while ((await runDueJobs({ now: () => new Date(), leaseMs: 60_000 })) > 0);
  });
  const succeeded = await prisma.jobItem.count({ where: { jobId: job.job_id, status: "succeeded" } });
  return { statements, succeeded };
}

describe("the statements of a bulk job", () => {
  it.each<[JobRequest["type"], JobRequest["params"]]>([
    ["set_tags", { add: ["counted"] }],
    ["lock", {}],
    ["unlock", {}],
    ["release", {}],
  ])("a %s job issues as many for 100 numbers as for 10", async (type, params) => {
    const ten = await jobStatements({ type, number_ids: numbers.slice(0, 10), params });
    const hundred = await jobStatements({ type, number_ids: numbers.slice(10, 110), params });
    expect([ten.succeeded, hundred.succeeded]).toEqual([10, 100]);
    expect(hundred.statements).toBe(ten.statements);
  });
});
