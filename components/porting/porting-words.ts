import type {
  PortabilityResult,
  PortExceptionItem,
  PortOrder,
  PortOrderEvent,
  PortOrderStatus,
} from "@/components/hooks/porting-types";

// How port orders read in the portal (docs/CONTRACT.md §20): statuses, why a number cannot
// be ported, which field an exception asks to fix, the timeline's entries, and what each step
// of a new port still lacks. Pure, so it is tested as tables.

type Tone = "accent" | "success" | "warning" | "danger" | "sentence";

export const portStatusWords: Record<PortOrderStatus, { label: string; tone: Tone; means: string }> = {
  draft: { label: "Draft", tone: "sentence", means: "Not sent yet: finish it and submit." },
  submitted: { label: "Submitted", tone: "accent", means: "Waiting for the losing carrier to answer." },
  exception: {
    label: "Needs a fix",
    tone: "danger",
    means: "The losing carrier refused it: fix what it names and resubmit.",
  },
  foc_confirmed: {
    label: "FOC confirmed",
    tone: "accent",
    means: "The carrier confirmed when the numbers move.",
  },
  activating: { label: "Activating", tone: "warning", means: "The numbers are moving now." },
  ported: { label: "Ported", tone: "success", means: "Every number is here." },
  partially_ported: {
    label: "Partly ported",
    tone: "warning",
    means: "Some numbers are here; the others failed.",
  },
  cancel_pending: {
    label: "Cancelling",
    tone: "warning",
    means: "Waiting for the losing carrier to confirm the cancellation.",
  },
  cancelled: { label: "Cancelled", tone: "sentence", means: "Nothing was ported." },
};

/** The statuses the list's filter offers, in the order a port goes through them. */
export const listedStatuses: readonly PortOrderStatus[] = [
  "draft",
  "submitted",
  "exception",
  "foc_confirmed",
  "activating",
  "ported",
  "partially_ported",
  "cancel_pending",
  "cancelled",
];

/** The statuses support's desk acts on: the carrier owes them an answer. */
export const deskStatuses = [
  "submitted",
  "foc_confirmed",
  "activating",
  "cancel_pending",
] as const satisfies readonly PortOrderStatus[];
export type DeskStatus = (typeof deskStatuses)[number];

type NotPortableReason = NonNullable<PortabilityResult["not_portable_reason"]>;

const reasonWords: Record<NotPortableReason, string> = {
  already_here: "This number is already in this service.",
  port_in_progress: "This number is already in an open port order.",
  carrier_refused: "The losing carrier cannot release this number.",
  not_in_service: "The number is not in service at any carrier we know.",
  not_served: "We do not offer numbers of this country and type, so it cannot come here.",
};

/** Why a number cannot be ported, in words. */
export function notPortableWords(reason: NotPortableReason | null): string {
  return reason === null ? "It cannot be ported." : reasonWords[reason];
}

/** The form field an exception's `field` names, in words: "losing_carrier.pin" → "Account PIN". */
export const exceptionFieldWords: Record<string, string> = {
  "losing_carrier.account_number": "Account number at the losing carrier",
  "losing_carrier.pin": "Account PIN",
  "losing_carrier.authorized_person": "Authorized person",
  address_id: "Service address",
  end_user_id: "End user",
  requested_foc_date: "Requested FOC date",
  bill_document_id: "Recent bill",
};

/** The fields an exception asks to fix, each once, in the order they were named. */
export function fieldsToFix(exception: readonly PortExceptionItem[] | null): string[] {
  return [...new Set((exception ?? []).map((item) => item.field).filter((field) => field !== ""))];
}

/** The numbers a paste holds: one per line, comma or space; spaces, dots and dashes inside a number dropped. */
export function parseNumberList(text: string): string[] {
  const found = text
    .split(/[\n,;]+/)
    .map((part) => part.replace(/[\s().-]/g, ""))
    .filter((part) => part !== "");
  return [...new Set(found)];
}

/** The earliest FOC date every portable number allows (the latest of their earliest dates), or null. */
export function earliestFocDate(results: readonly PortabilityResult[]): string | null {
  const dates = results
    .filter((result) => result.portable && result.earliest_foc_date)
    .map((result) => result.earliest_foc_date as string)
    .sort();
  return dates.at(-1) ?? null;
}

