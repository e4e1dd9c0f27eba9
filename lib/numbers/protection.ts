import "server-only";
import { ApiError } from "@/lib/errors";
import { hashPassword } from "@/lib/auth/passwords";
import type { Tx } from "@/lib/db/transaction";
import { auditSource, recordAudit } from "@/lib/audit/record";
import { numberStateFacts } from "@/lib/schemas/number-states";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import type { ConfigurationInput } from "@/lib/schemas/numbers/input";
import type { Problem } from "@/lib/numbers/validate-configuration";
import type { NumberConfiguration as Row } from "@/lib/generated/prisma/client";
import type { Principal } from "@/lib/auth/types";

// A number's protection, as PUT /numbers/{number_id} changes it: the lock (against a release,
// docs/CONTRACT.md §16) and the port-out PIN (against another carrier taking it away, §20). Both
// are the release permission's (owner and admin; a token needs numbers:release), and both are
// audited on their own, the PIN without its digits.

type Protection = Pick<ConfigurationInput, "locked" | "port_out_pin">;
/** The stored number, as much of it as its protection reads. */
type Stored = Pick<
  Row,
  "id" | "organizationId" | "kind" | "number" | "status" | "locked" | "portOutPinHash" | "portOrderId"
>;
/** Who changes it (change-configuration's Writer); scopes absent for the system. */
type Writer = Pick<Principal, "kind" | "organizationId" | "role" | "userId" | "tokenId"> & {
  scopes?: Principal["scopes"];
};

/** What the body changes of the stored protection; absent or equal = nothing. */
type ProtectionChange = { lock: boolean; pin: boolean };

function changeOf(row: Stored, value: Protection): ProtectionChange {
  return {
    lock: value.locked !== undefined && value.locked !== row.locked,
    // Setting a PIN always changes it (the old one is unknown); clearing none is nothing.
    pin: value.port_out_pin !== undefined && (value.port_out_pin !== null || row.portOutPinHash !== null),
  };
}

/** An extension is never ported: a port-out PIN on one is a bad field, named with the rest. */
export function protectionProblems(row: Stored, value: Protection): Problem[] {
  if (row.kind === "extension" && value.port_out_pin !== undefined)
    return [{ path: "port_out_pin", message: "is for numbers only: an extension cannot be ported away" }];
  return [];
}

/**
 * 401 insufficient_scope without numbers:release; 409 port_in_progress for a lock change of a
 * number a port order is still bringing here (it is not ours to release, so not ours to lock).
 */
export function assertMayProtect(writer: Writer, row: Stored, value: Protection): void {
  const change = changeOf(row, value);
  if (!change.lock && !change.pin) return;
  if (writer.scopes !== undefined && !writer.scopes.includes("numbers:release"))
    throw new ApiError(
      "insufficient_scope",
      change.lock
        ? "Locking or unlocking a number needs the numbers:release scope."
        : "Setting or clearing a number's port-out PIN needs the numbers:release scope.",
      "scope=numbers:release",
    );
  if (change.lock && numberStateFacts[row.status].portInProgress)
    throw new ApiError(
      "port_in_progress",
      `${row.number} is being ported in: it cannot be locked or unlocked until its port order completes.`,
      `number_id=${row.id}; status=${row.status}; port_order_id=${row.portOrderId ?? ""}`,
    );
}

/** The columns to write: the lock as given, the PIN hashed (bcrypt), null to clear. */
export async function protectionData(
  row: Stored,
  value: Protection,
): Promise<{ locked?: boolean; portOutPinHash?: string | null }> {
  const change = changeOf(row, value);
  return {
    ...(value.locked === undefined ? {} : { locked: value.locked }),
    ...(change.pin
      ? { portOutPinHash: value.port_out_pin ? await hashPassword(value.port_out_pin) : null }
      : {}),
  };
}

/** What a change of the lock, the tags or the port-out PIN adds to the audit log: an action and its field each. */
export function protectionAuditEntries(
  row: Stored,
  value: Protection,
  before: NumberConfiguration,
  after: NumberConfiguration,
): Array<{ action: string; field: "locked" | "tags" | "port_out_pin_set" }> {
  return [
    ...(before.locked === after.locked
      ? []
      : [{ action: after.locked ? "number.locked" : "number.unlocked", field: "locked" as const }]),
    ...(JSON.stringify(before.tags) === JSON.stringify(after.tags)
      ? []
      : [{ action: "number.tags_changed", field: "tags" as const }]),
    // Only whether a PIN is set is written down: never the PIN, nor its hash.
    ...(changeOf(row, value).pin
      ? [
          {
            action: after.port_out_pin_set ? "number.port_out_pin_set" : "number.port_out_pin_cleared",
            field: "port_out_pin_set" as const,
          },
        ]
      : []),
  ];
}

/** The audit log's entries for a change of the lock, the tags or the port-out PIN. */
export async function auditProtection(
  tx: Tx,
  writer: Writer,
  row: Stored,
  value: Protection,
  before: NumberConfiguration,
  after: NumberConfiguration,
): Promise<void> {
  const entries = protectionAuditEntries(row, value, before, after);
  if (entries.length === 0) return;
  const source = await auditSource(tx, { ...writer, id: writer.userId ?? writer.tokenId ?? "" });
  for (const entry of entries)
    await recordAudit(tx, {
      ...source,
      action: entry.action,
      organizationId: row.organizationId,
      resource: { type: "number", id: row.id },
      changes: [{ field: entry.field, from: before[entry.field], to: after[entry.field] }],
    });
}
