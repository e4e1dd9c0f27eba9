import "server-only";
import { getDatabase } from "@/lib/db/client";
import { importInventory, type ImportResult } from "@/lib/inventory/import";
import { fillBackorders, type FillResult } from "@/lib/orders/backorders";

export type RestockReport = Omit<ImportResult, "stocked"> & { backorders: FillResult };

/** Imports an inventory CSV, then fills the back-orders of the regions it stocked, oldest first. */
export async function restockInventory(csv: string): Promise<RestockReport> {
  const { stocked, ...imported } = await importInventory(csv);
  // The planner learns the inventory's new size now rather than when autovacuum gets to it, which
  // on PGlite is never: without statistics PGlite's planner walked the sale's partial indexes
  // (docs/PERFORMANCE.md, "An empty array that walked an index"). On PostgreSQL the ANALYZE also
  // drops the plans that connections cached for the smaller table.
  if (imported.imported > 0) await (await getDatabase()).sql.exec(`ANALYZE "inventory_number"`);
  return { ...imported, backorders: await fillBackorders(stocked) };
}
