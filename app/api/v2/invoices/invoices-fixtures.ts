// Shared by the invoices*.test.ts files: the invoices of a month-end run over the seeded
// organizations' numbers (acme and globex hold several currencies), run once per file.
import { expect } from "vitest";
import { get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { runMonthEnd } from "@/lib/billing/month-end";
import type { InvoiceView, InvoiceWithLines } from "@/lib/schemas/invoices";

export const RUN_AT = new Date("2026-12-01T00:00:30Z");
export type One = { data: InvoiceWithLines };
export type Many = { data: InvoiceView[] };

export let acmeInvoices: InvoiceView[];
export let globexInvoice: InvoiceView;

/** Runs the month end at RUN_AT and reads the invoices: beforeAll(runMonthEndOnce) in each file. */
export async function runMonthEndOnce(): Promise<void> {
  expect(await runMonthEnd(RUN_AT)).toMatchObject({ failed: 0 });
  const prisma = await getPrisma();
  const rows = await prisma.invoice.findMany({
    where: { organizationId: "org_globex" },
    orderBy: { number: "asc" },
  });
  const globex = await get<Many>(`/invoices?organization_id=org_globex&currency=${rows[0].currency}`, {
    token: "support",
  });
  globexInvoice = globex.body.data[0];
  acmeInvoices = (await get<Many>("/invoices", { token: "acmeAll" })).body.data;
}
