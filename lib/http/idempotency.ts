import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/errors";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/transaction";

/** What a request was answered; replayed as it is for a repeat with the same key and body. */
export type Answer<T> = { body: T; replayed: boolean };

type StoredRecord = { request_hash: string; response_body: unknown };

const KEPT_FOR = "24 hours";

/** SHA-256 of the parsed request with keys sorted, so key order and spacing do not matter. */
export function requestHash(request: unknown): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, entry]) => entry !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Takes the key for this transaction, or returns the answer stored under it. The insert comes
 * first in the order's transaction: a concurrent request with the same key blocks on the
 * primary key until this one commits (and then replays its answer) or rolls back (and then
 * takes the key itself), so one key makes at most one order. An expired record is taken over.
 */
export async function claimKey<T>(
  tx: Tx,
  organizationId: string,
  key: string,
  hash: string,
): Promise<Answer<T> | null> {
  const claimed = await tx.$queryRaw<unknown[]>`
    INSERT INTO idempotency_record (organization_id, key, request_hash, status_code, response_body, created_at, expires_at)
    VALUES (${organizationId}, ${key}, ${hash}, 0, 'null'::jsonb, now(), now() + ${KEPT_FOR}::interval)
    ON CONFLICT (organization_id, key) DO UPDATE
      SET request_hash = EXCLUDED.request_hash, status_code = 0, response_body = 'null'::jsonb,
          created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
      WHERE idempotency_record.expires_at <= now()
    RETURNING key`;
  if (claimed.length > 0) return null;
  // READ COMMITTED: this statement sees the row the other transaction committed.
  const rows = await tx.$queryRaw<StoredRecord[]>`
    SELECT request_hash, response_body FROM idempotency_record
    WHERE organization_id = ${organizationId} AND key = ${key}`;
  return replayAnswer<T>(rows[0], key, hash);
}

/** Stores the answer of the transaction that claimed the key; it commits with the order. */
export async function storeAnswer<T>(
  tx: Tx,
  organizationId: string,
  key: string,
  answer: Answer<T>,
): Promise<void> {
  await tx.idempotencyRecord.update({
    where: { organizationId_key: { organizationId, key } },
    // Only successful orders are stored (a failed one rolls back with its key): status 200.
    data: { statusCode: 200, responseBody: answer.body as Prisma.InputJsonValue },
  });
}

/** The stored answer, replayed; 409 when it was stored for another body. */
export function replayAnswer<T>(record: StoredRecord, key: string, hash: string): Answer<T> {
  if (record.request_hash !== hash) throw idempotencyConflict(key);
  return { body: record.response_body as T, replayed: true };
}

/** 409: the key was already used with a different request body. */
export function idempotencyConflict(key: string): ApiError {
  return new ApiError(
    "idempotency_conflict",
    "This Idempotency-Key was already used with a different request body.",
    `header.idempotency-key=${key.slice(0, 80)}`,
  );
}
