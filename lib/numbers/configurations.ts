import "server-only";
import { ApiError } from "@/lib/errors";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { getPrisma } from "@/lib/db/client";
import { readDb } from "@/lib/db/replicas";
import type { Prisma } from "@/lib/generated/prisma/client";
import { trunkPrefix } from "@/lib/reference/phone";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import { describeVersion, versionAt } from "@/lib/numbers/version-at";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { isHeld, numberStateFacts, statesWhere } from "@/lib/schemas/number-states";
import type { ActiveRule, NumberConfiguration } from "@/lib/schemas/numbers/responses";
import type { NumberSearchQuery } from "@/lib/schemas/numbers/query";
import { readPage } from "@/lib/db/paged";

// Reading number and extension configurations (docs/CONTRACT.md §8). Every query carries the
// ownership filter in its where clause, so no path can return another organization's row.

// Phone numbers first, then extensions (the enum's order), each by number. The trailing
// keys only break ties between organizations, which support users see side by side.
const byNumber = [
  { kind: "asc" },
  { number: "asc" },
  { organizationId: "asc" },
  { id: "asc" },
] satisfies Prisma.NumberConfigurationOrderByWithRelationInput[];

/** The orders of `sort` (docs/CONTRACT.md §16), each ending in the id so a keyset cursor can follow it. */
const numberOrderings = {
  number: byNumber,
  name: [{ name: "asc" }, { id: "asc" }],
  purchased_at: [{ createdAt: "asc" }, { id: "asc" }],
  "-purchased_at": [{ createdAt: "desc" }, { id: "desc" }],
} satisfies Record<string, Prisma.NumberConfigurationOrderByWithRelationInput[]>;

// Aging numbers are listed only when asked for (docs/CONTRACT.md §16).
export const LISTED_BY_DEFAULT = statesWhere("listedByDefault").filter(isHeld);

/**
 * The where clause of GET /numbers' filters, for the list and bulk jobs alike (the CSV export
 * says the same in SQL: lib/numbers/search-sql.ts, which a test holds to this).
 */
export async function numberSearchWhere(
  viewer: Viewer,
  query: Omit<NumberSearchQuery, "limit" | "offset" | "sort" | "format">,
): Promise<Prisma.NumberConfigurationWhereInput> {
  const filters: Prisma.NumberConfigurationWhereInput[] = [
    readableOrganizations(viewer, query.organization_id),
    { status: { in: query.status ?? LISTED_BY_DEFAULT } },
  ];
  if (query.number_id !== undefined) filters.push({ id: query.number_id });
  if (query.number !== undefined) filters.push({ number: query.number });
  if (query.numbers !== undefined) filters.push({ number: { in: query.numbers } });
  if (query.order !== undefined)
    filters.push({ inventoryNumber: { orderItem: { order: { referenceId: query.order } } } });
  if (query.name) filters.push({ name: { contains: escapeLike(query.name), mode: "insensitive" } });
  if (query.tag !== undefined) filters.push({ tags: { hasEvery: query.tag } });
  // A number ported in has no inventory row: its country and type are its port order's.
  if (query.country !== undefined)
    filters.push({
      OR: [
        { inventoryNumber: { countryId: query.country } },
        { inventoryNumberId: null, portOrder: { country: query.country } },
      ],
    });
  if (query.number_type !== undefined)
    filters.push({
      OR: [
        { inventoryNumber: { numberTypeId: query.number_type } },
        { inventoryNumberId: null, portOrder: { numberType: query.number_type } },
      ],
    });
  if (query.region !== undefined) filters.push({ inventoryNumber: { regionId: query.region } });
  if (query.contains !== undefined) filters.push(await containsDigits(query.contains));
  return { AND: filters };
}

/** GET /numbers: the parameters narrow together; none given = every readable configuration. One page of them, and how many match. */
export async function searchNumberConfigurations(
  viewer: Viewer,
  query: NumberSearchQuery,
): Promise<{ items: NumberConfiguration[]; total: number }> {
  const where = await numberSearchWhere(viewer, query);
  const prisma = await readDb();
  const { rows, total } = await readPage(
    query,
    () =>
      prisma.numberConfiguration.findMany({
        where,
        include: configurationInclude,
        orderBy: numberOrderings[query.sort ?? "number"],
        take: query.limit,
        skip: query.offset,
      }),
    () => prisma.numberConfiguration.count({ where }),
  );
  return { items: rows.map(toNumberConfiguration), total };
}

/**
 * `contains` (digits only by now): anywhere in the E.164 number or the extension, or in the
 * national format people dial. The national digits are the trunk prefix (the UK's "0") and
 * the national significant number, which the E.164 number ends with, so a match that starts
 * in the trunk prefix is an E.164 number beginning with the calling code and the rest.
 */
async function containsDigits(digits: string): Promise<Prisma.NumberConfigurationWhereInput> {
  const throughTrunk = (await containsThroughTrunk(digits)).map((start) => ({
    kind: "number" as const,
    number: { startsWith: start },
  }));
  return { OR: [{ number: { contains: digits } }, ...throughTrunk] };
}

/** The E.164 beginnings that `contains` also matches through a trunk prefix (see containsDigits). */
export async function containsThroughTrunk(digits: string): Promise<string[]> {
  const prisma = await getPrisma();
  const countries = await prisma.country.findMany({ select: { id: true, callingCode: true } });
  return countries.flatMap(({ id, callingCode }) => {
    const prefix = trunkPrefix(id);
    return prefix !== "" && digits.startsWith(prefix)
      ? [`+${callingCode}${digits.slice(prefix.length)}`]
      : [];
  });
}

