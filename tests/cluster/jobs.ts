// docs/CONTRACT.md §16 across processes: a bulk job's worker dies (kill -9) holding the job's lease,
// mid-batch, and the job still does every number exactly once. A claim does one batch
// (JOBS_BATCH_SIZE, 50 in this suite: tests/cluster/run.ts), so the job has twenty: enough
// claims for the kill to land while one is held. The organization gets JOB_NUMBERS fresh
// numbers (inserted as fixtures, no rules, no tags); a set_tags job adds a tag no other number
// has. While the job runs, the instance whose process holds the lease
// (the claim token names host/pid/random, lib/jobs/run-jobs.ts) is killed and restarted; once
// the lease runs out another worker resumes. Then, in SQL: each number has the tag once and
// was changed once (version, history, audit entry, event), the job's items are one per
// number and all succeeded, its counts say so, and it completed once.
import { randomBytes, randomInt } from "node:crypto";
import { hostname } from "node:os";
import type { Pool } from "pg";
import type { Instance } from "@/scripts/cluster/servers";
import { call, contractFailures } from "@/tests/cluster/http";
import { check, section } from "@/tests/cluster/report";

const JOB_NUMBERS = 1_000;
/** Kills tried: one may land between two batches, when no process holds the lease. */
const KILL_ATTEMPTS = 6;
const ORGANIZATION = "org_acme";
const DEADLINE_MS = 180_000;

