import "server-only";
import { newConfigurationId } from "@/lib/ids";
import { ApiError, notFound } from "@/lib/errors";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import type { Principal, SystemWriter } from "@/lib/auth/types";
import { getPrisma } from "@/lib/db/client";
import { inRetryingTransaction, type Tx } from "@/lib/db/transaction";
import { Prisma } from "@/lib/generated/prisma/client";
import { loadDestinationPolicy } from "@/lib/numbers/destination-policy";
import { assertIfMatch, etagFor } from "@/lib/numbers/preconditions";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { event, recordEvents } from "@/lib/events/record-events";
import { recordChanges, type Change } from "@/lib/numbers/record-changes";
import { validateConfiguration, type Problem } from "@/lib/numbers/validate-configuration";
import {
  assertMayProtect,
  auditProtection,
  protectionData,
  protectionProblems,
} from "@/lib/numbers/protection";
import type { NumberConfiguration } from "@/lib/schemas/numbers/responses";
import type { ConfigurationInput } from "@/lib/schemas/numbers/input";

// Changing configurations (docs/CONTRACT.md §11). Every write is one transaction that starts with a
// conditional UPDATE of the version the caller's If-Match named: of two concurrent changes
// with one ETag the database lets exactly one through, and the other finds the version moved.
// The same transaction records the change in the history, so the two cannot disagree.

export type Writer = Pick<Principal, "kind" | "organizationId" | "role" | "userId" | "tokenId"> & {
  /** The principal's scopes; absent for the system (a job runs with its creator's checks done). */
  scopes?: Principal["scopes"];
};

export type Written = { configuration: NumberConfiguration; etag: string };

export type Stored = Prisma.NumberConfigurationGetPayload<{ include: typeof configurationInclude }>;

/** Customers read and change their organization's configurations; support any organization's. */
export function writableBy(
  writer: Pick<Principal, "organizationId" | "role">,
): Prisma.NumberConfigurationWhereInput {
  return readableOrganizations(writer, undefined);
}

/** The organization an extension write is for: the caller's own, or (support only) the one named. */
export function extensionOrganization(writer: Writer, organizationId: string | undefined): string {
  return readableOrganizations(writer, organizationId).organizationId ?? writer.organizationId;
}