// Prisma passes `contains` to LIKE as it is, so "%" or "_" in a name would be wildcards.
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** GET /extension/{extension}: the readable configurations of that extension; empty when none. */
export async function getExtensionConfigurations(
  viewer: Viewer,
  extension: string,
  organizationId?: string,
): Promise<NumberConfiguration[]> {
  const prisma = await getPrisma();
  const rows = await prisma.numberConfiguration.findMany({
    where: { AND: [readableOrganizations(viewer, organizationId), { kind: "extension", number: extension }] },
    include: configurationInclude,
    orderBy: byNumber,
  });
  return rows.map(toNumberConfiguration);
}

/** One configuration the viewer may read, or 404: another organization's looks the same as none. */
async function getNumberConfigurationOrThrow(viewer: Viewer, numberId: string): Promise<NumberConfiguration> {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findFirst({
    where: { AND: [readableOrganizations(viewer, undefined), { id: numberId }] },
    include: configurationInclude,
  });
  if (!row)
    throw new ApiError(
      "not_found",
      `There is no number with number_id ${numberId}.`,
      `number_id=${numberId}`,
    );
  return toNumberConfiguration(row);
}

/** Why a number in a state that routes no call answers no rule (lib/schemas/number-states.ts). */
function silentReason(configuration: NumberConfiguration): string {
  switch (configuration.status) {
    case "aging":
      return releasedReason(configuration.restorable_until);
    case "pending_documents":
      return pendingReason(configuration.documents_due);
    case "porting":
      return "No rule applies: the number is being ported in (porting), so no call to it is routed until its port order completes; its rules take effect from then.";
    case "active":
      throw new Error("An active number routes its calls: it has no reason to be silent.");
  }
}

/** Why a released number routes no call (docs/CONTRACT.md §16: routing stops at once). */
function releasedReason(restorableUntil: string | null): string {
  const until = restorableUntil === null ? "" : `; it can be restored until ${restorableUntil}`;
  return `No rule applies: the number is released (aging), so no call to it is routed${until}.`;
}

/** Why a number waiting for documents routes no call (docs/CONTRACT.md §17). */
function pendingReason(documentsDue: string | null | undefined): string {
  const due =
    documentsDue === null || documentsDue === undefined
      ? ""
      : `; if none covers it by ${documentsDue}, the number is released`;
  return `No rule applies: the number is pending documents, so no call to it is routed until an approved compliance bundle covers the documents it requires${due}.`;
}

/**
 * The organization's billing account suspended at `at` (the earliest, if several), or null: while
 * any account of an organization is suspended for non-payment, none of its numbers routes a call
 * (lib/billing/standing.ts). The standing's history is not kept, so a past moment counts as
 * suspended when the current suspension had begun by then.
 */
async function suspendedAccount(
  prisma: Awaited<ReturnType<typeof getPrisma>>,
  organizationId: string,
  at: Date,
): Promise<{ currency: string; since: Date } | null> {
  const account = await prisma.billingAccount.findFirst({
    where: { organizationId, standing: "suspended", standingSince: { lte: at } },
    orderBy: [{ standingSince: "asc" }, { currency: "asc" }],
    select: { currency: true, standingSince: true },
  });
  return account === null ? null : { currency: account.currency, since: account.standingSince };
}

/** Why a number of an organization with a suspended billing account routes no call (account_suspended). */
function suspendedReason(account: { currency: string; since: Date }): string {
  return `No rule applies: account_suspended — the organization's ${account.currency} billing account is suspended for non-payment since ${account.since.toISOString()}, so no call to any of its numbers is routed until what is past due is paid; the configuration stays editable.`;
}

/**
 * GET /numbers/{number_id}/active_rule: the rule that handled (or will handle) a call at `at`,
 * or null and why. A past moment is answered with the rules in force then (the history of
 * docs/CONTRACT.md §11 keeps every version), and `in_force` says which version that was and from when.
 */
export async function getActiveRuleForNumber(
  viewer: Viewer,
  numberId: string,
  at: Date,
  now: Date,
): Promise<ActiveRule> {
  const current = await getNumberConfigurationOrThrow(viewer, numberId);
  const prisma = await getPrisma();
  // The last change made by `at` and the first one after it are all versionAt needs.
  const [last, next] = await Promise.all([
    prisma.configurationChange.findFirst({
      where: { configurationId: numberId, changedAt: { lte: at } },
      orderBy: { version: "desc" },
    }),
    prisma.configurationChange.findFirst({
      where: { configurationId: numberId, changedAt: { gt: at } },
      orderBy: { version: "asc" },
    }),
  ]);
  const changes = [last, next].flatMap((row) =>
    row === null
      ? []
      : [
          {
            version: row.version,
            changed_at: row.changedAt.toISOString(),
            before: row.before as NumberConfiguration | null,
            after: row.after as NumberConfiguration | null,
          },
        ],
  );
  const found = versionAt(current, changes, at);
  const description = describeVersion(found, at, now, (iso) => iso);
  const suspended = await suspendedAccount(prisma, current.organization_id, at);
  // Snapshots from before number states (docs/CONTRACT.md §16) have no status: those numbers were active.
  const { rule, reason } =
    found.configuration === null
      ? { rule: null, reason: description }
      : !numberStateFacts[found.configuration.status].routesCalls
        ? { rule: null, reason: silentReason(found.configuration) }
        : suspended !== null
          ? { rule: null, reason: suspendedReason(suspended) }
          : resolveActiveRule(found.configuration.rules, at);
  return {
    number_id: current.number_id,
    at: at.toISOString(),
    rule,
    reason,
    in_force: { version: found.version, since: found.since, until: found.until, description },
  };
}
