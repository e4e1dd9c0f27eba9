import "server-only";
import { isDeepStrictEqual } from "node:util";
import type { Tx } from "@/lib/db/transaction";
import { event, recordEvents } from "@/lib/events/record-events";
import { auditSource, recordAudits } from "@/lib/audit/record";
import { loadDestinationPolicies } from "@/lib/numbers/destination-policy";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { validateConfiguration } from "@/lib/numbers/validate-configuration";
import { invalidConfiguration, type Stored, type Writer } from "@/lib/numbers/change-configuration";
import { recordChanges } from "@/lib/numbers/record-changes";
import {
  assertMayProtect,
  protectionAuditEntries,
  protectionData,
  protectionProblems,
} from "@/lib/numbers/protection";
import { recordLifecycles, releaseCause, releaseWindowEnd } from "@/lib/numbers/lifecycle";
import {
  assertMayRelease,
  assertNotPortingIn,
  findReferencingRules,
  type Referencing,
} from "@/lib/numbers/release-refusals";
import { assertNumberTransition, heldStatesLeavingBy, numberStateFacts } from "@/lib/schemas/number-states";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// The many-numbers forms of replaceConfiguration and releaseNumber (lib/numbers/change-
// configuration.ts, lifecycle.ts), for a bulk job's batch (lib/jobs/run-jobs.ts): the same
// checks, refusals and records per number, made with a handful of statements for the whole
// batch in the caller's transaction rather than a transaction per number. The caller locks and
// reads the numbers (lockConfigurations) in that transaction first, so what is checked is
// what is changed: no other writer moves a version between the read and the write.

/** What became of one number: changed, answered as it is, refused (the single endpoint's error), or left for the single path. */
export type BulkOutcome =
  | { numberId: string; kind: "changed" | "as_it_is" | "deferred" }
  | { numberId: string; kind: "refused"; error: unknown };

/** Locks the organization's numbers among `ids` (in id order, so two batches never deadlock) and reads them. */
export async function lockConfigurations(
  tx: Tx,
  organizationId: string,
  ids: readonly string[],
): Promise<Map<string, Stored>> {
  await tx.$queryRaw`
    SELECT id FROM number_configuration
     WHERE id = ANY(${ids}::text[]) AND organization_id = ${organizationId} AND kind = 'number'
     ORDER BY id FOR UPDATE`;
  const rows = await tx.numberConfiguration.findMany({
    where: { id: { in: [...ids] }, organizationId, kind: "number" },
    include: configurationInclude,
  });
  return new Map(rows.map((row) => [row.id, row]));
}

type Planned = { row: Stored; before: NumberConfiguration };

/**
 * replaceConfiguration for each number with the body `bodyOf` gives it (a job's tags or lock),
 * in `tx`: the same validation, protection checks, version bump, history entry, audit entries
 * and number.configuration_changed event. A change that would rewrite the number's name or
 * rules answers "deferred": it goes through replaceConfiguration itself, which rewrites them.
 */
export async function replaceConfigurations(
  tx: Tx,
  writer: Writer,
  rows: readonly Stored[],
  bodyOf: (current: NumberConfiguration) => Record<string, unknown>,
): Promise<BulkOutcome[]> {
  const policyOf = await loadDestinationPolicies(
    rows.map((row) => row.inventoryNumberId),
    tx,
  );
  const outcomes: BulkOutcome[] = [];
  const planned: Array<
    Planned & { value: Parameters<typeof protectionData>[1]; tags: string[] | undefined; locked: boolean }
  > = [];
  for (const row of rows) {
    try {
      const before = toNumberConfiguration(row);
      const result = validateConfiguration(bodyOf(before), before, policyOf(row.inventoryNumberId));
      if (!result.ok) throw invalidConfiguration(result.problems);
      const problems = protectionProblems(row, result.value);
      if (problems.length > 0) throw invalidConfiguration(problems);
      assertMayProtect(writer, row, result.value);
      const protection = await protectionData(row, result.value);
      const keepsRules =
        result.value.name === before.name &&
        isDeepStrictEqual(asJson(result.value.rules), asJson(before.rules));
      if (!keepsRules || protection.portOutPinHash !== undefined) {
        outcomes.push({ numberId: row.id, kind: "deferred" });
        continue;
      }
      planned.push({
        row,
        before,
        value: result.value,
        tags: result.value.tags,
        locked: protection.locked ?? row.locked,
      });
      outcomes.push({ numberId: row.id, kind: "changed" });
    } catch (error) {
      outcomes.push({ numberId: row.id, kind: "refused", error });
    }
  }
  if (planned.length === 0) return outcomes;
  // Tags travel as JSON (unnest would flatten an array of arrays into one list); none: unchanged.
  const updated = await tx.$queryRaw<Array<{ id: string; version: number; locked: boolean; tags: string[] }>>`
    UPDATE number_configuration c
       SET version = c.version + 1, locked = u.locked,
           tags = CASE WHEN u.tags IS NULL THEN c.tags
                       ELSE ARRAY(SELECT t.tag FROM jsonb_array_elements_text(u.tags) WITH ORDINALITY AS t(tag, n) ORDER BY t.n) END
      FROM unnest(${planned.map((entry) => entry.row.id)}::text[], ${planned.map((entry) => entry.row.version)}::int[],
                  ${planned.map((entry) => entry.locked)}::boolean[], ${planned.map((entry) => (entry.tags === undefined ? null : JSON.stringify(entry.tags)))}::jsonb[])
           AS u(id, version, locked, tags)
     WHERE c.id = u.id AND c.version = u.version
    RETURNING c.id, c.version, c.locked, c.tags`;
  const afterRows = mergeUpdated(planned, updated);
  const after = afterRows.map(toNumberConfiguration);
  await recordChanges(
    tx,
    writer,
    planned.map(({ row, before }, index) => ({
      id: row.id,
      organizationId: row.organizationId,
      version: afterRows[index].version,
      kind: "updated",
      target: "number",
      before,
      after: after[index],
    })),
  );
  const entries = planned.flatMap(({ row, value, before }, index) =>
    protectionAuditEntries(row, value, before, after[index]).map((entry) => ({
      action: entry.action,
      organizationId: row.organizationId,
      resource: { type: "number", id: row.id },
      changes: [{ field: entry.field, from: before[entry.field], to: after[index][entry.field] }],
    })),
  );
  if (entries.length > 0) {
    const source = await auditSource(tx, { ...writer, id: writer.userId ?? writer.tokenId ?? "" });
    await recordAudits(
      tx,
      entries.map((entry) => ({ ...source, ...entry })),
    );
  }
  await recordEvents(
    tx,
    planned.map(({ row }, index) => event(row.organizationId, "number.configuration_changed", after[index])),
  );
  return outcomes;
}

