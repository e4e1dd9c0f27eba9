import "server-only";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import { inRetryingTransaction } from "@/lib/db/transaction";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Principal, Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { auditSource, recordAudit } from "@/lib/audit/record";
import { formatMinor, toMinor } from "@/lib/billing/money";
import { openAccount } from "@/lib/billing/ledger";
import type { BillingAccountView } from "@/lib/schemas/billing-ledger";

// Billing accounts (docs/API.md, "Charges and the ledger"): one per organization and currency,
// opened by the first charge (or by support setting its limit). Read by its organization's
// billing readers; support reads every organization's and alone changes a credit limit.

type AccountRow = {
  organization_id: string;
  currency: string;
  balance_minor: bigint;
  credit_limit_minor: bigint;
  standing: BillingAccountView["standing"];
  standing_since: Date;
  uninvoiced_minor: bigint;
};

/** The accounts, with what is on no invoice yet: the entries without an invoice line. */
async function readAccounts(
  db: Awaited<ReturnType<typeof readDb>> | Prisma.TransactionClient,
  organizationId: string | undefined,
  currency?: string,
): Promise<BillingAccountView[]> {
  const rows = await db.$queryRaw<AccountRow[]>`
    SELECT a.organization_id, a.currency, a.balance_minor, a.credit_limit_minor, a.standing, a.standing_since,
           COALESCE((SELECT sum(e.amount_minor) FROM ledger_entry e
                      WHERE e.organization_id = a.organization_id AND e.currency = a.currency
                        AND NOT EXISTS (SELECT 1 FROM invoice_line l WHERE l.ledger_entry_id = e.id)), 0)::bigint
             AS uninvoiced_minor
      FROM billing_account a
     WHERE (${organizationId ?? null}::text IS NULL OR a.organization_id = ${organizationId ?? null})
       AND (${currency ?? null}::text IS NULL OR a.currency = ${currency ?? null})
     ORDER BY a.organization_id, a.currency`;
  return rows.map(toAccount);
}

function toAccount(row: AccountRow): BillingAccountView {
  return {
    organization_id: row.organization_id,
    currency: row.currency,
    balance: formatMinor(row.balance_minor),
    credit_limit: formatMinor(row.credit_limit_minor),
    available: formatMinor(row.balance_minor + row.credit_limit_minor),
    uninvoiced: formatMinor(row.uninvoiced_minor),
    standing: row.standing,
    standing_since: row.standing_since.toISOString(),
  };
}

/** One account as the API shows it, read in `tx` after its writes (a payment's answer, its events). */
export async function readAccount(
  tx: Prisma.TransactionClient,
  organizationId: string,
  currency: string,
): Promise<BillingAccountView> {
  const [account] = await readAccounts(tx, organizationId, currency);
  return account;
}

/** GET /billing/accounts: the viewer's organization's accounts; support's of one or every organization. */
export async function listAccounts(
  viewer: Viewer,
  requested: string | undefined,
): Promise<BillingAccountView[]> {
  const { organizationId } = readableOrganizations(viewer, requested);
  return readAccounts(await readDb(), organizationId);
}

/**
 * PATCH /billing/accounts/{currency} (support): an organization's credit limit in a currency,
 * opening the account when it has none yet, so a limit can be set before the first order. The
 * account's row is locked (billing_open_account) while it changes: a sale checking the limit
 * waits and then reads the new one. One audit entry in the organization's log.
 */
export async function changeCreditLimit(
  principal: Principal,
  currency: string,
  body: { organization_id: string; credit_limit: string },
  now: Date,
): Promise<BillingAccountView> {
  const prisma = await getPrisma();
  const organizationId = body.organization_id;
  const [organization, sold] = await Promise.all([
    prisma.organization.findUnique({ where: { id: organizationId }, select: { id: true } }),
    prisma.product.findFirst({ where: { currency }, select: { id: true } }),
  ]);
  if (!organization)
    throw new ApiError(
      "invalid_parameter",
      `There is no organization ${organizationId}.`,
      `body.organization_id=${organizationId}`,
    );
  const limit = toMinor(body.credit_limit);
  return inRetryingTransaction(async (tx) => {
    const existing = await tx.billingAccount.findUnique({
      where: { organizationId_currency: { organizationId, currency } },
      select: { creditLimitMinor: true },
    });
    if (!existing && !sold)
      throw new ApiError(
        "invalid_parameter",
        `Nothing is sold in ${currency}, and ${organizationId} has no account in it.`,
        `path.currency=${currency}`,
      );
    await openAccount(tx, organizationId, currency, now);
    const before = await tx.billingAccount.findUniqueOrThrow({
      where: { organizationId_currency: { organizationId, currency } },
      select: { creditLimitMinor: true },
    });
    await tx.billingAccount.update({
      where: { organizationId_currency: { organizationId, currency } },
      data: { creditLimitMinor: limit },
    });
    await recordAudit(tx, {
      ...(await auditSource(tx, principal)),
      action: "billing.credit_limit_changed",
      organizationId,
      resource: { type: "billing_account", id: currency },
      changes: [
        { field: "credit_limit", from: formatMinor(before.creditLimitMinor), to: formatMinor(limit) },
      ],
      at: now,
    });
    const [account] = await readAccounts(tx, organizationId, currency);
    return account;
  });
}
