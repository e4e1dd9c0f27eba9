import type { Tx } from "@/lib/db/transaction";
import { queueEmail, type QueuedEmail } from "@/lib/email/queue";
import { siteUrl } from "@/lib/accounts/links";
import { roleMay } from "@/lib/auth/roles";
import { numberTypeLabel } from "@/lib/reference/number-types";
import { organizationRoles } from "@/lib/schemas/roles";

// Who hears about an organization's compliance (docs/CONTRACT.md §17): "the members who can act", the
// roles that may manage bundles (owner, admin, billing by the table of §15). Their messages are
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

/**
 * A bundle as the portal names it: "the DE Local bundle of Ada Lovelace", with each of its
 * documents as "Proof of address (proof.pdf)", never by id.
 */
export type NamedBundle = {
  countryId: string;
  numberTypeId: string;
  endUserName: string;
  /** Document id → "Proof of address (proof.pdf)". */
  documentLabels: ReadonlyMap<string, string>;
};

/** Reads the names a bundle's emails use (its end user, its documents' types and files). */
export async function nameBundle(
  tx: Tx,
  bundle: { countryId: string; numberTypeId: string; endUserId: string; documentIds: readonly string[] },
): Promise<NamedBundle> {
  // Everything through tx: on the embedded database the transaction holds the one connection,
  // so a read outside it (the reference cache when cold) would wait for it until it expires.
  const endUser = await tx.endUser.findUnique({ where: { id: bundle.endUserId }, select: { name: true } });
  const documents = await tx.complianceDocument.findMany({
    where: { id: { in: [...bundle.documentIds] } },
    select: { id: true, documentTypeId: true, fileName: true },
  });
  const types = await tx.documentType.findMany({
    where: { id: { in: documents.map((document) => document.documentTypeId) } },
    select: { id: true, name: true },
  });
  const typeNames = new Map(types.map((type) => [type.id, type.name]));
  const typeName = (id: string) => typeNames.get(id) ?? id;
  return {
    countryId: bundle.countryId,
    numberTypeId: bundle.numberTypeId,
    endUserName: endUser?.name ?? "an end user",
    documentLabels: new Map(
      documents.map((document) => [
        document.id,
        `${typeName(document.documentTypeId)}${document.fileName ? ` (${document.fileName})` : ""}`,
      ]),
    ),
  };
}

/** "DE Local bundle of Ada Lovelace". */
const bundleWords = (bundle: NamedBundle) =>
  `${bundle.countryId} ${numberTypeLabel(bundle.numberTypeId)} bundle of ${bundle.endUserName}`;

const moment = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "UTC",
});
/** "11 Dec 2026, 10:00 UTC": a recipient's zone is not known, so the time says its own. */
const momentWords = (at: Date) => `${moment.format(at)} UTC`;

export function bundleApprovedMessage(
  to: Recipient,
  bundle: NamedBundle,
  activated: readonly string[],
): QueuedEmail {
  return {
    to: to.email,
    kind: "bundle_approved",
    subject: `Your ${bundleWords(bundle)} is approved`,
    text: [
      `Hello ${to.name},`,
      "",
      `Our team approved your ${bundleWords(bundle)}.`,
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
  bundle: NamedBundle,
  reason: string,
  notes: readonly { document_id: string; note: string }[],
): QueuedEmail {
  return {
    to: to.email,
    kind: "bundle_rejected",
    subject: `Your ${bundleWords(bundle)} needs changes`,
    text: [
      `Hello ${to.name},`,
      "",
      `Our team could not approve your ${bundleWords(bundle)}.`,
      `Reason: ${reason}`,
      ...notes.map(
        (note) =>
          `- ${bundle.documentLabels.get(note.document_id) ?? "A document of the bundle"}: ${note.note}`,
      ),
      "",
      "On the Compliance page, open the bundle, replace what is marked (upload a new document first if needed) and submit it again.",
      "Numbers waiting for it stay without calls until it is approved, and are released at their deadline.",
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
    subject: `Documents due by ${momentWords(first.documentsDue)} or ${numbers.length === 1 ? "a number is" : `${numbers.length} numbers are`} released`,
    text: [
      `Hello ${to.name},`,
      "",
      "These numbers are waiting for documents. Until an approved compliance bundle covers them no call is routed,",
      "and at the deadline each one still waiting is released:",
      "",
      ...numbers.map((entry) => `- ${entry.number}: released on ${momentWords(entry.documentsDue)}`),
      "",
      `Hand in the documents and submit a bundle: ${siteUrl("/compliance")}`,
    ].join("\n"),
  };
}
