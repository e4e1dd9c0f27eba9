import "server-only";
import type { Tx } from "@/lib/db/transaction";
import { auditChanges, diffFields } from "@/lib/audit/record";
import type { Principal, SystemWriter } from "@/lib/auth/types";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";

// The configuration history's one writer (docs/CONTRACT.md §11): one row per change, whole
// before and after, naming who changed it as they were then. A single change (PUT, DELETE,
// a release) and a bulk job's batch of changes write through the same INSERT of unnested
// arrays, so a batch costs one statement however many numbers it has.

/** Who changes it (change-configuration's Writer, which imports this file). */
type Writer = Pick<Principal, "kind" | "organizationId" | "role" | "userId" | "tokenId">;

export type Change = {
  id: string;
  organizationId: string;
  version: number;
  kind: "created" | "updated" | "deleted" | "released" | "restored";
  /** What the configuration belongs to, for the audit log's action and resource. */
  target: "number" | "extension";
  before: NumberConfiguration | null;
  after: NumberConfiguration | null;
};

/** The history rows of changes made by one writer, in the order given (ids follow it), in `tx`. */
export async function recordChanges(
  tx: Tx,
  writer: Writer | SystemWriter,
  changes: readonly Change[],
): Promise<void> {
  if (changes.length === 0) return;
  const actor = await describeActor(tx, writer);
  const column = <T>(pick: (change: Change) => T) => changes.map(pick);
  const json = (value: NumberConfiguration | null) => (value === null ? null : JSON.stringify(value));
  await tx.$executeRaw`
    INSERT INTO configuration_change (configuration_id, organization_id, version, kind, actor_user_id,
                                      actor_token_id, actor_name, actor_role, before, after)
    SELECT h.id, h.organization_id, h.version, h.kind, ${writer.userId}, ${writer.kind === "token" ? writer.tokenId : null},
           ${actor}, ${writer.kind === "system" ? "system" : writer.role}, h.before, h.after
      FROM unnest(${column((change) => change.id)}::text[], ${column((change) => change.organizationId)}::text[],
                  ${column((change) => change.version)}::int[], ${column((change) => change.kind)}::text[],
                  ${column((change) => json(change.before))}::jsonb[], ${column((change) => json(change.after))}::jsonb[])
           WITH ORDINALITY AS h(id, organization_id, version, kind, before, after, position)
     ORDER BY h.position`;
  // Beside the history (which keeps whole before/after): the audit log's field changes. A
  // release or restore, and a change of only the lock or tags, have entries of their own
  // (lib/numbers/lifecycle.ts, protection.ts): a number's change that leaves name and rules
  // alone adds none.
  await auditChanges(
    tx,
    changes.flatMap((change) => {
      const fields = diffFields(change.before, change.after, ["number", "name", "rules"]);
      if (change.target === "number" && (change.kind === "released" || change.kind === "restored")) return [];
      if (change.target === "number" && change.kind === "updated" && fields.length === 0) return [];
      return [
        {
          action: change.target === "number" ? "number.configuration_changed" : `extension.${change.kind}`,
          organizationId: change.organizationId,
          resource: { type: change.target, id: change.id },
          changes: fields,
        },
      ];
    }),
  );
}

/** The name the history gives the writer: the token's, the person's, or the system's. */
async function describeActor(tx: Tx, writer: Writer | SystemWriter): Promise<string> {
  // The worker (docs/CONTRACT.md §17: documents overdue) acts as no person and no token.
  if (writer.kind === "system") return "system";
  if (writer.kind === "token" && writer.tokenId !== null) {
    const token = await tx.apiToken.findUnique({ where: { id: writer.tokenId }, select: { name: true } });
    return token?.name ?? "a deleted token";
  }
  if (writer.userId !== null) {
    const user = await tx.user.findUnique({ where: { id: writer.userId }, select: { name: true } });
    return user?.name ?? "a deleted user";
  }
  return writer.tokenId === null ? "system" : "unknown";
}
