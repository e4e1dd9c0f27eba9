// Demo billing history, made by the real billing functions on clocks set in the past: the
// month-end run closes a month, support records payments, dunning sweeps. Only the demo server's
// database gets it (scripts/prepare-db.ts): the test templates seed without it, so billing's own
// tests start from empty ledgers.
//
//   ~35 days ago  month-end run: the first invoice of each organization holding numbers
//   3 days later  Acme and Globex pay it in full (bank transfers recorded by support)
//   now           month-end run: the second invoice, open, due in 14 days; dunning sweeps
//
// So Acme has two months of history (one invoice paid, one open) and is in good standing, and
// Initech Systems, which never paid, is suspended: its first invoice fell past due three weeks
// ago. Its owner, owner@initech.example, shows the banner; support can record its payment.
import type { Database } from "@/lib/db/client";
import { setDatabase } from "@/lib/db/client";
import type { Principal } from "@/lib/auth/types";
import { scopesOfRole } from "@/lib/auth/roles";
import { hashPassword } from "@/lib/auth/passwords";
import { scopes } from "@/lib/schemas/scopes";
import { formatMinor } from "@/lib/billing/money";
import { runMonthEnd } from "@/lib/billing/month-end";
import { recordPayment } from "@/lib/billing/payments";
import { sweepDunning } from "@/lib/dunning/dunning";
import { demoOrganizations, demoUsers, seedOrderReferenceId } from "@/prisma/seed/fixtures";
import { seedOwnedNumber } from "@/prisma/seed/demo";

type Log = (line: string) => void;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The organization that did not pay: its own, so no other demo's purchases are refused. */
export const initech = {
  organization: { id: "org_initech", name: "Initech Systems" },
  owner: {
    id: "usr_initech_owner",
    organizationId: "org_initech",
    email: "owner@initech.example",
    name: "Bill Lumbergh",
    role: "owner",
  },
  number: { id: "num_initech_main", regionId: "GB-ENG-MANCHESTER-161" },
} as const;

const support: Principal = {
  kind: "session",
  id: demoUsers.support.id,
  organizationId: demoUsers.support.organizationId,
  role: "support",
  scopes: scopesOfRole("support", scopes),
  userId: demoUsers.support.id,
  tokenId: null,
};

/** Seeds the history once: nothing when Acme has an invoice already. */
export async function seedBillingHistory(
  db: Database,
  options: { now: Date; password: string; log: Log },
): Promise<void> {
  const { now, log } = options;
  // The billing functions read the process's database.
  setDatabase(db);
  const prisma = db.prisma;
  if (await prisma.invoice.findFirst({ where: { organizationId: demoOrganizations.acme.id } })) return;

  const first = new Date(now.getTime() - 35 * DAY_MS);
  await seedInitech(db, new Date(first.getTime() - 10 * DAY_MS), options.password, log);

  await runMonthEnd(first);
  const paidAt = new Date(first.getTime() + 3 * DAY_MS);
  for (const organizationId of [demoOrganizations.acme.id, demoOrganizations.globex.id]) {
    const invoices = await prisma.invoice.findMany({ where: { organizationId, status: "open" } });
    for (const invoice of invoices)
      await recordPayment(
        support,
        {
          organization_id: organizationId,
          currency: invoice.currency,
          amount: formatMinor(invoice.totalMinor),
          reference: `BACS ${invoice.number ?? invoice.id}`,
          received_at: paidAt.toISOString(),
        },
        `seed-payment:${invoice.id}`,
        paidAt,
      );
  }
  await runMonthEnd(now);
  await sweepDunning(now);
  const invoices = await prisma.invoice.count();
  log(`billing history: ${invoices} invoices over two months; Initech Systems suspended`);
}

/** Initech Systems: an owner and one number, bought before the first month-end. */
async function seedInitech(db: Database, orderedAt: Date, password: string, log: Log): Promise<void> {
  const prisma = db.prisma;
  await prisma.organization.upsert({
    where: { id: initech.organization.id },
    create: initech.organization,
    update: {},
  });
  if (!(await prisma.user.findUnique({ where: { id: initech.owner.id } })))
    await prisma.user.create({
      data: { ...initech.owner, passwordHash: await hashPassword(password), emailVerifiedAt: orderedAt },
    });
  if (await prisma.numberConfiguration.findUnique({ where: { id: initech.number.id } })) return;
  const number = await prisma.inventoryNumber.findFirst({
    where: { regionId: initech.number.regionId, status: "available", requiredDocumentIds: { isEmpty: true } },
    orderBy: { numberE164: "asc" },
  });
  if (!number) return log(`billing history: no number left in ${initech.number.regionId} for Initech`);
  await seedOwnedNumber(
    prisma,
    {
      id: initech.number.id,
      organizationId: initech.organization.id,
      regionId: initech.number.regionId,
      name: "Head office",
      orderReferenceId: seedOrderReferenceId(initech.number.id),
      orderedAt: orderedAt.toISOString(),
      placedByUserId: initech.owner.id,
      referenceNumber: null,
    },
    {
      numberE164: number.numberE164,
      countryId: number.countryId,
      numberTypeId: number.numberTypeId,
      regionId: number.regionId,
    },
    log,
    initech.owner.name,
  );
}
