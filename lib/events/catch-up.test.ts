// docs/CONTRACT.md §14: a client that polls GET /events?after=<last id it saw> receives
// every event exactly once, in one fixed order, even when the transactions that recorded them
// commit out of order.
import { describe, expect, it } from "vitest";
import { get } from "@/tests/api-client";
import { getPrisma } from "@/lib/db/client";
import { insertEvents } from "@/lib/events/record-events";
import { testDatabaseKind } from "@/tests/test-database";
import type { Tx } from "@/lib/db/transaction";

type Listed = { data: Array<{ id: string }> };

let counter = 0;
/** An event id of this test, and the reservation.expired event recorded under it in `tx`. */
async function record(tx: Tx, label: string): Promise<string> {
  const id = `evt_catchup${label}${++counter}`;
  const data = { number_e164: "+442079460001", held_until: "2026-11-25T10:00:00.000Z" };
  await insertEvents(tx, [{ id, organizationId: "org_acme", type: "reservation.expired", data }], new Date());
  return id;
}

/** What a polling client does: ask for what follows its cursor, handle it, move the cursor on. */
function pollingClient(start: string) {
  let cursor = start;
  const received: string[] = [];
  return {
    received,
    async poll(): Promise<string[]> {
      const response = await get<Listed>(`/events?type=reservation.expired&limit=100&after=${cursor}`, {
        token: "acmeAll",
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const ids = response.body.data.map((event) => event.id);
      received.push(...ids);
      if (ids.length > 0) cursor = ids[ids.length - 1];
      return ids;
    },
  };
}

async function startingPoint(): Promise<string> {
  const prisma = await getPrisma();
  return prisma.$transaction((tx) => record(tx, "start"));
}

describe("catching up with GET /events?after= never skips", () => {
  it("receives events committed one after another oldest first, each once", async () => {
    const prisma = await getPrisma();
    const client = pollingClient(await startingPoint());
    const first = await prisma.$transaction(async (tx) => [await record(tx, "a"), await record(tx, "b")]);
    expect(await client.poll()).toEqual(first);
    const second = await prisma.$transaction((tx) => record(tx, "c"));
    expect(await client.poll()).toEqual([second]);
    expect(await client.poll()).toEqual([]);
    expect(client.received).toEqual([...first, second]);
  });

  // Out-of-order commits need two transactions open at once. PGlite has one connection, so its
  // transactions run one after another and commit in the order they began: the case cannot
  // arise there, and the test above is all it can show.
  it.runIf(testDatabaseKind === "postgres")(
    "holds back an event committed before an earlier-ordered one, then delivers both in order",
    async () => {
      const prisma = await getPrisma();
      const client = pollingClient(await startingPoint());

      let recordedEarly!: (id: string) => void;
      const early = new Promise<string>((resolve) => (recordedEarly = resolve));
      let commitEarly!: () => void;
      const mayCommit = new Promise<void>((resolve) => (commitEarly = resolve));
      // The earlier transaction records its event (taking the lower sequence number) and waits.
      const earlyCommitted = prisma.$transaction(async (tx) => {
        recordedEarly(await record(tx, "early"));
        await mayCommit;
      });
      const earlyId = await early;
      // A later one records and commits while the earlier is still open.
      const lateId = await prisma.$transaction((tx) => record(tx, "late"));

      // The late event is committed, but listing it now would let the cursor pass the early one.
      expect(await client.poll()).toEqual([]);
      commitEarly();
      await earlyCommitted;
      // The early event did take its place first: by sequence number alone, the cursor would pass it.
      const bySeq = await prisma.event.findMany({
        where: { id: { in: [earlyId, lateId] } },
        orderBy: { seq: "asc" },
      });
      expect(bySeq.map((event) => event.id)).toEqual([earlyId, lateId]);
      expect(await client.poll()).toEqual([earlyId, lateId]);
      expect(await client.poll()).toEqual([]);
      expect(client.received).toEqual([earlyId, lateId]);
    },
  );
});
