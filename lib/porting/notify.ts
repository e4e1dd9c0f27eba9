import type { Tx } from "@/lib/db/transaction";
import { queueEmail, type QueuedEmail } from "@/lib/email/queue";
import { siteUrl } from "@/lib/accounts/links";
import { roleMay } from "@/lib/auth/roles";
import { numberTypeLabel } from "@/lib/reference/number-types";
import { organizationRoles } from "@/lib/schemas/roles";
import type { PortOrderAction } from "@/lib/porting/port-order-states";
import type { PortOrderView } from "@/lib/schemas/porting";

// Who hears of a port order's moves (docs/CONTRACT.md §20): the members who can act on it, the
// roles with porting:write (owner, admin, billing). Queued in the mover's transaction, so a
// move that rolls back sends nothing.

const ACTING_ROLES = organizationRoles.filter((role) => roleMay(role, "porting:write"));

type Recipient = { email: string; name: string };

/** Queues one message per member who can act; answers how many. */
export async function emailPortMembers(
  tx: Tx,
  organizationId: string,
  message: (recipient: Recipient) => QueuedEmail,
  now: Date,
): Promise<number> {
  const recipients = await tx.user.findMany({
    where: { organizationId, role: { in: [...ACTING_ROLES] } },
    select: { email: true, name: true },
    orderBy: { email: "asc" },
  });
  for (const recipient of recipients) await queueEmail(tx, message(recipient), now);
  return recipients.length;
}

const moment = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

/** What happened, in words, and what (if anything) the member should do. */
function sentences(action: PortOrderAction, order: PortOrderView): string[] {
  const foc = order.foc_at ? `${moment.format(new Date(order.foc_at))} UTC` : null;
  switch (action) {
    case "submit":
    case "resubmit":
      return [
        `It was sent to ${order.losing_carrier.name}, asking for ${order.requested_foc_date}.`,
        "Nothing to do: we write again when the carrier answers.",
      ];
    case "confirm_foc":
      return [`${order.losing_carrier.name} confirmed the numbers move on ${foc}.`];
    case "change_foc":
      return [`${order.losing_carrier.name} moved the date: the numbers now move on ${foc}.`];
    case "request_foc_change":
      return [
        `A new date was asked for: ${order.requested_foc_date}. We write again when the carrier answers.`,
      ];
    case "raise_exception":
      return [
        `${order.losing_carrier.name} refused it. Change what it names, then resubmit:`,
        ...(order.exception ?? []).map((item) => `- ${item.field || "the order"}: ${item.message}`),
      ];
    case "start_activation":
      return ["The numbers are being moved now."];
    case "complete":
      return ["Every number came over and is now yours here."];
    case "complete_partially":
      return [
        "Some numbers came over; these did not:",
        ...order.numbers
          .filter((number) => number.status === "failed")
          .map((number) => `- ${number.number}: ${number.failure_reason ?? "refused"}`),
      ];
    case "request_cancel":
      return ["Its cancellation was asked of the carrier. We write again when it confirms."];
    case "confirm_cancel":
      return ["It is cancelled: the numbers stay with their carrier."];
    case "edit":
      return ["It was changed."];
  }
}

export function portOrderMessage(to: Recipient, action: PortOrderAction, order: PortOrderView): QueuedEmail {
  const what = `port of ${order.numbers.length} ${order.country} ${numberTypeLabel(order.number_type)} number${order.numbers.length === 1 ? "" : "s"}`;
  return {
    to: to.email,
    kind:
      action === "change_foc" || action === "request_foc_change"
        ? "port_order_foc_changed"
        : "port_order_status_changed",
    subject: `Your ${what} is ${order.status.replace(/_/g, " ")}`,
    text: [
      `Hello ${to.name},`,
      "",
      `Your ${what} (${order.port_order_id}) is now ${order.status.replace(/_/g, " ")}.`,
      ...sentences(action, order),
      "",
      siteUrl(`/porting/${order.port_order_id}`),
    ].join("\n"),
  };
}
