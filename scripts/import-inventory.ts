// npm run inventory:import -- FILE.csv – adds numbers to the inventory and fills back-orders.
// Rejected rows are listed with their line and reason; the rest is imported. Exit status:
// 0 all rows imported, 1 the file could not be read, 2 some rows were rejected.
import { readFileSync } from "node:fs";
import { connectFromEnv, setDatabase } from "@/lib/db/client";
import { UNBOUNDED } from "@/lib/db/query-bounds";
import { ImportFileError } from "@/lib/inventory/import";
import { restockInventory } from "@/lib/orders/restock";

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error("usage: npm run inventory:import -- FILE.csv");
    return 1;
  }
  let csv: string;
  try {
    csv = readFileSync(file, "utf8");
  } catch (error) {
    console.error(`inventory:import: cannot read ${file}: ${(error as Error).message}`);
    return 1;
  }
  // A large file is one long COPY and long statements: no request bound on them.
  const db = await connectFromEnv(UNBOUNDED);
  setDatabase(db);
  try {
    const report = await restockInventory(csv);
    for (const row of report.rejected) console.error(`${file}:${row.line}: rejected: ${row.reason}`);
    console.log(`Imported ${report.imported} number(s); rejected ${report.rejected.length} row(s).`);
    console.log(
      `Back-orders: ${report.backorders.assignedNumbers} number(s) assigned to ${report.backorders.orders.length} order(s).`,
    );
    for (const order of report.backorders.orders) console.log(`  ${order.referenceId}: ${order.status}`);
    return report.rejected.length > 0 ? 2 : 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof ImportFileError ? error.message : error instanceof Error ? error.stack : String(error);
    console.error(`inventory:import failed: ${message}`);
    process.exit(1);
  },
);
