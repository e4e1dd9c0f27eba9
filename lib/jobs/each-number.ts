import "server-only";
import { ApiError } from "@/lib/errors";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { replaceConfiguration, type Writer } from "@/lib/numbers/change-configuration";
import { etagFor } from "@/lib/numbers/preconditions";
import { releaseStored } from "@/lib/numbers/lifecycle";
import { assertNotPortingIn } from "@/lib/numbers/release-refusals";
import { numberStateFacts } from "@/lib/schemas/number-states";
import type { JobType } from "@/lib/schemas/jobs";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import { itemError, LostClaim, markDone, type Claimed, type Item } from "@/lib/jobs/job-items";

// A job's numbers one at a time, each through the same domain function as its single endpoint
// in a transaction of its own that also marks its item: apply_configuration's numbers (each
// rewrites its rules, against its own number and destinations), the few numbers a batch leaves
// to it (lib/jobs/batch.ts), and a batch whose statements failed as a whole, so that one bad
// number fails alone as it always did.

/** The body a set_tags, lock or unlock job gives a number: its configuration with the change. */
export function jobBody(
  type: "set_tags" | "lock" | "unlock",
  params: Record<string, unknown>,
  current: NumberConfiguration,
): Record<string, unknown> {
  const body: Record<string, unknown> = { name: current.name, rules: current.rules };
  if (type === "lock" || type === "unlock") body.locked = type === "lock";
  if (type === "set_tags") {
    const add = (params.add as string[] | undefined) ?? [];
    const remove = new Set((params.remove as string[] | undefined) ?? []);
    body.tags = [...current.tags, ...add].filter((tag) => !remove.has(tag));
  }
  return body;
}

/** 404 for a number of the job that is gone (released to inventory, ported away) since it was created. */
export function numberGone(numberId: string): ApiError {
  return new ApiError("not_found", `There is no number with number_id ${numberId}.`, `number_id=${numberId}`);
}

export type JobToRun = { type: JobType; params: Record<string, unknown>; writer: Writer };

/** Does each item in its own transaction; false when the claim was lost (stop: another worker has the job). */
export async function doEachNumber(
  claimed: Claimed,
  job: JobToRun,
  items: readonly Item[],
  now: () => Date,
): Promise<boolean> {
  for (const item of items) {
    const mark = markDone(claimed, item.position, now);
    try {
      await doNumber(job, item.numberId, mark);
    } catch (error) {
      if (error instanceof LostClaim) return false;
      await inRetryingTransaction(async (tx) => {
        await mark(tx, "failed", itemError(error, item.numberId));
      }).catch((markError: unknown) => {
        if (!(markError instanceof LostClaim)) throw markError;
      });
    }
  }
  return true;
}

async function doNumber(
  { type, params, writer }: JobToRun,
  numberId: string,
  mark: (tx: Tx) => Promise<void>,
): Promise<void> {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findFirst({
    where: { id: numberId, organizationId: writer.organizationId, kind: "number" },
    include: configurationInclude,
  });
  if (!row) throw numberGone(numberId);
  if (type === "release") {
    // Being ported in: the item fails with 409 port_in_progress, as DELETE answers it.
    assertNotPortingIn(row);
    // Released already: done, as DELETE /numbers/{number_id} answers it.
    if (!numberStateFacts[row.status].releasable) {
      await inRetryingTransaction((tx) => mark(tx));
      return;
    }
    await releaseStored(writer, row, { force: params.force === true, also: mark });
    return;
  }
  const current = toNumberConfiguration(row);
  if (type !== "apply_configuration") {
    await replaceConfiguration(writer, row, etagFor(row), jobBody(type, params, current), mark);
    return;
  }
  const body: Record<string, unknown> = { name: current.name, rules: current.rules };
  if (typeof params.from_number_id === "string") {
    const source = await prisma.numberConfiguration.findFirst({
      where: { id: params.from_number_id, organizationId: writer.organizationId },
      include: configurationInclude,
    });
    if (!source)
      throw new ApiError(
        "not_found",
        `There is no number with number_id ${params.from_number_id}.`,
        `params.from_number_id=${params.from_number_id}`,
      );
    body.rules = toNumberConfiguration(source).rules;
  } else body.rules = params.rules;
  if (typeof params.name === "string") body.name = params.name;
  await replaceConfiguration(writer, row, etagFor(row), body, mark);
}