/** A port's details as the form holds them. */
export type PortDetails = {
  end_user_id: string;
  address_id: string;
  account_number: string;
  pin: string;
  authorized_person: string;
  requested_foc_date: string;
  /** The recent bill's document, or "" for none (optional). */
  bill_document_id: string;
};

/** What the details step lacks, in words; `pinKept`: the draft already holds a PIN. */
export function missingDetails(details: PortDetails, pinKept: boolean): string[] {
  const missing: string[] = [];
  if (!details.end_user_id) missing.push("the end user");
  if (!details.address_id) missing.push("the service address");
  if (!details.account_number.trim()) missing.push("the account number at the losing carrier");
  if (!details.pin.trim() && !pinKept) missing.push("the account PIN");
  if (!details.authorized_person.trim()) missing.push("the authorized person");
  if (!details.requested_foc_date) missing.push("the requested FOC date");
  return missing;
}

/** "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}

/** What a step still needs before the next, as one sentence, or null when nothing. */
export function stillNeeded(missing: readonly string[]): string | null {
  return missing.length === 0 ? null : `Still needed: ${listWords(missing)}.`;
}

const actorWords: Record<PortOrderEvent["actor"]["kind"], string> = {
  member: "a member",
  token: "an API token",
  support: "Support",
  system: "the losing carrier",
};

/** Who wrote an entry: their name, or what they were when the name is gone (a deleted member). */
function actorLabel(actor: PortOrderEvent["actor"]): string {
  return actor.name ?? actorWords[actor.kind];
}

/** A timeline entry's headline: "Submitted → FOC confirmed (Harbour Telecom)". */
export function eventHeadline(event: PortOrderEvent): string {
  const who = actorLabel(event.actor);
  switch (event.kind) {
    case "status_changed":
      return `${event.from_status ? portStatusWords[event.from_status].label : "New"} → ${
        event.to_status ? portStatusWords[event.to_status].label : "?"
      } (${who})`;
    case "foc_changed":
      return `FOC date changed (${who})`;
    case "comment":
      return `Comment from ${who}`;
    case "exception":
      return `Exception raised (${who})`;
    case "carrier_note":
      return `Note from ${who}`;
    case "loa_signed":
      return `LOA signed by ${event.actor.name ?? "the authorized person"}`;
  }
}

/** An exception's items as they arrive in a timeline entry's details, or []. */
export function exceptionItems(details: unknown): PortExceptionItem[] {
  const list = Array.isArray(details)
    ? details
    : typeof details === "object" &&
        details !== null &&
        "details" in details &&
        Array.isArray(details.details)
      ? details.details
      : [];
  return list.filter(
    (item): item is PortExceptionItem =>
      typeof item === "object" &&
      item !== null &&
      typeof item.message === "string" &&
      typeof item.field === "string",
  );
}

/** The customer's actions the order allows now (allowed_actions, read as buttons). */
export function customerActions(order: Pick<PortOrder, "status" | "allowed_actions">): {
  edit: boolean;
  submit: boolean;
  resubmit: boolean;
  cancel: boolean;
  focChange: boolean;
  remove: boolean;
} {
  const allowed = new Set(order.allowed_actions);
  return {
    edit: allowed.has("edit"),
    submit: allowed.has("submit"),
    resubmit: allowed.has("resubmit"),
    cancel: allowed.has("request_cancel") || allowed.has("cancel"),
    focChange: allowed.has("request_foc_change") || allowed.has("foc_change"),
    remove: order.status === "draft",
  };
}

/** The desk's carrier actions for a status (what the losing carrier would answer now). */
export function deskActions(
  status: PortOrderStatus,
): ("foc_confirm" | "foc_change" | "exception" | "complete" | "confirm_cancel")[] {
  switch (status) {
    case "submitted":
      return ["foc_confirm", "exception"];
    case "foc_confirmed":
      return ["foc_change", "complete"];
    case "activating":
      return ["complete"];
    case "cancel_pending":
      return ["confirm_cancel"];
    default:
      return [];
  }
}
