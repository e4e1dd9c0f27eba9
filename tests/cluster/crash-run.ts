// What the crash sections (billing.ts: the month-end run; porting.ts: the carrier driver) share:
// their fixtures written in one transaction, and the run itself: three instances' workers take
// the same work at once, one of them is killed (kill -9) once a fifth of it is done and started
// again, and the section checks that the kill came mid-run and that all of it was done before
// the deadline.
import type { Pool, PoolClient } from "pg";
import type { Instance } from "@/scripts/cluster/servers";
import { check } from "@/tests/cluster/report";

const DEADLINE_MS = 180_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `write` in one transaction on a client of its own: all of a section's fixtures, or none. */
export async function writeFixtures(pool: Pool, write: (client: PoolClient) => Promise<void>): Promise<void> {
  const fixtures = await pool.connect();
  try {
    await fixtures.query("BEGIN");
    await write(fixtures);
    await fixtures.query("COMMIT");
  } catch (error) {
    await fixtures.query("ROLLBACK");
    throw error;
  } finally {
    fixtures.release();
  }
}

/** How the checks name the work: "orders", "order", "port", "ported". */
type Words = { things: string; thing: string; leftTo: string; done: string };

/**
 * Waits until `done()` reaches `total` or the deadline passes, killing instances[1] (kill -9)
 * and starting it again once a fifth is done; then checks both.
 */
export async function killOneMidRun(
  instances: Instance[],
  total: number,
  done: () => Promise<number>,
  words: Words,
): Promise<void> {
  // The workers find the work on their next pass. Kill one once the run is well under way.
  const deadline = Date.now() + DEADLINE_MS;
  let killedAt: number | undefined;
  const victim = instances[1];
  while (Date.now() < deadline) {
    const sofar = await done();
    if (sofar >= total) break;
    if (killedAt === undefined && sofar >= total / 5) {
      killedAt = sofar;
      console.log(
        `  …  ${sofar}/${total} ${words.things} ${words.done}: kill -9 ${victim.name} (pid ${victim.pid}), restarting it`,
      );
      victim.kill9();
      await victim.start();
    }
    await sleep(50);
  }
  const finished = await done();
  check(
    `the run was cut by the kill with ${words.things} left to ${words.leftTo} (${killedAt ?? "no"} of ${total} ${words.done} when it came)`,
    killedAt !== undefined && killedAt < total,
  );
  check(
    `every ${words.thing} was ${words.done} before the deadline (${finished} of ${total})`,
    finished === total,
  );
}
