// npx tsx scripts/bench/explain.ts [DATABASE_URL]: EXPLAIN (ANALYZE, BUFFERS) of the SQL each
// benchmarked inventory shape runs, built by the app's own SQL builder.
import { Client } from "pg";
import { inventorySearchSql, needsCount } from "@/lib/inventory/search";
import { BENCH_DATABASES, databaseUrl } from "@/scripts/bench/databases";
import { inventoryShapes, searchFor } from "@/scripts/bench/shapes";

async function main() {
  const url = process.argv[2] ?? databaseUrl(BENCH_DATABASES.million.name);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const shape of inventoryShapes) {
      const search = searchFor(shape.country, shape.numberType, new URLSearchParams(shape.query));
      const { page, count } = inventorySearchSql(search);
      console.log(`\n=== ${shape.label} (${shape.query || "no filters"})`);
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${page.text}`, page.values);
      console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
      const rows = await client.query(page.text, page.values);
      if (needsCount(search, rows.rowCount ?? 0)) {
        const countPlan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${count.text}`, count.values);
        console.log("--- count");
        console.log(countPlan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
      }
    }
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
