import type { AuditEventView } from "@/lib/schemas/audit";

// What an audit entry links to and how its changes read: pure, so they are unit-tested.

/** The portal page of an entry's resource, or null when it has none (a user, a deleted extension). */
export function resourceHref(resource: AuditEventView["resource"]): string | null {
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