export function invalidConfiguration(problems: Problem[]): ApiError {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more: see details)` : "";
  return new ApiError(
    "invalid_configuration",
    `${first.path} ${first.message}${more}`,
    problems.map((problem) => `${problem.path}: ${problem.message}`).join("; "),
  );
}

/** GET /numbers/{number_id} with its ETag. */
export async function getConfigurationWithEtag(
  viewer: Pick<Principal, "organizationId" | "role">,
  numberId: string,
): Promise<Written> {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findFirst({
    where: { AND: [writableBy(viewer), { id: numberId }] },
    include: configurationInclude,
  });
  if (!row) throw notFound("number", numberId);
  return { configuration: toNumberConfiguration(row), etag: etagFor(row) };
}

/** PUT /numbers/{number_id}: 404, then 428/412 (If-Match), then 400 (the body), then the write. */
export async function changeNumberConfiguration(
  writer: Writer,
  numberId: string,
  ifMatch: string | undefined,
  body: unknown,
): Promise<Written> {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findFirst({
    where: { AND: [writableBy(writer), { id: numberId }] },
    include: configurationInclude,
  });
  if (!row) throw notFound("number", numberId);
  return replaceConfiguration(writer, row, ifMatch, body);
}

/** PUT /extension/{extension}. */
export async function changeExtension(
  writer: Writer,
  organizationId: string,
  extension: string,
  ifMatch: string | undefined,
  body: unknown,
): Promise<Written> {
  const row = await findExtension(organizationId, extension);
  return replaceConfiguration(writer, row, ifMatch, body);
}

async function findExtension(organizationId: string, extension: string): Promise<Stored> {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findFirst({
    where: { organizationId, kind: "extension", number: extension },
    include: configurationInclude,
  });
  if (!row) throw notFound("extension", extension);
  return row;
}

/** Work a caller (a bulk job) does in the change's own transaction, e.g. marking its item done. */
export type AlsoInTransaction = (tx: Tx) => Promise<void>;

export async function replaceConfiguration(
  writer: Writer,
  row: Stored,
  ifMatch: string | undefined,
  body: unknown,
  also?: AlsoInTransaction,
): Promise<Written> {
  assertIfMatch(ifMatch, etagFor(row));
  const current = toNumberConfiguration(row);
  const result = validateConfiguration(body, current, await loadDestinationPolicy(row.inventoryNumberId));
  if (!result.ok) throw invalidConfiguration(result.problems);
  const problems = protectionProblems(row, result.value);
  if (problems.length > 0) throw invalidConfiguration(problems);
  // The lock and the port-out PIN are the release permission's (docs/CONTRACT.md §15, §20).
  assertMayProtect(writer, row, result.value);
  const protection = await protectionData(row, result.value);
  return inRetryingTransaction(async (tx) => {
    const before = await claimVersion(tx, row);
    await tx.rule.deleteMany({ where: { configurationId: row.id } });
    const after = await tx.numberConfiguration.update({
      where: { id: row.id },
      data: {
        name: result.value.name,
        rules: { create: result.value.rules.map(toRuleCreate) },
        // Absent = unchanged (docs/CONTRACT.md §16), so a client that never heard of them keeps them.
        ...protection,
        ...(result.value.tags === undefined ? {} : { tags: result.value.tags }),
      },
      include: configurationInclude,
    });
    const written = { configuration: toNumberConfiguration(after), etag: etagFor(after) };
    await recordChange(tx, writer, {
      id: row.id,
      organizationId: row.organizationId,
      version: after.version,
      kind: "updated",
      target: row.kind,
      before,
      after: written.configuration,
    });
    await auditProtection(tx, writer, row, result.value, before, written.configuration);
    if (also) await also(tx);
    // Extensions are not numbers: only a number's change is a number.configuration_changed.
    if (row.kind === "number")
      await recordEvents(tx, [
        event(row.organizationId, "number.configuration_changed", written.configuration),
      ]);
    return written;
  });
}

/**
 * The conditional UPDATE: raises the version only if it is still the one If-Match named, and
 * holds the row's lock until commit. Then reads the configuration as it was (the rules are
 * untouched yet, and every writer takes this lock first).
 */
export async function claimVersion(tx: Tx, row: Stored): Promise<NumberConfiguration> {
  const claimed = await tx.numberConfiguration.updateMany({
    where: { id: row.id, version: row.version },
    data: { version: { increment: 1 } },
  });
  if (claimed.count === 0) {
    const now = await tx.numberConfiguration.findUnique({
      where: { id: row.id },
      select: { id: true, version: true },
    });
    if (!now)
      throw new ApiError("not_found", "There is no such configuration any more.", `number_id=${row.id}`);
    assertIfMatch(etagFor(row), etagFor(now));
  }
  return toNumberConfiguration(
    await tx.numberConfiguration.findUniqueOrThrow({ where: { id: row.id }, include: configurationInclude }),
  );
}

/** POST /extensions: a new extension, unique in its organization. */
export async function createExtension(
  writer: Writer,
  organizationId: string,
  body: unknown,
): Promise<Written> {
  const input =
    body !== null && typeof body === "object" && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const extension = typeof input.extension === "string" ? input.extension : "";
  if (!/^\d{2,8}$/.test(extension))
    throw invalidConfiguration([{ path: "extension", message: "must be 2 to 8 digits" }]);
  const id = newConfigurationId();
  const identity = {
    number_id: id,
    organization_id: organizationId,
    number: extension,
    country_code: null,
    local_format: null,
    number_type: null,
    region: null,
    status: "active",
    purchased_at: null,
    restorable_until: null,
    documents_due: null,
    port_order_id: null,
    porting_foc_at: null,
    port_out_pin_set: false,
  };
  const { extension: _omit, ...configuration } = input;
  const result = validateConfiguration(
    { rules: [], ...configuration },
    identity,
    await loadDestinationPolicy(null),
  );
  if (!result.ok) throw invalidConfiguration(result.problems);
  try {
    return await inRetryingTransaction(async (tx) => {
      const created = await tx.numberConfiguration.create({
        data: {
          id,
          organizationId,
          kind: "extension",
          number: extension,
          name: result.value.name,
          rules: { create: result.value.rules.map(toRuleCreate) },
        },
        include: configurationInclude,
      });
      const written = { configuration: toNumberConfiguration(created), etag: etagFor(created) };
      await recordChange(tx, writer, {
        id,
        organizationId,
        version: created.version,
        kind: "created",
        target: "extension",
        before: null,
        after: written.configuration,
      });
      return written;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new ApiError(
        "extension_exists",
        `Extension ${extension} already exists in this organization.`,
        `body.extension=${extension}`,
      );
    }
    throw error;
  }
}

/** DELETE /extension/{extension}: If-Match as for a change; the history keeps what it was. */
export async function deleteExtension(
  writer: Writer,
  organizationId: string,
  extension: string,
  ifMatch: string | undefined,
): Promise<NumberConfiguration> {
  const row = await findExtension(organizationId, extension);
  assertIfMatch(ifMatch, etagFor(row));
  return inRetryingTransaction(async (tx) => {
    const before = await claimVersion(tx, row);
    await tx.numberConfiguration.delete({ where: { id: row.id } });
    await recordChange(tx, writer, {
      id: row.id,
      organizationId,
      version: row.version + 1,
      kind: "deleted",
      target: "extension",
      before,
      after: null,
    });
    return before;
  });
}

/** One change's history row (and its audit entry, if it changes name or rules): recordChanges of one. */
export async function recordChange(tx: Tx, writer: Writer | SystemWriter, change: Change): Promise<void> {
  await recordChanges(tx, writer, [change]);
}

export function toRuleCreate(
  rule: ConfigurationInput["rules"][number],
): Prisma.RuleCreateWithoutConfigurationInput {
  const dial = rule.action.type === "dial" ? rule.action : null;
  return {
    targetId: rule.target_id,
    name: rule.name,
    priority: rule.priority,
    disabled: rule.disabled,
    actionType: rule.action.type,
    destination: dial?.destination ?? null,
    timeoutSec: dial?.timeout_sec ?? null,
    callerId: dial?.caller_id ?? null,
    tags: rule.action.tags,
    activations: {
      create: rule.activations.map((activation, position) => ({
        position,
        startsAt: new Date(activation.start * 1000),
        stopsAt: activation.stop === null ? null : new Date(activation.stop * 1000),
        days: activation.days,
        startTime: activation.start_time,
        stopTime: activation.stop_time,
        timeZone: activation.time_zone,
      })),
    },
  };
}
