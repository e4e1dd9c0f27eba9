import "server-only";
import { getPrisma } from "@/lib/db/client";
import type { Tx } from "@/lib/db/transaction";
import { newConfigurationId } from "@/lib/ids";
import {
  invalidConfiguration,
  recordChange,
  toRuleCreate,
  type Writer,
} from "@/lib/numbers/change-configuration";
import { configurationInclude, toNumberConfiguration } from "@/lib/numbers/to-api";
import { toPolicy, validateConfiguration, type Validation } from "@/lib/numbers/validate-configuration";
import { formatNational } from "@/lib/reference/phone";
import { assertNumberTransition } from "@/lib/schemas/number-states";

// The configuration each number of a port order gets at submission (docs/CONTRACT.md §20): the
// order's optional `configuration` is PUT /numbers/{id}'s body, checked by the same validator
// when the order is created or changed, and written at submission as a configuration with status
// porting (no inventory number: the port order names it), recorded in the number's history as
// PUT /numbers/{id} records a change.

type PortedNumber = { numberE164: string; country: string; numberType: string };

/**
 * Where a porting number may forward calls: the destinations of its country and type (its
 * order's; it has no inventory row for lib/numbers/destination-policy.ts to read them from).
 */
async function destinationPolicy(db: Tx | null, country: string, numberType: string) {
  const client = db ?? (await getPrisma());
  const rows = await client.forwardingDestination.findMany({
    where: { countryId: country, numberTypeId: numberType },
    select: { code: true },
    distinct: ["code"],
  });
  return toPolicy(rows.map((row) => row.code));
}

function identity(number: PortedNumber, organizationId: string, id: string) {
  return {
    number_id: id,
    organization_id: organizationId,
    number: number.numberE164,
    country_code: number.country,
    local_format: formatNational(number.numberE164),
    number_type: number.numberType,
    region: null,
    status: "porting",
    purchased_at: null,
    restorable_until: null,
  };
}

function validate(
  configuration: Record<string, unknown> | null,
  number: PortedNumber,
  organizationId: string,
  id: string,
  policy: Awaited<ReturnType<typeof destinationPolicy>>,
): Validation {
  return validateConfiguration(
    { name: formatNational(number.numberE164), rules: [], ...(configuration ?? {}) },
    identity(number, organizationId, id),
    policy,
  );
}

/** 400 invalid_configuration (as PUT /numbers/{id}) when the order's configuration would not be accepted. */
export async function assertInitialConfiguration(
  configuration: Record<string, unknown> | null | undefined,
  order: { organizationId: string; country: string; numberType: string; numberE164: string },
): Promise<void> {
  if (configuration === null || configuration === undefined) return;
  const policy = await destinationPolicy(null, order.country, order.numberType);
  const result = validate(configuration, order, order.organizationId, "num_preview", policy);
  if (!result.ok)
    throw invalidConfiguration(
      result.problems.map((problem) => ({ ...problem, path: `configuration.${problem.path}` })),
    );
}

/** Writes each number's porting configuration in `tx`; answers number → configuration id. */
export async function createPortingConfigurations(
  tx: Tx,
  writer: Writer,
  order: { id: string; organizationId: string; country: string; numberType: string; configuration: unknown },
  numbers: readonly string[],
): Promise<Map<string, string>> {
  const policy = await destinationPolicy(tx, order.country, order.numberType);
  const ids = new Map<string, string>();
  for (const numberE164 of numbers) {
    const id = newConfigurationId();
    const number = { numberE164, country: order.country, numberType: order.numberType };
    const result = validate(
      order.configuration as Record<string, unknown> | null,
      number,
      order.organizationId,
      id,
      policy,
    );
    // Checked when the order was written; destinations may have changed since.
    if (!result.ok) throw invalidConfiguration(result.problems);
    const created = await tx.numberConfiguration.create({
      data: {
        id,
        organizationId: order.organizationId,
        kind: "number",
        number: numberE164,
        name: result.value.name,
        status: assertNumberTransition("elsewhere", "porting", "port_in"),
        portOrderId: order.id,
        ...(result.value.tags === undefined ? {} : { tags: result.value.tags }),
        rules: { create: result.value.rules.map(toRuleCreate) },
      },
      include: configurationInclude,
    });
    await recordChange(tx, writer, {
      id,
      organizationId: order.organizationId,
      version: created.version,
      kind: "created",
      target: "number",
      before: null,
      after: toNumberConfiguration(created),
    });
    ids.set(numberE164, id);
  }
  return ids;
}
