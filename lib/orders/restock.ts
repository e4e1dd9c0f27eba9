import "server-only";
import { importInventory, type ImportResult } from "@/lib/inventory/import";
import { fillBackorders, type FillResult } from "@/lib/orders/backorders";

export type RestockReport = Omit<ImportResult, "stocked"> & { backorders: FillResult };

/** Imports an inventory CSV, then fills the back-orders of the regions it stocked, oldest first. */
export async function restockInventory(csv: string): Promise<RestockReport> {
  const { stocked, ...imported } = await importInventory(csv);
  return { ...imported, backorders: await fillBackorders(stocked) };
}
