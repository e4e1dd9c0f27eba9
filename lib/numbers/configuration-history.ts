import "server-only";
import { ApiError } from "@/lib/errors";
import { readableOrganizations } from "@/lib/auth/organization-filter";
import type { Principal } from "@/lib/auth/types";
import { getPrisma } from "@/lib/db/client";
import { configurationChangeSchema, type ConfigurationChange } from "@/lib/schemas/numbers/responses";
import { readPage } from "@/lib/db/paged";
import { withLifecycleDefaults } from "@/lib/schemas/numbers/responses";

// GET /numbers/{number_id}/history (docs/CONTRACT.md §11): every change, newest first, paged.

export async function listConfigurationHistory(
  viewer: Pick<Principal, "organizationId" | "role">,
  numberId: string,
  page: { limit: number; offset: number },
): Promise<{ items: ConfigurationChange[]; total: number }> {
  const prisma = await getPrisma();
  const owner = readableOrganizations(viewer, undefined);
  const configuration = await prisma.numberConfiguration.findFirst({
    where: { id: numberId, ...owner },
    select: { id: true },
  });
  if (!configuration)
    throw new ApiError(
      "not_found",
      `There is no number with number_id ${numberId}.`,
      `number_id=${numberId}`,
    );
  const where = { configurationId: numberId };
  const { rows, total } = await readPage(
    page,
    () =>
      prisma.configurationChange.findMany({
        where,
        orderBy: { id: "desc" },
        take: page.limit,
        skip: page.offset,
      }),
    () => prisma.configurationChange.count({ where }),
  );
  const items = rows.map((row) =>
    configurationChangeSchema.parse({
      id: String(row.id),
      number_id: row.configurationId,
      kind: row.kind,
      version: row.version,
      changed_at: row.changedAt.toISOString(),
      changed_by: {
        type: historyActorType(row),
        name: row.actorName,
        role: row.actorRole,
      },
      before: withLifecycleDefaults(row.before),
      after: withLifecycleDefaults(row.after),
    }),
  );
  return { items, total };
}

/** Who made a change: the platform's own changes keep no person and no token, and say so. */
function historyActorType(row: {
  actorRole: string;
  actorTokenId: string | null;
}): "user" | "token" | "system" {
  if (row.actorRole === "system") return "system";
  return row.actorTokenId === null ? "user" : "token";
}
