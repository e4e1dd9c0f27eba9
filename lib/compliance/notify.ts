import type { Tx } from "@/lib/db/transaction";
import { queueEmail, type QueuedEmail } from "@/lib/email/queue";
import { siteUrl } from "@/lib/accounts/links";
import { roleMay } from "@/lib/auth/roles";
import { organizationRoles } from "@/lib/schemas/roles";

// Who hears about an organization's compliance (contract §17): "the members who can act", the
// roles that may manage bundles (owner, admin, billing by §15's table). Their messages are
// queued in the caller's transaction, so a rolled-back approval sends nothing.

const ACTING_ROLES = organizationRoles.filter((role) => roleMay(role, "compliance:write"));

type Recipient = { email: string; name: string };

async function membersWhoCanAct(tx: Tx, organizationId: string): Promise<Recipient[]> {
  return tx.user.findMany({
    where: { organizationId, role: { in: [...ACTING_ROLES] } },
    select: { email: true, name: true },
    orderBy: { email: "asc" },
  });
}

/** Queues one message per member who can act; answers how many. */
export async function emailMembersWhoCanAct(
  tx: Tx,
  organizationId: string,
  message: (recipient: Recipient) => QueuedEmail,
  now: Date,
): Promise<number> {
  const recipients = await membersWhoCanAct(tx, organizationId);
  for (const recipient of recipients) await queueEmail(tx, message(recipient), now);
  return recipients.length;
}

const bundleWords = (bundle: { id: string; countryId: string; numberTypeId: string }) =>
  `bundle ${bundle.id} (${bundle.countryId} ${bundle.numberTypeId.replaceAll("_", " ")} numbers)`;

export function bundleApprovedMessage(
  to: Recipient,
  bundle: { id: string; countryId: string; numberTypeId: string },
  activated: readonly string[],
): QueuedEmail {
  return {
    to: to.email,
    kind: "bundle_approved",
    subject: `Compliance bundle ${bundle.id} is approved`,
    text: [
      `Hello ${to.name},`,
      "",
      `Support approved your compliance ${bundleWords(bundle)}.`,
      activated.length === 0
        ? "No number of yours was waiting for it."
        : `${activated.length} number${activated.length === 1 ? " is" : "s are"} now active and routing calls: ${activated.join(", ")}.`,
      "Numbers of this country and type that you buy from now on are active at once when the bundle covers their documents.",
      "",
      siteUrl(`/compliance`),
    ].join("\n"),
  };
}

export function bundleRejectedMessage(
  to: Recipient,
  bundle: { id: string; countryId: string; numberTypeId: string },
  reason: string,
  notes: readonly { document_id: string; note: string }[],
): QueuedEmail {
  return {
    to: to.email,
    kind: "bundle_rejected",
    subject: `Compliance bundle ${bundle.id} needs changes`,
    text: [
      `Hello ${to.name},`,
      "",
      `Support could not approve your compliance ${bundleWords(bundle)}.`,
      `Reason: ${reason}`,
      ...notes.map((note) => `- Document ${note.document_id}: ${note.note}`),
      "",
      "Edit the bundle (it goes back to draft) and submit it again. Numbers waiting for it stay pending until their deadline.",
      siteUrl(`/compliance`),
    ].join("\n"),
  };
}

export function documentsDueMessage(
  to: Recipient,
  numbers: readonly { number: string; documentsDue: Date }[],
): QueuedEmail {
  const first = numbers.reduce((earliest, entry) =>
    entry.documentsDue < earliest.documentsDue ? entry : earliest,
  );
  return {
    to: to.email,
    kind: "documents_due",
    subject: `Documents due by ${first.documentsDue.toISOString().slice(0, 10)} or ${numbers.length === 1 ? "a number is" : `${numbers.length} numbers are`} released`,
    text: [
      `Hello ${to.name},`,
      "",
      "These numbers are waiting for documents. Until an approved compliance bundle covers them no call is routed,",
      "and at the deadline each one still waiting is released:",
      "",
      ...numbers.map((entry) => `- ${entry.number}: due ${entry.documentsDue.toISOString()}`),
      "",
      `Provide the documents and submit a bundle: ${siteUrl("/compliance")}`,
    ].join("\n"),
  };
}
