import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { queueEmail, type QueuedEmail } from "@/lib/email/queue";
import { billingRecipients, type BillingRecipient } from "@/lib/billing/recipients";
import { siteUrl } from "@/lib/accounts/links";
import { recordAudit, type AuditActor } from "@/lib/audit/record";
import { event, recordEvents } from "@/lib/events/record-events";
import { readAccount } from "@/lib/billing/accounts";
import {
  assertStandingTransition,
  releaseAt,
  standingReachedBy,
  standingsLeavingBy,
  suspensionAt,
  type Standing,
  type StandingCause,
} from "@/lib/billing/standing";
import type { BillingAccountView } from "@/lib/schemas/billing-ledger";

// The one writer of a billing account's standing (lib/billing/standing.ts is the table). The
// UPDATE is conditional on the standings the cause leaves, so of two instances (or a sweep and
// a payment) only one moves the account; the loser writes nothing. The move, its event
// billing.standing_changed, its audit entry and, for past_due and suspended, the emails to the
// billing members commit together.

export type StandingMove = {
  organizationId: string;
  currency: string;
  cause: StandingCause;
  /** standing_since: when the move took effect (a due date, 14 days after it, or now). */
  since: Date;
  actor: AuditActor;
  ip: string | null;
  now: Date;
};

/** Moves the account if its standing is one `cause` leaves; answers the account after, or null. */
export async function moveStanding(tx: Tx, move: StandingMove): Promise<BillingAccountView | null> {
  const to = standingReachedBy(move.cause);
  const leaving = standingsLeavingBy(move.cause);
  const [before] = await tx.$queryRaw<{ standing: Standing; standing_since: Date }[]>`
    SELECT standing::text AS standing, standing_since FROM billing_account
     WHERE organization_id = ${move.organizationId} AND currency = ${move.currency}
       AND standing::text = ANY(${leaving}::text[])
     FOR UPDATE`;
  if (!before) return null;
  assertStandingTransition(before.standing, to, move.cause);
  const moved = await tx.$executeRaw`
    UPDATE billing_account SET standing = ${to}::billing_standing, standing_since = ${move.since}
     WHERE organization_id = ${move.organizationId} AND currency = ${move.currency}
       AND standing::text = ANY(${leaving}::text[])`;
  if (moved === 0) return null;
  const account = await readAccount(tx, move.organizationId, move.currency);
  await recordEvents(tx, [event(move.organizationId, "billing.standing_changed", account)], move.now);
  await recordAudit(tx, {
    actor: move.actor,
    ip: move.ip,
    action: "billing.standing_changed",
    organizationId: move.organizationId,
    resource: { type: "billing_account", id: move.currency },
    changes: [
      { field: "standing", from: before.standing, to },
      { field: "standing_since", from: before.standing_since.toISOString(), to: account.standing_since },
    ],
    at: move.now,
  });
  if (to === "past_due" || to === "suspended") {
    const recipients = await billingRecipients(tx, move.organizationId);
    const message = to === "past_due" ? pastDueMessage : suspendedMessage;
    for (const recipient of recipients) await queueEmail(tx, message(recipient, account), move.now);
  }
  return account;
}

type Recipient = BillingRecipient;

const dayWords = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" }).format(new Date(iso));

const greeting = (to: Recipient) => (to.name ? `Hello ${to.name},` : "Hello,");

function pastDueMessage(to: Recipient, account: BillingAccountView): QueuedEmail {
  const suspension = suspensionAt(new Date(account.standing_since));
  return {
    to: to.email,
    kind: "billing_past_due",
    subject: `Your ${account.currency} invoice is past due`,
    text: [
      greeting(to),
      "",
      `An invoice of your ${account.currency} billing account was not paid by its due date (${dayWords(account.standing_since)}).`,
      "Until it is paid, new orders and ports are refused.",
      `If it is still unpaid on ${dayWords(suspension.toISOString())}, the account is suspended and your numbers stop routing calls.`,
      "",
      `Your balance is ${account.balance} ${account.currency}: ${siteUrl("/billing")}`,
    ].join("\n"),
  };
}

function suspendedMessage(to: Recipient, account: BillingAccountView): QueuedEmail {
  const release = releaseAt(new Date(account.standing_since));
  return {
    to: to.email,
    kind: "billing_suspended",
    subject: `Your ${account.currency} billing account is suspended: your numbers route no calls`,
    text: [
      greeting(to),
      "",
      `An invoice of your ${account.currency} billing account is 14 days past due, so the account is suspended:`,
      "none of your organization's numbers routes a call until it is paid (their configurations stay editable).",
      `If it is still unpaid on ${dayWords(release.toISOString())}, your numbers are released.`,
      "",
      `Your balance is ${account.balance} ${account.currency}: ${siteUrl("/billing")}`,
    ].join("\n"),
  };
}
