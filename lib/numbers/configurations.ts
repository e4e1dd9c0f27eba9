import { ApiError } from "@/lib/api/errors";
import type { Principal } from "@/lib/auth/principal";
import { getPrisma } from "@/lib/db/client";
import type { Prisma } from "@/lib/generated/prisma/client";
import { resolveActiveRule } from "@/lib/numbers/evaluate-rules";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import type { ActiveRule, NumberConfiguration, NumberSearchQuery } from "@/lib/schemas/numbers";

// Reading number and extension configurations (contract §8). Every query carries the
// ownership filter in its where clause, so no path can return another organization's row.

export type Viewer = Pick<Principal, "organizationId" | "role">;

// Phone numbers first, then extensions (the enum's order), each by number. The trailing
// keys only break ties between organizations, which support users see side by side.
const byNumber = [{ kind: "asc" }, { number: "asc" }, { organizationId: "asc" }, { id: "asc" }] satisfies Prisma.NumberConfigurationOrderByWithRelationInput[];

/**
 * Which organizations' rows the viewer may read. A customer: their own, and asking for
 * another is a 400 (the filter is a support tool, and answering 400 to any value leaks
 * nothing). Support: every organization, or the one named.
 */
function readableBy(viewer: Viewer, organizationId: string | undefined): Prisma.NumberConfigurationWhereInput {
  if (viewer.role === "support") return organizationId === undefined ? {} : { organizationId };
  if (organizationId !== undefined) {
    throw new ApiError("invalid_parameter", "organization_id is for support users", `query.organization_id=${organizationId}`);
  }
  return { organizationId: viewer.organizationId };
}

/** GET /numbers: the parameters narrow together; none given = every readable configuration. */
export async function searchNumberConfigurations(viewer: Viewer, query: NumberSearchQuery): Promise<NumberConfiguration[]> {
  const filters: Prisma.NumberConfigurationWhereInput[] = [readableBy(viewer, query.organization_id)];
  if (query.number_id !== undefined) filters.push({ id: query.number_id });
  if (query.number !== undefined) filters.push({ number: query.number });
  if (query.numbers !== undefined) filters.push({ number: { in: query.numbers } });
  if (query.name) filters.push({ name: { contains: escapeLike(query.name), mode: "insensitive" } });

  const prisma = await getPrisma();
  const rows = await prisma.numberConfiguration.findMany({ where: { AND: filters }, include: configurationInclude, orderBy: byNumber });
  return rows.map(toNumberConfiguration);
}

// Prisma passes `contains` to LIKE as it is, so "%" or "_" in a name would be wildcards.
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/** GET /extension/{extension}: the readable configurations of that extension; empty when none. */
export async function getExtensionConfigurations(viewer: Viewer, extension: string, organizationId?: string): Promise<NumberConfiguration[]> {
  const prisma = await getPrisma();
  const rows = await prisma.numberConfiguration.findMany({
    where: { AND: [readableBy(viewer, organizationId), { kind: "extension", number: extension }] },
    include: configurationInclude,
    orderBy: byNumber,
  });
  return rows.map(toNumberConfiguration);
}

/** One configuration the viewer may read, or 404: another organization's looks the same as none. */
export async function getNumberConfigurationOrThrow(viewer: Viewer, numberId: string): Promise<NumberConfiguration> {
  const prisma = await getPrisma();
  const row = await prisma.numberConfiguration.findFirst({
    where: { AND: [readableBy(viewer, undefined), { id: numberId }] },
    include: configurationInclude,
  });
  if (!row) throw new ApiError("not_found", `There is no number with number_id ${numberId}.`, `number_id=${numberId}`);
  return toNumberConfiguration(row);
}

/** GET /numbers/{number_id}/active_rule: the rule that handles a call at `at`, or null and why. */
export async function getActiveRuleForNumber(viewer: Viewer, numberId: string, at: Date): Promise<ActiveRule> {
  const configuration = await getNumberConfigurationOrThrow(viewer, numberId);
  const { rule, reason } = resolveActiveRule(configuration.rules, at);
  return { number_id: configuration.number_id, at: at.toISOString(), rule, reason };
}
