import { newId } from "@/lib/ids";
import { AsyncLocalStorage } from "node:async_hooks";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/transaction";
import type { Role } from "@/lib/schemas/roles";
import { requestClientAddress } from "@/lib/http/client-address";
import { processSlot } from "@/lib/process-singleton";

// The audit log's one writer (docs/CONTRACT.md §15). Domains call recordAudit with the transaction
// client of the change, so an entry exists exactly when the change does. Secrets never reach
// the table: fields named like one keep only the fact that they changed (docs/SECURITY.md).

type AuditActorType = "user" | "token" | "support" | "system";
export type AuditActor = { type: AuditActorType; id: string | null; name: string };
export type AuditChange = { field: string; from: unknown; to: unknown };

export type AuditEntry = {
  actor: AuditActor;
  /** The client's address as TRUST_PROXY_HOPS lets it be known; null when not known. */
  ip: string | null;
  /** resource.verb: "number.released", "order.placed", "token.created", "sign_in.failed". */
  action: string;
  /** Whose log it goes to; null only for a failed sign-in naming no account. */
  organizationId: string | null;
  resource: { type: string; id: string | null };
  changes?: readonly AuditChange[];
  /** The entry's time; the database's clock when absent (tests inject one). */
  at?: Date;
};

/** What a redacted value reads as: that it changed, never what it was. */
export const REDACTED = "[redacted]";

// Words that make a field a secret wherever they appear in its name (snake, camel or dotted).
const SECRET_WORDS = new Set([
  "secret",
  "secrets",
  "password",
  "passwords",
  "passphrase",
  "hash",
  "otp",
  "totp",
  "pin",
  "content",
  "contents",
  "signature",
  "credential",
  "credentials",
]);

// "code" is a secret (a verification, reset or recovery code) unless it says what it codes.
const CODE = new Set(["code", "codes"]);
const NOT_SECRET_CODES = new Set([
  "country",
  "area",
  "currency",
  "language",
  "error",
  "postal",
  "dial",
  "status",
]);

/**
 * True when a field's name says it holds a secret, password, code or document content:
 * one of the words above anywhere in it, or a name ending in "token" (reset_token,
 * accessToken: the value is a credential; token_id and token_name are not).
 */
export function isSecretField(name: string): boolean {
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return (
    words.some((word) => SECRET_WORDS.has(word)) ||
    words.at(-1) === "token" ||
    words.some((word, index) => CODE.has(word) && !NOT_SECRET_CODES.has(words[index - 1]))
  );
}

/** A value with every secret-named key's value replaced, at any depth. */
function redactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactValue);
  if (value instanceof Date) return value.toISOString();
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, isSecretField(key) ? REDACTED : redactValue(inner)]),
    );
  }
  return value === undefined ? null : value;
}

/** The changes as stored: a secret field keeps only that it changed; nested secrets too. */
export function redactChanges(changes: readonly AuditChange[]): AuditChange[] {
  return changes.map(({ field, from, to }) =>
    isSecretField(field)
      ? { field, from: REDACTED, to: REDACTED }
      : { field, from: redactValue(from), to: redactValue(to) },
  );
}

/** Records one entry with the change's own transaction client (or the client, outside one). */
export async function recordAudit(db: Tx | PrismaClient, entry: AuditEntry): Promise<void> {
  await recordAudits(db, [entry]);
}

/**
 * Records several entries in one statement (a hold of many numbers, a bundle approval that
 * activates a thousand: one entry each). One INSERT of unnested arrays: a statement's
 * parameters stay 11 however many entries there are (createMany sent 11 per entry, which cost
 * seconds for a thousand on PGlite).
 */
export async function recordAudits(db: Tx | PrismaClient, entries: readonly AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const column = <T>(pick: (entry: AuditEntry) => T) => entries.map(pick);
  await db.$executeRaw`
    INSERT INTO audit_event (id, organization_id, at, actor_type, actor_id, actor_name, ip, action, resource_type, resource_id, changes)
    SELECT e.id, e.organization_id, COALESCE(e.at::timestamptz, now()), e.actor_type, e.actor_id, e.actor_name, e.ip,
           e.action, e.resource_type, e.resource_id, e.changes
      FROM unnest(
        ${column(() => newId("auditEntry"))}::text[], ${column((entry) => entry.organizationId)}::text[],
        ${column((entry) => entry.at?.toISOString() ?? null)}::text[], ${column((entry) => entry.actor.type)}::text[],
        ${column((entry) => entry.actor.id)}::text[], ${column((entry) => entry.actor.name)}::text[],
        ${column((entry) => entry.ip)}::text[], ${column((entry) => entry.action)}::text[],
        ${column((entry) => entry.resource.type)}::text[], ${column((entry) => entry.resource.id)}::text[],
        ${column((entry) => JSON.stringify(redactChanges(entry.changes ?? [])))}::jsonb[]
      ) AS e(id, organization_id, at, actor_type, actor_id, actor_name, ip, action, resource_type, resource_id, changes)`;
}

