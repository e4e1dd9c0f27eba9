import "server-only";
import { newId } from "@/lib/ids";
import { Prisma } from "@/lib/generated/prisma/client";
import type { Tx } from "@/lib/db/transaction";
import type { EventData, EventType } from "@/lib/schemas/events";

// The outbox (docs/CONTRACT.md §14). Domains call recordEvents with their own transaction client, so
// an event is committed exactly when the change that caused it is, and with it one pending
// delivery per endpoint of the organization subscribed to its type. Nothing is sent here: the
// worker (lib/worker/worker.ts) takes the due deliveries from the table.

export type NewEvent<T extends EventType = EventType> = {
  organizationId: string;
  type: T;
  data: EventData[T];
};

/** One event with its data typed by its type. */
export function event<T extends EventType>(organizationId: string, type: T, data: EventData[T]): NewEvent<T> {
  return { organizationId, type, data };
}

/**
 * Records events and their deliveries in one statement, in the caller's transaction. `now` is
 * the events' time and the deliveries' first due time (the worker's clock in tests).
 */
export async function recordEvents(tx: Tx, events: readonly NewEvent[], now = new Date()): Promise<void> {
  if (events.length === 0) return;
  await insertEvents(
    tx,
    events.map((entry) => ({ ...entry, id: newId("event") })),
    now,
  );
}

/**
 * The INSERT behind recordEvents, also used for webhook.test events (which go to one
 * endpoint only: `onlyWebhookId`). The events keep the order given (seq follows it).
 */
export async function insertEvents(
  tx: Tx,
  events: ReadonlyArray<{ id: string; organizationId: string; type: string; data: unknown }>,
  now: Date,
  onlyWebhookId?: string,
): Promise<void> {
  const subscribed =
    onlyWebhookId === undefined ? Prisma.sql`e.type = ANY(w.events)` : Prisma.sql`w.id = ${onlyWebhookId}`;
  await tx.$executeRaw`
    WITH new_events AS (
      INSERT INTO event (id, organization_id, type, data, created_at)
      SELECT e.id, e.organization_id, e.type, e.data, ${now}
        FROM unnest(${events.map((entry) => entry.id)}::text[], ${events.map((entry) => entry.organizationId)}::text[],
                    ${events.map((entry) => entry.type)}::text[], ${events.map((entry) => JSON.stringify(entry.data))}::jsonb[])
             WITH ORDINALITY AS e(id, organization_id, type, data, position)
       ORDER BY e.position
      RETURNING id, organization_id, type
    )
    INSERT INTO webhook_delivery (id, webhook_id, event_id, status, next_attempt_at, created_at)
    SELECT 'dlv_' || replace(gen_random_uuid()::text, '-', ''), w.id, e.id, 'pending', ${now}, ${now}
      FROM new_events e JOIN webhook w ON w.organization_id = e.organization_id AND ${subscribed}`;
}