type JobAnswer = {
  data: {
    job_id: string;
    status: string;
    counts: { total: number; succeeded: number; failed: number; pending: number };
  };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pid in a claim token made on this host, else undefined. */
function holderPid(token: string | null): number | undefined {
  if (token === null) return undefined;
  const [host, pid] = token.split("/");
  return host === hostname() ? Number(pid) : undefined;
}

export async function jobCrashChecks(instances: Instance[], token: string, pool: Pool): Promise<void> {
  section(
    `jobs: a set_tags job over ${JOB_NUMBERS} numbers, the instance holding its lease killed (kill -9) mid-batch and restarted`,
  );
  const failuresBefore = contractFailures.length;
  const errorsBefore = instances.map((instance) => instance.output.length);
  const run = randomBytes(4).toString("hex");
  const tag = `crash-${run}`;
  const inserted = await pool.query<{ id: string }>(
    `INSERT INTO number_configuration (id, organization_id, kind, number, name)
     SELECT 'num_job_' || $1 || '_' || g, $2, 'number', '+8880' || $4 || lpad(g::text, 5, '0'), 'job crash ' || g
       FROM generate_series(1, $3::int) g
     RETURNING id`,
    // E.164 digits only: a run's numbers differ from another run's by the 4 random digits.
    [run, ORGANIZATION, JOB_NUMBERS, String(randomInt(1000, 10_000))],
  );
  const ids = inserted.rows.map((row) => row.id);

  const created = await call<JobAnswer>(instances[0], "POST", "/jobs", {
    token,
    body: { type: "set_tags", number_ids: ids, params: { add: [tag] } },
  });
  if (
    !check(
      `POST /jobs answers 202`,
      created.status === 202,
      `${created.status} ${JSON.stringify(created.body).slice(0, 200)}`,
    )
  )
    return;
  const jobId = created.body.data.job_id;

  // Wait until the job is well under way, then kill the process that holds its lease. A batch
  // may end between the read and the kill (the lease is released per batch): then the check
  // after the kill sees another holder, and the next holder is tried (up to KILL_ATTEMPTS).
  let killed: { instance: Instance; doneBefore: number; at: Date; leaseEnds: Date } | undefined;
  const deadline = Date.now() + DEADLINE_MS;
  // A missed kill's instance restarts in the background, so the job is not over by the next try.
  const restarts: Promise<void>[] = [];
  for (let attempt = 0; attempt < KILL_ATTEMPTS && killed === undefined && Date.now() < deadline;) {
    const { rows } = await pool.query<{ claim_token: string | null; status: string; done: number }>(
      `SELECT j.claim_token, j.status,
              (SELECT count(*)::int FROM job_item i WHERE i.job_id = j.id AND i.status <> 'pending') AS done
         FROM job j WHERE j.id = $1`,
      [jobId],
    );
    const [job] = rows;
    if (job.status === "completed") break;
    const pid = holderPid(job.claim_token);
    const holder = instances.find((instance) => instance.pid !== undefined && instance.pid === pid);
    if (holder === undefined || job.done < JOB_NUMBERS / 5) {
      await sleep(20);
      continue;
    }
    attempt += 1;
    holder.kill9();
    const killedAt = new Date();
    const after = await pool.query<{ claim_token: string | null; locked_until: Date }>(
      `SELECT claim_token, locked_until FROM job WHERE id = $1`,
      [jobId],
    );
    if (holderPid(after.rows[0].claim_token) === pid) {
      killed = {
        instance: holder,
        doneBefore: job.done,
        at: killedAt,
        leaseEnds: after.rows[0].locked_until,
      };
      console.log(
        `  …  ${job.done}/${JOB_NUMBERS} numbers done: kill -9 ${holder.name} (pid ${pid}) holding the job's lease, restarting it`,
      );
      await holder.start();
    } else {
      console.log(`  …  ${holder.name} (pid ${pid}) was killed just after its batch; trying the next holder`);
      restarts.push(holder.start());
    }
  }
  await Promise.all(restarts);
  const kill = killed;
  if (
    !check(
      "the instance holding the job's lease was killed mid-job (its lease outlived it)",
      kill !== undefined,
    ) ||
    kill === undefined
  )
    return;

  let status = "";
  while (Date.now() < deadline) {
    status = (await pool.query<{ status: string }>(`SELECT status FROM job WHERE id = $1`, [jobId])).rows[0]
      .status;
    if (status === "completed") break;
    await sleep(250);
  }
  check("the job completed before the deadline", status === "completed", status);

  const one = async (sql: string, parameters: unknown[]) =>
    (await pool.query<{ n: number }>(sql, parameters)).rows[0].n;
  const read = await call<JobAnswer>(instances[2], "GET", `/jobs/${jobId}`, { token });
  check(
    `GET /jobs/{id} counts ${JOB_NUMBERS} succeeded of ${JOB_NUMBERS}, none failed or pending`,
    read.status === 200 &&
      JSON.stringify(read.body.data.counts) ===
        JSON.stringify({ total: JOB_NUMBERS, succeeded: JOB_NUMBERS, failed: 0, pending: 0 }),
    JSON.stringify(read.body.data.counts),
  );
  const meanwhile = await one(
    `SELECT count(*)::int AS n FROM job_item WHERE job_id = $1 AND done_at > $2 AND done_at < $3`,
    [jobId, kill.at, kill.leaseEnds],
  );
  check(
    "no number was done while the killed process's lease stood; the next claim came once it ran out",
    meanwhile === 0,
    `${meanwhile} done between the kill and ${kill.leaseEnds.toISOString()}`,
  );

  const items = await one(`SELECT count(*)::int AS n FROM job_item WHERE job_id = $1`, [jobId]);
  const itemNumbers = await one(
    `SELECT count(DISTINCT number_id)::int AS n FROM job_item WHERE job_id = $1 AND number_id = ANY($2)`,
    [jobId, ids],
  );
  const succeeded = await one(
    `SELECT count(*)::int AS n FROM job_item WHERE job_id = $1 AND status = 'succeeded'`,
    [jobId],
  );
  check(
    `one item per number (${JOB_NUMBERS}), each succeeded`,
    items === JOB_NUMBERS && itemNumbers === JOB_NUMBERS && succeeded === JOB_NUMBERS,
    `${items} items, ${itemNumbers} numbers, ${succeeded} succeeded`,
  );
  const taggedOnce = await one(
    `SELECT count(*)::int AS n FROM number_configuration WHERE id = ANY($1) AND tags = ARRAY[$2::text] AND version = 2`,
    [ids, tag],
  );
  const taggedAnywhere = await one(
    `SELECT count(*)::int AS n FROM number_configuration WHERE $1::text = ANY(tags)`,
    [tag],
  );
  check(
    "each number has the tag exactly once, and was changed once (version 1 → 2)",
    taggedOnce === JOB_NUMBERS && taggedAnywhere === JOB_NUMBERS,
    `${taggedOnce} tagged once at version 2, ${taggedAnywhere} with the tag in all`,
  );
  const perNumber = async (sql: string) =>
    (await pool.query<{ numbers: number; rows: number }>(sql, [ids])).rows[0];
  const history = await perNumber(
    `SELECT count(DISTINCT configuration_id)::int AS numbers, count(*)::int AS rows FROM configuration_change WHERE configuration_id = ANY($1)`,
  );
  const audit = await perNumber(
    `SELECT count(DISTINCT resource_id)::int AS numbers, count(*)::int AS rows FROM audit_event
      WHERE action = 'number.tags_changed' AND resource_type = 'number' AND resource_id = ANY($1)`,
  );
  const events = await perNumber(
    `SELECT count(DISTINCT data->>'number_id')::int AS numbers, count(*)::int AS rows FROM event
      WHERE type = 'number.configuration_changed' AND data->>'number_id' = ANY($1)`,
  );
  for (const [what, counted] of [
    ["history entry", history],
    ["number.tags_changed audit entry", audit],
    ["number.configuration_changed event", events],
  ] as const)
    check(
      `exactly one ${what} per number`,
      counted.numbers === JOB_NUMBERS && counted.rows === JOB_NUMBERS,
      `${counted.rows} for ${counted.numbers} numbers`,
    );
  const completedEvents = await one(
    `SELECT count(*)::int AS n FROM event WHERE type = 'job.completed' AND data->>'job_id' = $1`,
    [jobId],
  );
  const completedAudit = await one(
    `SELECT count(*)::int AS n FROM audit_event WHERE action = 'job.completed' AND resource_id = $1`,
    [jobId],
  );
  check(
    "one job.completed event and one job.completed audit entry",
    completedEvents === 1 && completedAudit === 1,
    `${completedEvents} events, ${completedAudit} audit entries`,
  );
  check(
    "the job's answers matched the OpenAPI document",
    contractFailures.length === failuresBefore,
    contractFailures.slice(failuresBefore, failuresBefore + 2).join(" | "),
  );
  const errors = instances.flatMap((instance, index) =>
    instance.output.slice(errorsBefore[index]).filter((line) => line.includes('"level":"error"')),
  );
  check("no instance logged an error", errors.length === 0, errors.slice(0, 3).join(" | "));
  console.log(
    `  jobs: ${JOB_NUMBERS} numbers, ${kill.doneBefore} done before the kill of ${kill.instance.name}, the rest after its lease ran out at ${kill.leaseEnds.toISOString()}`,
  );
}