/**
 * releaseNumber for each number (no If-Match: a job's numbers are released as they are now),
 * in `tx`: 409 port_in_progress; released already answers as it is; then the release's
 * refusals (locked, referenced unless `force`); then aging until the window's end, with the
 * history entry, number.released event and audit entry each. One read finds the rules that
 * dial any of the batch's numbers.
 */
export async function releaseConfigurations(
  tx: Tx,
  writer: Writer,
  rows: readonly Stored[],
  options: { force: boolean },
): Promise<BulkOutcome[]> {
  const cause = releaseCause(writer, {});
  const releasable = rows.filter(
    (row) => !numberStateFacts[row.status].portInProgress && numberStateFacts[row.status].releasable,
  );
  const referencing = options.force
    ? new Map<string, Referencing[]>()
    : await findReferencingRules(
        tx,
        writer.organizationId,
        releasable.filter((row) => !row.locked),
      );
  const outcomes: BulkOutcome[] = [];
  const planned: Array<Planned & { to: "aging" }> = [];
  for (const row of rows) {
    try {
      assertNotPortingIn(row);
      if (!numberStateFacts[row.status].releasable) {
        outcomes.push({ numberId: row.id, kind: "as_it_is" });
        continue;
      }
      await assertMayRelease(writer, row, () => Promise.resolve(referencing.get(row.id) ?? []));
      planned.push({
        row,
        before: toNumberConfiguration(row),
        to: assertNumberTransition(row.status, "aging", cause),
      });
      outcomes.push({ numberId: row.id, kind: "changed" });
    } catch (error) {
      outcomes.push({ numberId: row.id, kind: "refused", error });
    }
  }
  if (planned.length === 0) return outcomes;
  const now = new Date();
  const restorableUntil = releaseWindowEnd(now);
  // The states as text: PGlite sends an array parameter of an enum type it did not know when it
  // started (a database migrated in the same process) as "a,b", which is no array.
  const updated = await tx.$queryRaw<Array<Pick<Stored, "id" | "version" | "status" | "restorableUntil">>>`
    UPDATE number_configuration c
       SET version = c.version + 1, status = u.status::number_status, restorable_until = ${restorableUntil}
      FROM unnest(${planned.map(({ row }) => row.id)}::text[], ${planned.map(({ row }) => row.version)}::int[],
                  ${planned.map(({ to }) => to)}::text[])
           AS u(id, version, status)
     WHERE c.id = u.id AND c.version = u.version
       AND c.status::text = ANY(${heldStatesLeavingBy(cause)}::text[])
    RETURNING c.id, c.version, c.status::text AS status, c.restorable_until AS "restorableUntil"`;
  const afterRows = mergeUpdated(planned, updated);
  await recordLifecycles(
    tx,
    writer,
    planned.map(({ row, before }, index) => ({ row, before, after: afterRows[index] })),
    "released",
    now,
  );
  return outcomes;
}

/**
 * Each planned row as the UPDATE left it: the columns it returned over the row read under
 * the lock (nothing else of a locked row can have moved). Throws when a row was not updated,
 * which the lock rules out: the caller's transaction is then rolled back whole.
 */
function mergeUpdated(
  planned: readonly Planned[],
  updated: ReadonlyArray<Partial<Stored> & { id: string }>,
): Stored[] {
  const byId = new Map(updated.map((row) => [row.id, row]));
  return planned.map(({ row }) => {
    const columns = byId.get(row.id);
    if (columns === undefined) throw new Error(`number ${row.id} moved while locked: its batch is undone`);
    return { ...row, ...columns };
  });
}

/** A value as JSON reads it (undefined keys gone), for comparing what validation answers with what is stored. */
function asJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
