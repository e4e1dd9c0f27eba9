// docs/CONTRACT.md §11 across processes: PUTs of one configuration with the same ETag, one per
// instance at the same moment, must let exactly one through; the others answer 412, and the
// history records exactly the winner.
import type { Pool } from "pg";
import { call } from "@/tests/cluster/http";
import { check, histogram } from "@/tests/cluster/report";

type One = { data: { name: string } };

export async function configurationRaceChecks(
  instances: Array<{ name: string; url: string }>,
  token: string,
  pool: Pool,
  rounds = 10,
): Promise<void> {
  const numberId = "num_acme_main";
  const statuses: number[] = [];
  let exactlyOne = 0;
  let winnerStored = 0;
  for (let round = 0; round < rounds; round++) {
    const read = await call<One>(instances[round % instances.length], "GET", `/numbers/${numberId}`, {
      token,
    });
    const etag = read.headers.get("etag") ?? "";
    const answers = await Promise.all(
      instances.map((instance) =>
        call<One>(instance, "PUT", `/numbers/${numberId}`, {
          token,
          headers: { "if-match": etag },
          body: { name: `race ${round} via ${instance.name}`, rules: [] },
        }),
      ),
    );
    statuses.push(...answers.map((answer) => answer.status));
    const winners = answers.filter((answer) => answer.status === 200);
    if (winners.length === 1 && answers.every((answer) => answer.status === 200 || answer.status === 412))
      exactlyOne++;
    const after = await call<One>(instances[0], "GET", `/numbers/${numberId}`, { token });
    if (winners.length === 1 && after.body.data.name === winners[0].body.data.name) winnerStored++;
  }
  check(
    `${rounds} rounds of ${instances.length} PUTs with one ETag: exactly one 200, the rest 412`,
    exactlyOne === rounds,
    histogram(statuses),
  );
  check(
    "each round's winner is what GET answers afterwards",
    winnerStored === rounds,
    `${winnerStored}/${rounds}`,
  );
  const history = await pool.query(
    `SELECT count(*)::int AS changes FROM configuration_change WHERE configuration_id = $1 AND after->>'name' LIKE 'race %'`,
    [numberId],
  );
  check(
    "the history holds one change per round",
    history.rows[0].changes === rounds,
    `${history.rows[0].changes} changes`,
  );
}