/** An entry without its actor and address, which come from the request being served. */
export type AuditChangeEntry = Omit<AuditEntry, "actor" | "ip">;

/**
 * Records entries whose actor and address are those of the request being served (the
 * endpoint wrapper's principal), or the system's outside a request (the worker, scripts).
 */
export async function auditChanges(
  db: Tx | PrismaClient,
  entries: readonly AuditChangeEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  const source = sourceStorage().getStore();
  const actor = source?.principal ? await auditActor(db, source.principal) : systemActor;
  const ip = source?.ip ?? null;
  await recordAudits(
    db,
    entries.map((entry) => ({ ...entry, actor, ip })),
  );
}

/** The changes between two plain records, for the fields named (only those that differ). */
export function diffFields<T extends Record<string, unknown>>(
  before: T | null,
  after: T | null,
  fields: readonly (keyof T & string)[],
): AuditChange[] {
  const changes: AuditChange[] = [];
  for (const field of fields) {
    const from = before ? (before[field] ?? null) : null;
    const to = after ? (after[field] ?? null) : null;
    if (JSON.stringify(from) !== JSON.stringify(to)) changes.push({ field, from, to });
  }
  return changes;
}

// ---------------------------------------------------------------- who and from where

/** Who acts, as lib/auth's Principal says it (lib/audit sits below lib/auth, which records here). */
type Caller = {
  kind: "token" | "session";
  id: string;
  role: Role;
  userId: string | null;
  tokenId: string | null;
};

/**
 * The actor of a principal: support staff are "support" whichever way they call (they act on
 * customers' data); a token is the token (by its name); a person signed in is the user.
 */
export async function auditActor(db: Tx | PrismaClient, principal: Caller): Promise<AuditActor> {
  const named = actorNamedBy(principal);
  const row =
    named.tokenId !== null
      ? await db.apiToken.findUnique({ where: { id: named.tokenId }, select: { name: true } })
      : await db.user.findUnique({ where: { id: named.userId ?? "" }, select: { name: true } });
  return actorOf(principal, row?.name ?? null);
}

/** Whose name an actor carries: the token's (tokenId) or the person's (userId); one is null. */
export function actorNamedBy(principal: Caller): { tokenId: string | null; userId: string | null } {
  if (principal.kind === "token" && principal.tokenId !== null && principal.role !== "support")
    return { tokenId: principal.tokenId, userId: null };
  return { tokenId: null, userId: principal.userId ?? principal.id };
}

/** The actor of a principal, given the name actorNamedBy points at (null: it was deleted). */
export function actorOf(principal: Caller, name: string | null): AuditActor {
  const named = actorNamedBy(principal);
  if (named.tokenId !== null) return { type: "token", id: named.tokenId, name: name ?? "a deleted token" };
  return {
    type: principal.role === "support" ? "support" : "user",
    id: named.userId,
    name: name ?? "a deleted user",
  };
}

/** The worker, a script or the system itself: no person and no address. */
export const systemActor: AuditActor = { type: "system", id: null, name: "system" };

// The endpoint wrapper runs each handler with the request's principal and client address
// here, so a domain (which never sees a Request) can record them without every signature
// carrying them, as lib/db/caller.ts does for read routing.
type Source = { principal: Caller | null; ip: string | null };
const sourceSlot = processSlot<AsyncLocalStorage<Source>>("audit-source");

function sourceStorage(): AsyncLocalStorage<Source> {
  let store = sourceSlot.get();
  if (!store) sourceSlot.set((store = new AsyncLocalStorage()));
  return store;
}

/** Runs `work` with the request's principal and client address known to auditChanges. */
export function runWithAuditSource<T>(
  request: Pick<Request, "headers">,
  principal: Caller | null,
  work: () => T,
): T {
  return sourceStorage().run({ principal, ip: requestClientAddress(request.headers) }, work);
}

/**
 * The principal and client address of the request being served (both null outside one), for
 * an entry written by SQL rather than by auditChanges (the sale: lib/orders/place-order.ts).
 */
export function currentAuditSource(): { principal: Caller | null; ip: string | null } {
  const source = sourceStorage().getStore();
  return { principal: source?.principal ?? null, ip: source?.ip ?? null };
}

/** The client address of the request being served; null outside one or when not known. */
export function currentClientAddress(): string | null {
  return sourceStorage().getStore()?.ip ?? null;
}

/**
 * Actor and address for an entry: the principal's actor, and the address of the request
 * being served (or of `request`, when given, e.g. a sign-in outside the wrapper).
 */
export async function auditSource(
  db: Tx | PrismaClient,
  principal: Caller,
  request?: Pick<Request, "headers">,
): Promise<{ actor: AuditActor; ip: string | null }> {
  const ip = request ? requestClientAddress(request.headers) : currentClientAddress();
  return { actor: await auditActor(db, principal), ip };
}
