import { ApiError } from "@/lib/errors";
import type { Viewer } from "@/lib/auth/types";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { trunkPrefix } from "@/lib/reference/phone";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import type { ActiveRule, NumberConfiguration, NumberSearchQuery } from "@/lib/schemas/numbers";
import { readPage } from "@/lib/db/paged";

// Reading number and extension configurations (contract §8). Every query carries the
// ownership filter in its where clause, so no path can return another organization's row.

// Phone numbers first, then extensions (the enum's order), each by number. The trailing
// keys only break ties between organizations, which support users see side by side.
const byNumber = [
  { kind: "asc" },
  { number: "asc" },
  { organizationId: "asc" },
  { id: "asc" },
] satisfies Prisma.NumberConfigurationOrderByWithRelationInput[];

/** GET /numbers: the parameters narrow together; none given = every readable configuration. One page of them, and how many match. */
export async function searchNumberConfigurations(
  viewer: Viewer,
  query: NumberSearchQuery,
): Promise<{ items: NumberConfiguration[]; total: number }> {
  const filters: Prisma.NumberConfigurationWhereInput[] = [
    readableOrganizations(viewer, query.organization_id),
  ];
  if (query.number_id !== undefined) filters.push({ id: query.number_id });
  if (query.number !== undefined) filters.push({ number: query.number });
  if (query.numbers !== undefined) filters.push({ number: { in: query.numbers } });
  if (query.name) filters.push({ name: { contains: escapeLike(query.name), mode: "insensitive" } });

  const prisma = await getPrisma();
  if (query.contains !== undefined) filters.push(await containsDigits(query.contains));
  const where = { AND: filters };
  const { rows, total } = await readPage(
    query,
    () =>
      prisma.numberConfiguration.findMany({
        where,
        include: configurationInclude,
        orderBy: byNumber,
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
  const prisma = await getPrisma();
  const countries = await prisma.country.findMany({ select: { id: true, callingCode: true } });
  const throughTrunk = countries.flatMap(({ id, callingCode }) => {
    const prefix = trunkPrefix(id);
    return prefix !== "" && digits.startsWith(prefix)
      ? [{ kind: "number" as const, number: { startsWith: `+${callingCode}${digits.slice(prefix.length)}` } }]
      : [];
  });
  return { OR: [{ number: { contains: digits } }, ...throughTrunk] };
}

// Prisma passes `contains` to LIKE as it is, so "%" or "_" in a name would be wildcards.
function escapeLike(text: string): string {
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

/** GET /numbers/{number_id}/active_rule: the rule that handles a call at `at`, or null and why. */
export async function getActiveRuleForNumber(
  viewer: Viewer,
  numberId: string,
  at: Date,
): Promise<ActiveRule> {
  const configuration = await getNumberConfigurationOrThrow(viewer, numberId);
  const { rule, reason } = resolveActiveRule(configuration.rules, at);
  return { number_id: configuration.number_id, at: at.toISOString(), rule, reason };
}
