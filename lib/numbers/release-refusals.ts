import "server-only";
import { ApiError } from "@/lib/errors";
import type { getPrisma } from "@/lib/db/client";
import type { Tx } from "@/lib/db/transaction";
import type { SystemWriter } from "@/lib/auth/types";
import { configurationInclude } from "@/lib/numbers/to-api";
import type { Stored, Writer } from "@/lib/numbers/change-configuration";
import { numberStateFacts } from "@/lib/schemas/number-states";

// Why a number may not be released (docs/CONTRACT.md §16, §20), for DELETE /numbers/{number_id}
// (lib/numbers/lifecycle.ts) and a release job's batch (lib/numbers/bulk-changes.ts) alike.

/** A rule of the organization that dials a number: what 409 number_referenced lists. */
export type Referencing = { number_id: string; number: string; rule_index: number; rule_name: string };

/**
 * The organization's rules (in other configurations) whose dial destination is each of
 * `targets`' numbers, by target id: one read for a bulk job's whole batch.
 */
export async function findReferencingRules(
  db: Tx | Awaited<ReturnType<typeof getPrisma>>,
  organizationId: string,
  targets: ReadonlyArray<Pick<Stored, "id" | "number">>,
): Promise<Map<string, Referencing[]>> {
  const numbers = [...new Set(targets.map((target) => target.number))];
  const rows = await db.numberConfiguration.findMany({
    where: { organizationId, rules: { some: { actionType: "dial", destination: { in: numbers } } } },
    include: configurationInclude,
    orderBy: [{ number: "asc" }, { id: "asc" }],
  });
  return new Map(
    targets.map((target) => [
      target.id,
      rows
        .filter((row) => row.id !== target.id)
        .flatMap((row) =>
          row.rules.flatMap((rule, index) =>
            rule.actionType === "dial" && rule.destination === target.number
              ? [{ number_id: row.id, number: row.number, rule_index: index, rule_name: rule.name }]
              : [],
          ),
        ),
    ]),
  );
}

function referencedError(number: string, rules: readonly Referencing[]): ApiError {
  const listed = rules.map(
    (rule) => `${rule.number_id} (${rule.number}) rules[${rule.rule_index}] "${rule.rule_name}"`,
  );
  return new ApiError(
    "number_referenced",
    `${number} is dialled by ${rules.length} rule${rules.length === 1 ? "" : "s"} of your organization: change them first, or release with force=true.`,
    listed.join("; "),
  );
}

/**
 * 409 port_in_progress for a number a port order is still bringing here (docs/CONTRACT.md §20):
 * it is not ours to release or restore until the port completes; cancel the port instead.
 */
export function assertNotPortingIn(row: Pick<Stored, "id" | "number" | "status" | "portOrderId">): void {
  if (numberStateFacts[row.status].portInProgress)
    throw new ApiError(
      "port_in_progress",
      `${row.number} is being ported in: it cannot be released or restored until its port order completes; cancel the port order instead.`,
      `number_id=${row.id}; status=${row.status}; port_order_id=${row.portOrderId ?? ""}`,
    );
}

/**
 * A release's refusals, in the order its endpoint answers them: 409 port_in_progress, then
 * number_locked (the system's release is not stopped by a lock), then number_referenced with
 * the rules `referencing` finds (asked only past the first two; none when forced).
 */
export async function assertMayRelease(
  writer: Writer | SystemWriter,
  row: Stored,
  referencing: () => Promise<readonly Referencing[]>,
): Promise<void> {
  assertNotPortingIn(row);
  if (row.locked && writer.kind !== "system")
    throw new ApiError(
      "number_locked",
      `${row.number} is locked: unlock it (PUT with "locked": false) before releasing it.`,
      `number_id=${row.id}; locked=true`,
    );
  const rules = await referencing();
  if (rules.length > 0) throw referencedError(row.number, rules);
}
