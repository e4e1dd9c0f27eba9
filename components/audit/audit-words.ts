import type { AuditEventView } from "@/lib/schemas/audit";

// What an audit entry links to and how its changes read: pure, so they are unit-tested.

/** The portal page of an entry's resource, or null when it has none (a user, a deleted extension). */
export function resourceHref(resource: Pick<AuditEventView["resource"], "type" | "id">): string | null {
  if (resource.id === null) return null;
  const id = encodeURIComponent(resource.id);
  switch (resource.type) {
    case "number":
    case "extension":
      return `/numbers/${id}`;
    case "order":
      return `/orders/${id}`;
    case "token":
      return "/tokens";
    case "webhook":
      return `/webhooks?webhook=${id}`;
    case "reservation":
      return "/cart";
    // Members and invitations are listed on one page; a removed member's entry links there too.
    case "member":
    case "invitation":
      return "/settings/members";
    default:
      return null;
  }
}

/** A value as a person reads it in the table: text as it is, lists joined, nothing as "—". */
function valueWords(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== "object")) return value.join(", ");
  return JSON.stringify(value);
}

const LONGEST = 80;

/** "name: Lobby → Front desk", shortened so a rule list does not fill the screen. */
export function changeWords(change: AuditEventView["changes"][number]): string {
  const shorten = (text: string) => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);
  return `${change.field}: ${shorten(valueWords(change.from))} → ${shorten(valueWords(change.to))}`;
}

/** "Ann (token)" — who acted, and how when it was not a person signed in. */
export function actorWords(actor: AuditEventView["actor"]): string {
  return actor.type === "user" ? actor.name : `${actor.name} (${actor.type})`;
}

/**
 * The choices of the "Who" filter: the members by name and email, the organization's tokens,
 * then whoever else acted in the entries in view (support staff, a member since removed), each
 * id once. The filter matches an actor's id; an entry by no one in particular (the system) has none.
 */
export function actorChoices(
  members: readonly { id: string; name: string; email: string }[],
  tokens: readonly { id: string; name: string }[],
  seen: readonly AuditEventView["actor"][],
): { value: string; label: string }[] {
  const choices = [
    ...members.map((member) => ({ value: member.id, label: `${member.name} · ${member.email}` })),
    ...tokens.map((token) => ({ value: token.id, label: `${token.name} (API token)` })),
  ];
  const listed = new Set(choices.map((choice) => choice.value));
  for (const actor of seen) {
    if (actor.id === null || listed.has(actor.id)) continue;
    listed.add(actor.id);
    choices.push({ value: actor.id, label: actorWords(actor) });
  }
  return choices;
}

/**
 * The actions the log records, by resource: the choices of the page's Action filter. (An
 * action missing here still shows, and a link naming it still filters by it.)
 */
export const auditActions: Record<string, readonly string[]> = {
  number: [
    "activated",
    "configuration_changed",
    "documents_overdue",
    "locked",
    "released",
    "restored",
    "returned_to_inventory",
    "tags_changed",
    "unlocked",
  ],
  extension: ["created", "updated", "deleted"],
  order: ["placed"],
  reservation: ["placed", "released"],
  job: ["created", "completed", "canceled"],
  token: ["created", "revoked"],
  webhook: ["created", "deleted", "delivery_resent", "secret_rotated", "tested"],
  member: ["joined", "removed", "role_changed"],
  invitation: ["created", "resent", "revoked", "accepted"],
  sign_in: ["succeeded", "failed", "two_factor_failed"],
  user: [
    "email_verified",
    "password_changed",
    "password_reset",
    "password_reset_requested",
    "recovery_code_used",
    "recovery_codes_regenerated",
    "signed_out_everywhere",
    "two_factor_enabled",
    "two_factor_disabled",
  ],
  organization: ["signed_up", "settings_changed"],
  sso: ["connected", "changed", "disconnected", "domain_verified"],
  end_user: ["created", "updated"],
  address: ["created", "updated"],
  document: ["uploaded", "deleted"],
  bundle: ["created", "updated", "submitted", "approved", "rejected", "expired"],
};

const words = (code: string) => code.replaceAll("_", " ");

/** "number" → "Number", "end_user" → "End user". */
export function resourceTypeWords(type: string): string {
  const text = words(type);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "number.released" → "Number released", "sign_in.two_factor_failed" → "Sign in two factor failed". */
export function actionWords(action: string): string {
  const [resource, verb] = action.split(".");
  return verb === undefined ? action : `${resourceTypeWords(resource)} ${words(verb)}`;
}

/** What a row calls its resource: its name when the log has one, else its kind and id. */
export function resourceWords(resource: AuditEventView["resource"]): string {
  if (resource.name) return resource.name;
  return `${words(resource.type)} ${resource.id ?? ""}`.trim();
}
