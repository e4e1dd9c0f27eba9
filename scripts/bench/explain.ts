// npx tsx scripts/bench/explain.ts [DATABASE_URL]: EXPLAIN (ANALYZE, BUFFERS) of the SQL each
// benchmarked inventory shape runs, built by the app's own SQL builder.
import { Client } from "pg";
import { findInventoryRows } from "@/lib/inventory/search";
import { BENCH_DATABASES, databaseUrl } from "@/scripts/bench/databases";
import { inventoryShapes, searchFor } from "@/scripts/bench/shapes";

async function main() {
  const url = process.argv[2] ?? databaseUrl(BENCH_DATABASES.million.name);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const shape of inventoryShapes) {
      const search = searchFor(shape.country, shape.numberType, new URLSearchParams(shape.query));
      console.log(`\n=== ${shape.label} (${shape.query || "no filters"})`);
      // Each statement the search sends (the page, and the count when it needs one) is
      // explained, then run for the search to go on; a fresh owner shares no cached total.
      await findInventoryRows(
        search,
        async (statement) => {
          const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, statement.values);
          console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
          return (await client.query(statement.text, statement.values)).rows;
        },
        {},
      );
    }
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
